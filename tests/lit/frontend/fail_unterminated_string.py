# A quote left open at the end of the line.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
# CHECK: [[@LINE+3]]:29: error: string literal is not terminated before the end of the line [UnterminatedString]
# CHECK-NEXT: | tl.device_assert(n > 0, "n must be positive)
# CHECK-NEXT: | ^~~~~~~~~~~~~~~~~~~~
    tl.device_assert(n > 0, "n must be positive)
    y = 1
# CHECK: [[@LINE+3]]:9: error: string literal is not terminated before the end of the line [UnterminatedString]
# CHECK-NEXT: | z = 'abc
# CHECK-NEXT: | ^~~~
    z = 'abc
# CHECK-NOT: error:
