# `tl.map_elementwise`: a function written for one element, with run-time
# `if`s and early returns, mapped over a tile. Triton runs it per element;
# tritonc on whole tiles with selects; the values must agree bit for bit.
import triton
import triton.language as tl


@triton.jit
def leaky_or_exp(x, alpha):
    if x > 0:
        return x
    else:
        return alpha * (tl.exp(x) - 1)


@triton.jit
def banded(x, bound):
    if x < -bound:
        return -bound
    if x > bound:
        return bound
    y = x * 2
    if x == 0:
        y = 1.0
    return y


@triton.jit
def mapped(x_ptr, a_ptr, b_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r)
    tl.store(a_ptr + r, tl.map_elementwise(leaky_or_exp, x, 0.5))
    tl.store(b_ptr + r, tl.map_elementwise(banded, x, 1.5))

# CASE {"name": "selects", "kernel": "mapped", "grid": [1], "params": [["x_ptr", "*fp32", 1024, "special"], ["a_ptr", "*fp32", 1024, "out"], ["b_ptr", "*fp32", 1024, "out"], ["N", 1024]]}
