# A positional argument after a keyword argument.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
# CHECK: [[@LINE+3]]:36: error: positional argument follows keyword argument [PositionalAfterKeyword]
# CHECK-NEXT: | y = tl.load(x_ptr, mask=n > 0, 0.0)
# CHECK-NEXT: | ^~~
    y = tl.load(x_ptr, mask=n > 0, 0.0)
    return y
# CHECK-NOT: error:
