# A `@jit` helper is inlined once per call, each call in its own context:
# here the constexpr FACTOR decides a compile-time `if` differently in the
# two calls, and the helper is defined after the kernel that calls it.
# RUN: %tritonc %s --kernel k --signature "*fp32, *fp32, 128" --emit tir --passes= -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # CHECK: [[X:%[0-9]+]] = load
    # CHECK-NEXT: [[THREE:%[0-9]+]] = constant {value = 3.0} : tensor<128xf32>
    # CHECK-NEXT: [[MUL:%[0-9]+]] = mulf [[X]], [[THREE]] : tensor<128xf32>
    # CHECK-NEXT: [[ZERO:%[0-9]+]] = constant {value = 0.0} : tensor<128xf32>
    # CHECK-NEXT: [[A:%[0-9]+]] = addf [[MUL]], [[ZERO]] : tensor<128xf32>
    a = scale(x, 3)
    # FACTOR == 1: no multiply.
    # CHECK-NEXT: [[TWO:%[0-9]+]] = constant {value = 2.0} : tensor<128xf32>
    # CHECK-NEXT: [[B:%[0-9]+]] = addf [[X]], [[TWO]] : tensor<128xf32>
    b = scale(x, 1, OFFSET=2.0)
    # Unrolled iterations call it with 0 and 1: one context each.
    # CHECK-NEXT: constant {value = 0.0} : tensor<128xf32>
    # CHECK-NEXT: [[OFF0:%[0-9]+]] = constant {value = 0.0} : tensor<128xf32>
    # CHECK-NEXT: addf [[X]], [[OFF0]] : tensor<128xf32>
    # CHECK-NOT: mulf
    # CHECK: [[OFF1:%[0-9]+]] = constant {value = 1.0} : tensor<128xf32>
    # CHECK-NEXT: addf [[X]], [[OFF1]] : tensor<128xf32>
    c = 0.0
    for i in tl.static_range(2):
        c += scale(x, 1, OFFSET=i)
    # CHECK: addf [[A]], [[B]]
    tl.store(y_ptr + offs, a + b + c)


@triton.jit
def scale(x, FACTOR: tl.constexpr, OFFSET=0):
    if FACTOR == 1:
        return x + OFFSET
    return x * FACTOR + OFFSET
