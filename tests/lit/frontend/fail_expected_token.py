# A token missing where the grammar needs one; each mistake is reported
# once and parsing resumes at the next statement.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
# CHECK: [[@LINE+3]]:18: error: expected `,` or `)`, found `n` [ExpectedToken]
# CHECK-NEXT: | def kernel(x_ptr n):
# CHECK-NEXT: | ^
def kernel(x_ptr n):
    y = 1
@triton.jit
# CHECK: [[@LINE+3]]:13: error: expected `:`, found end of line [ExpectedToken]
# CHECK-NEXT: | def other(x)
# CHECK-NEXT: | ^
def other(x)
    pass
@triton.jit
def third(x):
# CHECK: [[@LINE+3]]:10: error: expected `:`, found `y` [ExpectedToken]
# CHECK-NEXT: | if x y:
# CHECK-NEXT: | ^
    if x y:
        pass
    else:
        pass
# CHECK: [[@LINE+3]]:11: error: expected `in`, found `of` [ExpectedToken]
# CHECK-NEXT: | for i of range(3):
# CHECK-NEXT: | ^~
    for i of range(3):
        pass
# CHECK: [[@LINE+3]]:11: error: expected end of line, found `2` [ExpectedToken]
# CHECK-NEXT: | z = 1 2
# CHECK-NEXT: | ^
    z = 1 2
# CHECK: [[@LINE+3]]:11: error: expected a module name, found end of line [ExpectedToken]
# CHECK-NEXT: | import
# CHECK-NEXT: | ^
    import
    return y
# CHECK-NOT: error:
