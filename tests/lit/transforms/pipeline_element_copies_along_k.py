# wgmma reads tf32 (and int8, fp8) operands along K only. A row-major B
# [K, N] whose rows are unaligned is copied one element (4 bytes) at a time
# anyway, so its ring is laid out along K (`#shared<colmajor>`) whatever
# the load's layout, and the dot takes wgmma, as Triton's does; with
# aligned rows (16-byte copies along N) it keeps mma.sync and its rings.
# int8 tiles cannot be copied a byte at a time: unaligned, they are staged
# along K for wgmma each iteration.
# REQUIRES: ptxas
# RUN: %tritonc %s --kernel mm --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32" --num-warps 4 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=RAGGED
# RUN: %tritonc %s --kernel mm --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32" --num-warps 4 --num-stages 3 --arch sm_90a -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: %tritonc %s --kernel mm --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16" --num-warps 4 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=ALIGNED
# RUN: %tritonc %s --kernel mm --signature "*i8:16, *i8:16, *i32:16, i32, i32, i32" --num-warps 4 --num-stages 3 --arch sm_90a -o %t8.ptx
# RUN: FileCheck %s --check-prefix=INT8 < %t8.ptx
# RUN: %ptxas -arch=sm_90a %t8.ptx -o %t8.cubin
import triton
import triton.language as tl


@triton.jit
def mm(a_ptr, b_ptr, c_ptr, M, N, K):
    rm = tl.program_id(0) * 64 + tl.arange(0, 64)
    rn = tl.program_id(1) * 64 + tl.arange(0, 64)
    rk = tl.arange(0, 32)
    acc = tl.zeros((64, 64), dtype=c_ptr.dtype.element_ty)
    for k in range(0, K, 32):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))

# RAGGED: local_alloc : tensor<3x64x32xf32, #shared>
# RAGGED: local_alloc : tensor<3x32x64xf32, #shared<colmajor>>
# RAGGED: = for
# RAGGED: = dot {{.*}} : tensor<64x64xf32, #mma<v3, instr=[64,64,8], wpc=[4,1]>>
# PTX: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
# PTX-NOT: mma.sync
# PTXAS-NOT: C75
# ALIGNED: local_alloc : tensor<3x32x64xf32, #shared>
# ALIGNED: = dot {{.*}} : tensor<64x64xf32, #mma<v2, instr=[16,8,8], wpc=[2,2]>>
# INT8-NOT: mma.sync
# INT8: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8
