# Module-level constants computed by plain Python functions, read by a
# kernel: Triton has Python's values; tritonc must have the same ones, not
# None (it once bound such a name to None and compiled the other branch).
import triton
import triton.language as tl


def _enabled():
    return True


def _twice(n):
    return n * 2


def _pick(flag, a, b):
    if flag:
        return a
    return b


FAST = tl.constexpr(_enabled())
WIDTH: tl.constexpr = tl.constexpr(_twice(64))
OFFSET = tl.constexpr(_pick(FAST, 3, -3))


@triton.jit
def branch_on_constant(x_ptr, o_ptr):
    offs = tl.arange(0, WIDTH)
    x = tl.load(x_ptr + offs)
    if FAST:
        y = x * 2.0 + OFFSET
    else:
        y = x - 1.0
    tl.store(o_ptr + offs, y)

# CASE {"name": "plain_function_constants", "kernel": "branch_on_constant", "grid": [1], "params": [["x_ptr", "*fp32", 128, "randn"], ["o_ptr", "*fp32", 128, "out"]]}
