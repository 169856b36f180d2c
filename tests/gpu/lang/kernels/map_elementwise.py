# `tl.map_elementwise`: functions written for one element, with nested
# run-time `if`s, early returns and two results, mapped over a tile. Triton runs it per element;
# tritonc on whole tiles with selects; the values must agree bit for bit.
import triton
import triton.language as tl


@triton.jit
def piecewise(x, knee):
    # nested run-time ifs, an early return in one branch only
    if x >= knee:
        if x > 4 * knee:
            return tl.log(x)
        t = x - knee
    else:
        t = knee - x
    return t * t + 0.25


@triton.jit
def split_parts(x, scale):
    # two results, `or`/`not`, a conditional expression
    whole = tl.floor(x)
    if not (x > -2.0) or x != x:
        return whole * scale, 0.0
    frac = x - whole if x >= 0 else whole - x
    return whole, frac * scale


@triton.jit
def mapped(x_ptr, a_ptr, b_ptr, scale, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r)
    # Triton maps tensors only: the knee as a tile, the scale a run-time scalar
    tl.store(a_ptr + r, tl.map_elementwise(piecewise, x, tl.full([N], 0.75, tl.float32)))
    whole, frac = tl.map_elementwise(split_parts, x, scale)
    tl.store(b_ptr + r, whole + frac)

# CASE {"name": "selects", "kernel": "mapped", "grid": [1], "params": [["x_ptr", "*fp32", 1024, "special"], ["a_ptr", "*fp32", 1024, "out"], ["b_ptr", "*fp32", 1024, "out"], ["scale", "fp32", 3.0], ["N", 1024]]}
