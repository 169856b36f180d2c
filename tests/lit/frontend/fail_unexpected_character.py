# Characters that start no token; a run of them is one error, and the
# parser stays quiet about the line.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
# CHECK: [[@LINE+3]]:15: error: unexpected character `$` in source [UnexpectedCharacter]
# CHECK-NEXT: | y = x_ptr $ 2
# CHECK-NEXT: | ^
    y = x_ptr $ 2
# CHECK: [[@LINE+3]]:11: error: unexpected character `?` in source [UnexpectedCharacter]
# CHECK-NEXT: | z = 1 ?? 2
# CHECK-NEXT: | ^
    z = 1 ?? 2
# CHECK: [[@LINE+3]]:9: error: unexpected character `α` in source [UnexpectedCharacter]
# CHECK-NEXT: | {{.*}}
# CHECK-NEXT: | ^
    w = α + 1
# CHECK: [[@LINE+3]]:11: error: unexpected character `!` in source [UnexpectedCharacter]
# CHECK-NEXT: | v = 1 ! 2
# CHECK-NEXT: | ^
    v = 1 ! 2
    return y
# CHECK-NOT: error:
