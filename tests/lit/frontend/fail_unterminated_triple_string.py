# A triple-quoted string still open at the end of the file.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
# CHECK: [[@LINE+3]]:5: error: triple-quoted string literal is not terminated before the end of the file [UnterminatedTripleString]
# CHECK-NEXT: | """Docstring that never ends.
# CHECK-NEXT: | ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    """Docstring that never ends.
    y = 1
# CHECK-NOT: error:
