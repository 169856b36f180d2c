# `tl.range` takes every keyword of Triton 3.6's; `disable_licm=True` keeps
# loop-invariant code in the loop, tritonc's hoisting and LLVM's alike
# (as `while tl.condition(..., disable_licm=True)` does: while_condition.py).
# RUN: %tritonc %s --kernel ranged --signature "*fp32:16, *fp32:16, i32, fp32" --emit tir-gpu -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %s --kernel ranged --signature "*fp32:16, *fp32:16, i32, fp32" --emit llvm -o - | FileCheck %s --check-prefix=LLVM
# RUN: %tritonc %s --kernel ranged --signature "*fp32:16, *fp32:16, i32, fp32" -o %t.ptx --arch sm_90a
# RUN: not %tritonc %s --kernel not_constant --signature "*fp32, *fp32, i32, fp32" -o %t.bad.ptx 2>&1 | FileCheck %s --check-prefix=BAD
# TIR: for {{.*}}disable_licm = 1
# TIR: mulf %scale
# LLVM: !{!"llvm.licm.disable"}
# BAD: range_disable_licm.py:[[@LINE+17]]:42: error: `disable_licm` must be a compile-time constant
import triton
import triton.language as tl


@triton.jit
def ranged(X, Y, n, scale):
    total = 0.0
    for i in tl.range(0, n, 1, num_stages=1, loop_unroll_factor=1, disallow_acc_multi_buffer=False, flatten=False,
                      warp_specialize=False, disable_licm=True):
        total += tl.load(X + i) * (scale * 1.0)
    tl.store(Y, total)


@triton.jit
def not_constant(X, Y, n, scale):
    total = 0.0
    for i in tl.range(0, n, disable_licm=n > 0):
        total += tl.load(X + i) * (scale * 1.0)
    tl.store(Y, total)
