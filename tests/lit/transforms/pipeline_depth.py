# How deep a loop's rings are. A loop's own `tl.range(num_stages=...)` sets
# its depth: 1 or 0 leaves it unpipelined, 2 gives rings of 2 under a kernel of
# 4 stages. An exact fp32 dot (`ieee`, on CUDA cores) reads its operands
# from their ring slots as tensor-core dots do, staging nothing: at 3
# stages the 128x64 and 64x128 fp32 tiles take 3 x 64 KiB, which fits
# sm_90a's 227 KiB.
# RUN: %tritonc %s --kernel exact --signature "*fp32:16, *fp32:16, *fp32:16, i32:16" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=EXACT
# RUN: %tritonc %s --kernel exact --signature "*fp32:16, *fp32:16, *fp32:16, i32:16" --num-warps 8 --num-stages 3 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: FileCheck %s --check-prefix=SHARED < %t.json
# RUN: %tritonc %s --kernel per_loop --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, 1" --num-warps 4 --num-stages 4 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=ONE
# RUN: %tritonc %s --kernel per_loop --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, 0" --num-warps 4 --num-stages 4 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=ONE
# RUN: %tritonc %s --kernel per_loop --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, 2" --num-warps 4 --num-stages 4 --arch sm_80 --emit tir-gpu -o - | FileCheck %s --check-prefix=TWO
# REQUIRES: ptxas
import triton
import triton.language as tl


@triton.jit
def exact(a_ptr, b_ptr, out_ptr, K):
    rm = tl.arange(0, 128)
    rk = tl.arange(0, 64)
    acc = tl.zeros((128, 128), tl.float32)
    for k in range(0, K, 64):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * 128 + rm[None, :])
        acc = tl.dot(a, b, acc, input_precision="ieee")
    tl.store(out_ptr + rm[:, None] * 128 + rm[None, :], acc)


@triton.jit
def per_loop(a_ptr, b_ptr, out_ptr, K, STAGES: tl.constexpr):
    r = tl.arange(0, 64)
    acc = tl.zeros((64, 64), tl.float32)
    for k in tl.range(0, K, 64, num_stages=STAGES):
        a = tl.load(a_ptr + r[:, None] * K + (k + r)[None, :])
        b = tl.load(b_ptr + (k + r)[:, None] * 64 + r[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(out_ptr + r[:, None] * 64 + r[None, :], acc)

# EXACT: [[A:%[0-9]+]] = local_alloc : tensor<3x128x64xf32, #shared>
# EXACT: [[B:%[0-9]+]] = local_alloc : tensor<3x64x128xf32, #shared>
# EXACT: = for
# EXACT-NOT: = load
# EXACT: [[SA:%[0-9]+]] = local_slot [[A]]
# EXACT: [[SB:%[0-9]+]] = local_slot [[B]]
# EXACT: dot [[SA]], [[SB]], {{.*}}input_precision = "ieee"
# SHARED: "shared_bytes": 196608,
# ONE-NOT: local_alloc
# ONE: = load
# ONE: = load
# ONE: dot
# TWO: local_alloc : tensor<2x64x64xf16
# TWO: local_alloc : tensor<2x64x64xf16
# TWO: = for
