# Calls of `@jit` helpers: arguments bind like Python's, a `tl.constexpr`
# annotation takes a run-time value as Triton does, and a mistake inside a helper is
# shown where it is, with a note at the call (once, however many calls).
# RUN: not %tritonc %s -o %t.ptx --kernel k --signature "*fp32, i32" 2>&1 | FileCheck %s
# RUN: not %tritonc %s -o %t.ptx --kernel k --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=BODY
import triton
import triton.language as tl


def host_helper(x):
    return x


@triton.jit
def scale(x, FACTOR: tl.constexpr, OFFSET=0):
    return x * FACTOR + OFFSET


@triton.jit
def bad_body(x):
    # BODY: [[@LINE+1]]:13: error: unknown name `undefined_name` [UnknownName]
    y = x + undefined_name
    return y


@triton.jit
def k(x_ptr, n):
    # CHECK: [[@LINE+1]]:9: error: wrong number of arguments to `scale`: expected 2 to 3, found 1 [WrongArgCount]
    a = scale(1.0)
    # CHECK: [[@LINE+1]]:9: error: wrong number of arguments to `scale`: expected 2 to 3, found 4 [WrongArgCount]
    b = scale(1.0, 2, 3, 4)
    # CHECK: [[@LINE+1]]:23: error: `scale` has no parameter named `offset` [UnknownKeyword]
    c = scale(1.0, 2, offset=3)
    # CHECK: [[@LINE+1]]:23: error: argument `FACTOR` of `scale` is given more than once [DuplicateArgument]
    d = scale(1.0, 2, FACTOR=3)
    # CHECK-NOT: :[[@LINE+1]]:{{.*}}error
    e = scale(1.0, n)
    # CHECK: [[@LINE+1]]:9: error: `host_helper` is a plain Python function; kernels can call only `@triton.jit` functions (plain ones on compile-time values alone) [UnsupportedOperation]
    f = host_helper(n)
    # BODY: [[@LINE+1]]:9: note: in `bad_body`, called here
    g = bad_body(n)
    # BODY-NOT: {{.*}}:[[@LINE+1]]:{{.*}}bad_body
    h = bad_body(n + 1)
    # CHECK: [[@LINE+1]]:5: error: cannot unpack the constant `2.0` into 2 names [TypeMismatch]
    p, q = scale(1.0, 2)
