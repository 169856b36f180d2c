# A dot on CUDA cores (fp32 operands multiplied exactly) accumulates 8x8
# results per thread: rows 16 apart and two runs of four columns, lanes 4x8
# and warps 4x2 over a 128x128 tile. Per step of K a thread reads one
# element of each of its eight rows of A and columns of B and multiplies
# every pair. A comes four steps of K at a time and B four columns at a
# time, as 16-byte shared-memory reads, unrolled over K: 64 steps of 64
# products a thread in the loop's body.
# RUN: %tritonc %s --kernel exact --signature "*fp32:16, *fp32:16, *fp32:16" --num-warps 8 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=LAYOUT
# RUN: %tritonc %s --kernel exact --signature "*fp32:16, *fp32:16, *fp32:16" --num-warps 8 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# LAYOUT: dot {{.*}} : tensor<128x128xf32, #blocked<spt=[1,4], tpw=[4,8], wpc=[4,2], order=[1,0]>>
# RUN: grep -c "fma.rn.f32" %t.ptx | FileCheck %s --check-prefix=FMAS
# FMAS: 4096
# PTX: ld.shared.v4.b32
# PTX: fma.rn.f32
# An fp64 dot of a 32x32 tile in 4 warps: two rows 16 apart by four
# columns a thread, 8x16 a warp.
# RUN: %tritonc %s --kernel exact --signature "*fp64:16, *fp64:16, *fp64:16, 32, 32, 16" --num-warps 4 --arch sm_80 --emit tir-gpu -o - | FileCheck %s --check-prefix=FP64
# RUN: %tritonc %s --kernel exact --signature "*fp64:16, *fp64:16, *fp64:16, 32, 32, 16" --num-warps 4 --arch sm_80 -o %t64.ptx
# RUN: %ptxas -arch=sm_80 %t64.ptx -o %t64.cubin
# FP64: dot {{.*}} : tensor<32x32xf64, #blocked<spt=[1,4], tpw=[8,4], wpc=[2,2], order=[1,0]>>
import triton
import triton.language as tl


@triton.jit
def exact(a_ptr, b_ptr, c_ptr, M: tl.constexpr = 128, N: tl.constexpr = 128, K: tl.constexpr = 64):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    acc = tl.zeros((M, N), dtype=c_ptr.dtype.element_ty)
    for k in range(0, 4 * K, K):
        a = tl.load(a_ptr + rm[:, None] * (4 * K) + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(a, b, acc, input_precision="ieee", out_dtype=c_ptr.dtype.element_ty)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)
