# Returns in inlined helpers: fine at the end, in both branches of a
# run-time `if` when the values agree, and early from one branch when the
# other falls through to a return; not from one branch of an `if` that
# code follows otherwise, nor from inside a run-time loop (as in Triton).
# RUN: not %tritonc %s -o %t.ptx --kernel k --signature "*fp32, i32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def one_branch(n):
    # An early return folds (the code after the `if` becomes its `else`),
    # but not when neither branch always returns and code follows.
    if n > 0:
        # CHECK: [[@LINE+1]]:9: error: `one_branch` returns from only one branch of a run-time `if`; return from both, or assign a variable in the branches and return it after the `if` [UnsupportedOperation]
        if n > 5:
            return 1.0
    else:
        n = n + 1
    return 2.0


@triton.jit
def early(n):
    if n > 0:
        return 1.0
    return 2.0


@triton.jit
def in_loop(n):
    for i in range(n):
        # CHECK: [[@LINE+1]]:9: error: `return` inside a run-time loop of `in_loop`; assign the value and return it after the loop [UnsupportedOperation]
        return i
    return 0


@triton.jit
def disagree(x, n):
    # CHECK: [[@LINE+1]]:5: error: `return` is `tensor<16xf32>` after the `if` branch but `i32` after the `else` branch [BranchTypeMismatch]
    if n > 0:
        return x
    else:
        return n


@triton.jit
def k(x_ptr, n):
    a = one_branch(n) + early(n)
    b = in_loop(n)
    c = disagree(tl.load(x_ptr + tl.arange(0, 16)), n)
