# An operator or keyword where an operand should be.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
# CHECK: [[@LINE+3]]:16: error: expected an expression, found end of line [ExpectedExpression]
# CHECK-NEXT: | y = x_ptr +
# CHECK-NEXT: | ^
    y = x_ptr +
# CHECK: [[@LINE+3]]:9: error: expected an expression, found `and` [ExpectedExpression]
# CHECK-NEXT: | z = and 2
# CHECK-NEXT: | ^~~
    z = and 2
# CHECK: [[@LINE+3]]:26: error: expected an expression, found `]` [ExpectedExpression]
# CHECK-NEXT: | w = tl.load(x_ptr, )[]
# CHECK-NEXT: | ^
    w = tl.load(x_ptr, )[]
    v = 1
# CHECK: [[@LINE+3]]:5: error: expected an expression, found `else` [ExpectedExpression]
# CHECK-NEXT: | else:
# CHECK-NEXT: | ^~~~
    else:
        pass
# CHECK: [[@LINE+3]]:12: error: expected end of line, found `==` [ExpectedToken]
# CHECK-NEXT: | return ==
# CHECK-NEXT: | ^~
    return ==
# CHECK-NOT: error:
