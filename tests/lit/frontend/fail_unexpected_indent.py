# A line indented deeper than its block, with no header to open it.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
    y = 1
# CHECK: [[@LINE+3]]:1: error: unexpected indentation [UnexpectedIndent]
# CHECK-NEXT: | z = 2
# CHECK-NEXT: | ^~~~~~~~
        z = 2
        w = 3
    return y
# CHECK: [[@LINE+3]]:1: error: unindent does not match any outer indentation level [InconsistentDedent]
# CHECK-NEXT: | x = 1
# CHECK-NEXT: | ^~
  x = 1
# CHECK-NOT: error:
