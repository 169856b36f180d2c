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
def fdiv(x, y, ieee_rounding=False):
    # `/` on fp32 is div.full (2 ulp); IEEE rounding asks for div.rn.
    if ieee_rounding:
        return tl.div_rn(x, y)
    else:
        return x / y


@triton.jit
def clamp(x, min, max, propagate_nan: tl.constexpr = tl.PropagateNan.NONE):
    return tl.minimum(tl.maximum(x, min, propagate_nan=propagate_nan), max, propagate_nan=propagate_nan)


@triton.jit
def _xor_combine(a, b):
    return a ^ b


@triton.jit
def xor_sum(input, axis=None, keep_dims=False):
    return tl.reduce(input, axis, _xor_combine, keep_dims=keep_dims)


@triton.jit
def zeros_like(input):
    return tl.zeros(input.shape, input.dtype)


@triton.jit
def ravel(x, can_reorder=False):
    return tl.reshape(x, [x.numel], can_reorder=can_reorder)


# The index of the largest (smallest) value along `axis`; among equal values
# the smallest index, whatever `tie_break_left` says (False allows any).
@triton.jit
def argmax(input, axis, tie_break_left=True, keep_dims=False):
    _, ret = tl.max(input, axis, return_indices=True, return_indices_tie_break_left=tie_break_left,
                    keep_dims=keep_dims)
    return ret


@triton.jit
def argmin(input, axis, tie_break_left=True, keep_dims=False):
    _, ret = tl.min(input, axis, return_indices=True, return_indices_tie_break_left=tie_break_left,
                    keep_dims=keep_dims)
    return ret


# Random numbers (triton/language/random.py): Philox4x32 with 10 rounds,
# for 32-bit offsets, so `tl.rand(seed, offsets)` gives Triton's numbers.
@triton.jit
def _philox_4x32(c0, c1, c2, c3, k0, k1, n_rounds: tl.constexpr):
    for _ in tl.static_range(n_rounds):
        _c0 = c0
        _c2 = c2
        c0 = tl.umulhi(0xCD9E8D57, _c2) ^ c1 ^ k0
        c2 = tl.umulhi(0xD2511F53, _c0) ^ c3 ^ k1
        c1 = 0xCD9E8D57 * _c2
        c3 = 0xD2511F53 * _c0
        k0 = k0 + 0x9E3779B9
        k1 = k1 + 0xBB67AE85
    return c0, c1, c2, c3


@triton.jit
def randint4x(seed, offset, n_rounds: tl.constexpr = 10):
    # A seed written as a number is the int32 (or int64) scalar Triton makes of it.
    seed = tl.to_tensor(seed).to(tl.uint64)
    seed_hi = ((seed >> 32) & 0xffffffff).to(tl.uint32)
    seed_lo = (seed & 0xffffffff).to(tl.uint32)
    c0 = offset.to(tl.uint32, bitcast=True)
    _0 = c0 * 0
    return _philox_4x32(c0, _0, _0, _0, seed_lo, seed_hi, n_rounds)


@triton.jit
def randint(seed, offset, n_rounds: tl.constexpr = 10):
    ret, _, _, _ = randint4x(seed, offset, n_rounds)
    return ret


@triton.jit
def uint_to_uniform_float(x):
    # The largest scale with MAX_INT * scale < 1.0 after fp32 rounding.
    x = x.to(tl.int32, bitcast=True)
    x = tl.where(x < 0, -x - 1, x)
    return x * 4.6566127342e-10


@triton.jit
def rand(seed, offset, n_rounds: tl.constexpr = 10):
    source = randint(seed, offset, n_rounds)
    return uint_to_uniform_float(source)


@triton.jit
def pair_uniform_to_normal(u1, u2):
    u1 = tl.maximum(1.0e-7, u1)
    th = 6.283185307179586 * u2
    r = tl.sqrt(-2.0 * tl.log(u1))
    return r * tl.cos(th), r * tl.sin(th)


@triton.jit
def randn(seed, offset, n_rounds: tl.constexpr = 10):
    i1, i2, _, _ = randint4x(seed, offset, n_rounds)
    u1 = uint_to_uniform_float(i1)
    u2 = uint_to_uniform_float(i2)
    n1, _ = pair_uniform_to_normal(u1, u2)
    return n1
