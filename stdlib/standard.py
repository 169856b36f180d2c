# tritonc's standard library: the functions of `triton.language` that Triton
# itself writes in Python (triton/language/standard.py) rather than as
# compiler primitives. tritonc reads this file once and inlines a function
# wherever a kernel calls `tl.NAME` (or `x.NAME(...)`) and NAME is not a
# primitive of the C++ builtin table (src/sema/Builtins.cpp).
#
# The definitions follow Triton's, so results match it bit for bit. Code here
# is ordinary kernel language: it can call primitives, other functions of
# this file by their bare names, and use `tl.constexpr` parameters.
import triton
import triton.language as tl


@triton.jit
def cdiv(x, div):
    # Also `triton.cdiv`; on two compile-time integers it folds to one.
    return (x + div - 1) // div


@triton.jit
def sigmoid(x):
    return 1 / (1 + tl.exp(-x))


@triton.jit
def softmax(x, dim=None, keep_dims=False, ieee_rounding=False):
    assert not ieee_rounding, "tritonc has no IEEE-rounded division yet"
    if dim is None:
        _dim: tl.constexpr = 0
    else:
        _dim: tl.constexpr = dim
    z = x - tl.max(x, _dim, keep_dims=keep_dims)
    num = tl.exp(z)
    den = tl.sum(num, _dim, keep_dims=keep_dims)
    return num / den


@triton.jit
def zeros_like(input):
    return tl.zeros(input.shape, input.dtype)
