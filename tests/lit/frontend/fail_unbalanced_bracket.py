# Closing brackets that match no opening one.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
# CHECK: [[@LINE+3]]:18: error: closing `)` does not match an opening bracket [UnbalancedBracket]
# CHECK-NEXT: | y = x_ptr + 1)
# CHECK-NEXT: | ^
    y = x_ptr + 1)
# CHECK: [[@LINE+3]]:22: error: closing `]` does not match an opening bracket [UnbalancedBracket]
# CHECK-NEXT: | z = tl.load(x_ptr]
# CHECK-NEXT: | ^
    z = tl.load(x_ptr]
    return y
# CHECK-NOT: error:
