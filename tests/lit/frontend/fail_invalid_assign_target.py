# Assignments to things that cannot be assigned.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
# CHECK: [[@LINE+3]]:5: error: cannot assign to a function call [InvalidAssignTarget]
# CHECK-NEXT: | tl.load(x_ptr) = 1
# CHECK-NEXT: | ^~~~~~~~~~~~~~
    tl.load(x_ptr) = 1
# CHECK: [[@LINE+3]]:5: error: cannot assign to an operator expression [InvalidAssignTarget]
# CHECK-NEXT: | n + 1 += 2
# CHECK-NEXT: | ^~~~~
    n + 1 += 2
# CHECK: [[@LINE+3]]:5: error: cannot assign to `None` [InvalidAssignTarget]
# CHECK-NEXT: | None = n
# CHECK-NEXT: | ^~~~
    None = n
# CHECK: [[@LINE+3]]:8: error: cannot assign to a literal [InvalidAssignTarget]
# CHECK-NEXT: | a, 1 = n, n
# CHECK-NEXT: | ^
    a, 1 = n, n
# CHECK: [[@LINE+3]]:9: error: cannot assign to an attribute in a `for` target; use a plain name [InvalidAssignTarget]
# CHECK-NEXT: | for x_ptr.y in range(3):
# CHECK-NEXT: | ^~~~~~~
    for x_ptr.y in range(3):
        pass
# CHECK: [[@LINE+3]]:5: error: cannot assign to a tuple here; assign one name at a time [InvalidAssignTarget]
# CHECK-NEXT: | (a, b): int = n
# CHECK-NEXT: | ^~~~~~
    (a, b): int = n
# CHECK-NOT: error:
