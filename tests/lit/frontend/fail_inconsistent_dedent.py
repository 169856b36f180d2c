# An unindent to a width no enclosing block has.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
    if n > 0:
        y = 1
# CHECK: [[@LINE+3]]:1: error: unindent does not match any outer indentation level [InconsistentDedent]
# CHECK-NEXT: | z = 2
# CHECK-NEXT: | ^~~~~~
      z = 2
    return z
# CHECK-NOT: error:
