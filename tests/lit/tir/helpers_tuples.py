# Tuples of run-time values: a helper returns two tensors (through a nested
# helper), the call site unpacks them, `a, b = b, a` swaps, a tuple is
# indexed; a helper returns from both branches of a run-time `if`, whose
# results carry the value.
# RUN: %tritonc %s --kernel k --signature "*fp32, *fp32, i32, 128" --emit tir --passes= -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # CHECK: [[X:%[0-9]+]] = load
    # CHECK-NEXT: [[ZERO:%[0-9]+]] = constant {value = 0.0} : tensor<128xf32>
    # CHECK-NEXT: [[LO:%[0-9]+]] = minnumf [[X]], [[ZERO]] : tensor<128xf32>
    # CHECK-NEXT: [[ZERO2:%[0-9]+]] = constant {value = 0.0} : tensor<128xf32>
    # CHECK-NEXT: [[HI:%[0-9]+]] = maxnumf [[X]], [[ZERO2]] : tensor<128xf32>
    lo, hi = min_max(x, 0.0)
    lo, hi = hi, lo
    pair = (lo, hi)
    # CHECK: [[DIFF:%[0-9]+]] = subf [[HI]], [[LO]] : tensor<128xf32>
    # CHECK: [[COND:%[0-9]+]] = cmpi %n, %{{[0-9]+}} {predicate = "sgt"} : i1
    # CHECK-NEXT: [[SIGN:%[0-9]+]] = if [[COND]] : f32
    # CHECK-NEXT: {
    # CHECK-NEXT: [[POS:%[0-9]+]] = constant {value = 1.0} : f32
    # CHECK-NEXT: yield [[POS]]
    # CHECK-NEXT: }
    # CHECK-NEXT: {
    # CHECK-NEXT: [[NEG:%[0-9]+]] = constant {value = -1.0} : f32
    # CHECK-NEXT: yield [[NEG]]
    # CHECK-NEXT: }
    # CHECK-NEXT: [[SPLAT:%[0-9]+]] = splat [[SIGN]] : tensor<128xf32>
    # CHECK-NEXT: addf [[DIFF]], [[SPLAT]] : tensor<128xf32>
    tl.store(y_ptr + offs, pair[0] - pair[1] + sign(n))


@triton.jit
def min_max(x, y):
    return minimum(x, y), tl.maximum(x, y)


@triton.jit
def minimum(x, y):
    return tl.minimum(x, y)


@triton.jit
def sign(n):
    if n > 0:
        return 1.0
    else:
        return -1.0
