# A tile that reaches a dot only through other ops (int8 weights converted
# and scaled before an fp16 dot) is pipelined too: copied ahead into its own
# ring like a dot operand, then read back into registers (`local_load`, in
# the load's layout) where the load stood, so it lives no longer than the
# loaded tile did. A load that feeds no dot stays a load; so do tiles when
# their rings and the staged operands would not fit shared memory.
# RUN: %tritonc %s --kernel dequantised --signature "*fp16:16, *i8:16, *fp16:16, *fp32:16, i32:16" --num-warps 4 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s
# RUN: %tritonc %s --kernel dequantised --signature "*fp16:16, *i8:16, *fp16:16, *fp32:16, i32:16" --num-warps 4 --num-stages 3 --arch sm_80 -o %t80.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t80.ptx
# RUN: %ptxas -arch=sm_80 %t80.ptx -o %t80.cubin
# RUN: %tritonc %s --kernel dequantised --signature "*fp16:16, *i8:16, *fp16:16, *fp32:16, i32:16" --num-warps 4 --num-stages 3 --arch sm_90a -o %t90.ptx
# RUN: %ptxas -arch=sm_90a %t90.ptx -o %t90.cubin
# Two 128x256 fp32 tiles in rings of 4 (512 KiB) do not fit: no ring.
# RUN: %tritonc %s --kernel too_big --signature "*fp32:16, *fp32:16, *fp32:16, i32:16" --num-warps 8 --num-stages 4 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=BIG
# REQUIRES: ptxas
import triton
import triton.language as tl


@triton.jit
def dequantised(x_ptr, w_ptr, bias_ptr, out_ptr, K):
    r = tl.arange(0, 64)
    acc = tl.zeros((64, 64), tl.float32)
    for k in range(0, K, 64):
        x = tl.load(x_ptr + r[:, None] * K + (k + r)[None, :])
        w = tl.load(w_ptr + (k + r)[:, None] * 64 + r[None, :])
        bias = tl.load(bias_ptr + k + r)
        acc = tl.dot(x, (w.to(tl.float16) * 0.5), acc) + bias[None, :].to(tl.float32)
    tl.store(out_ptr + r[:, None] * 64 + r[None, :], acc)


@triton.jit
def too_big(a_ptr, b_ptr, out_ptr, K):
    rm = tl.arange(0, 128)
    rk = tl.arange(0, 256)
    acc = tl.zeros((128, 128), tl.float32)
    for k in range(0, K, 256):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * 128 + rm[None, :])
        acc += tl.dot(a * 2.0, b * 2.0)
    tl.store(out_ptr + rm[:, None] * 128 + rm[None, :], acc)

# CHECK: %[[WRING:[0-9]+]] = local_alloc : tensor<3x64x64xi8, #shared>
# CHECK: = for
# CHECK: %[[SLOT:[0-9]+]] = local_slot %[[WRING]], %{{[0-9]+}} : tensor<64x64xi8, #shared>
# CHECK-NEXT: %[[W:[0-9]+]] = local_load %[[SLOT]] : tensor<64x64xi8, #blocked
# The bias is a 1-D load and feeds no dot operand: it stays a load.
# CHECK: = load {{.*}} : tensor<64xf16
# CHECK: sitofp %[[W]]
# CHECK: yield
# PTX: cp.async.cg.shared.global
# PTX: ld.shared.v4
# BIG-NOT: local_load
