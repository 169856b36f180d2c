# Returns in inlined helpers: fine at the end, in both branches of a
# run-time `if` when the values agree, and early from any branch (the code
# after the `if` runs on the paths that fall through); not from inside a
# run-time loop (as in Triton).
# RUN: not %tritonc %s -o %t.ptx --kernel k --signature "*fp32, i32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


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
    a = early(n)
    b = in_loop(n)
    c = disagree(tl.load(x_ptr + tl.arange(0, 16)), n)
