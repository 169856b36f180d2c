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
def logical_and(input, other):
    tl.static_assert(input.dtype == tl.int1 and other.dtype == tl.int1, "logical_and takes two int1 (bool) tiles")
    return input & other


@triton.jit
def logical_or(input, other):
    tl.static_assert(input.dtype == tl.int1 and other.dtype == tl.int1, "logical_or takes two int1 (bool) tiles")
    return input | other


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


# Random numbers (triton/language/random.py): Philox with 10 rounds, on
# the counters and keys Triton forms from a seed and 32- or 64-bit offsets,
# so `tl.rand(seed, offsets)` gives Triton's numbers.
@triton.jit
def _philox_rounds(c0, c1, c2, c3, k0, k1, n_rounds: tl.constexpr):
    # Philox-4x32 on uint32 counters, Philox-4x64 on uint64 ones: per round,
    # two high/low multiplies mixed with the keys, which advance by the
    # golden-ratio and sqrt(3) constants of the width.
    tl.static_assert(c0.dtype == tl.uint32 or c0.dtype == tl.uint64, "philox counters are uint32 or uint64")
    wide: tl.constexpr = c0.dtype == tl.uint64
    mul_a: tl.constexpr = 0xD2E7470EE14C6C93 if wide else 0xD2511F53
    mul_b: tl.constexpr = 0xCA5A826395121157 if wide else 0xCD9E8D57
    step_a: tl.constexpr = 0x9E3779B97F4A7C15 if wide else 0x9E3779B9
    step_b: tl.constexpr = 0xBB67AE8584CAA73B if wide else 0xBB67AE85
    for _ in tl.static_range(n_rounds):
        first = c0
        third = c2
        c0 = tl.umulhi(mul_b, third) ^ c1 ^ k0
        c2 = tl.umulhi(mul_a, first) ^ c3 ^ k1
        c1 = mul_b * third
        c3 = mul_a * first
        k0 = k0 + step_a
        k1 = k1 + step_b
    return c0, c1, c2, c3


# Philox on counters the caller gives (Triton's `tl.philox_impl`).
@triton.jit
def philox_impl(c0, c1, c2, c3, k0, k1, n_rounds: tl.constexpr = 10):
    return _philox_rounds(c0, c1, c2, c3, k0, k1, n_rounds)


# The two keys a seed gives: its low and high halves for 32-bit counters;
# for 64-bit ones the whole seed and a zero, a one-element tensor as in
# Triton.
@triton.jit
def _seed_keys(seed, wide: tl.constexpr):
    if wide:
        return seed, tl.full((1,), 0, dtype=tl.uint64)
    return (seed & 0xffffffff).to(tl.uint32), (seed >> 32).to(tl.uint32)


@triton.jit
def _as_counter(c, wide: tl.constexpr):
    if wide:
        return tl.to_tensor(c).to(tl.uint64, bitcast=True)
    return tl.to_tensor(c).to(tl.uint32, bitcast=True)


@triton.jit
def philox(seed, c0, c1, c2, c3, n_rounds: tl.constexpr = 10):
    seed = tl.to_tensor(seed)
    tl.static_assert(seed.dtype.is_int(), "the seed of philox is an integer")
    bits: tl.constexpr = tl.to_tensor(c0).dtype.primitive_bitwidth
    tl.static_assert(bits == 32 or bits == 64, "philox counters have 32 or 64 bits")
    k0, k1 = _seed_keys(seed.to(tl.uint64), bits == 64)
    return _philox_rounds(_as_counter(c0, bits == 64), _as_counter(c1, bits == 64), _as_counter(c2, bits == 64),
                          _as_counter(c3, bits == 64), k0, k1, n_rounds)


# A 64-bit offset's high half is the second counter.
@triton.jit
def randint4x(seed, offset, n_rounds: tl.constexpr = 10):
    low = offset.to(tl.uint32)
    zero = low * 0
    high = (offset >> 32).to(tl.uint32) if offset.dtype.primitive_bitwidth > 32 else zero
    return philox(seed, low, high, zero, zero, n_rounds)


@triton.jit
def randint(seed, offset, n_rounds: tl.constexpr = 10):
    ret, _, _, _ = randint4x(seed, offset, n_rounds)
    return ret


@triton.jit
def uint_to_uniform_float(x):
    # The largest scale with MAX_INT * scale < 1.0 after fp32 rounding, for
    # 32-bit and for 64-bit random bits.
    if x.dtype == tl.uint32 or x.dtype == tl.int32:
        x = x.to(tl.int32, bitcast=True)
        scale = 4.6566127342e-10
    else:
        tl.static_assert(x.dtype == tl.uint64 or x.dtype == tl.int64)
        x = x.to(tl.int64, bitcast=True)
        scale = 1.0842020432385337e-19
    x = tl.where(x < 0, -x - 1, x)
    return x * scale


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


@triton.jit
def rand4x(seed, offset, n_rounds: tl.constexpr = 10):
    i1, i2, i3, i4 = randint4x(seed, offset, n_rounds)
    return uint_to_uniform_float(i1), uint_to_uniform_float(i2), uint_to_uniform_float(i3), uint_to_uniform_float(i4)


@triton.jit
def randn4x(seed, offset, n_rounds: tl.constexpr = 10):
    u1, u2, u3, u4 = rand4x(seed, offset, n_rounds)
    n1, n2 = pair_uniform_to_normal(u1, u2)
    n3, n4 = pair_uniform_to_normal(u3, u4)
    return n1, n2, n3, n4


# Arithmetic spelled as functions. `sanitize_overflow` asks Triton to check
# integer overflow only when the kernel is compiled in debug mode, which
# tritonc has not: the operators wrap as Triton's do outside it.
@triton.jit
def add(x, y, sanitize_overflow: tl.constexpr = True):
    return x + y


@triton.jit
def sub(x, y, sanitize_overflow: tl.constexpr = True):
    return x - y


@triton.jit
def mul(x, y, sanitize_overflow: tl.constexpr = True):
    return x * y


@triton.jit
def _or_combine(a, b):
    return a | b


@triton.jit
def reduce_or(input, axis, keep_dims=False):
    tl.static_assert(input.dtype.is_int(), "reduce_or takes an integer tensor")
    return tl.reduce(input, axis, _or_combine, keep_dims=keep_dims)


@triton.jit
def _product_combine(a, b):
    return a * b


# As `cumsum`, bf16 is widened to fp32 first; other types scan as they are.
@triton.jit
def cumprod(input, axis=0, reverse=False):
    if input.dtype == tl.bfloat16:
        input = input.to(tl.float32)
    return tl.associative_scan(input, axis, _product_combine, reverse)


# Row-major index (i, j) of a size_i x size_j grid renumbered so that groups
# of size_g rows are walked column by column: programs that run together
# then share columns (the grouped ordering of matmul tutorials).
@triton.jit
def swizzle2d(i, j, size_i, size_j, size_g):
    linear = i * size_j + j
    per_group = size_g * size_j
    first_row = (linear // per_group) * size_g
    rows_here = tl.minimum(size_i - first_row, size_g)  # the last group may be short
    within = linear % per_group
    return first_row + within % rows_here, within // rows_here


# A bin of width 1 per integer in [0, num_bins): each bin counts the
# elements equal to it (masked-off ones, and values outside, count nowhere).
@triton.jit
def histogram(input, num_bins: tl.constexpr, mask=None):
    tl.static_assert(len(input.shape) == 1, "histogram takes a 1-D tensor")
    tl.static_assert(input.dtype.is_int(), "histogram takes an integer tensor")
    hits = input[:, None] == tl.arange(0, num_bins)[None, :]
    if mask is not None:
        hits = hits & tl.broadcast_to(mask, input.shape)[:, None]
    return tl.sum(hits.to(tl.int32), axis=0)


# Two 1-D tensors end to end. Triton allows itself any order (and requires
# `can_reorder=True` to say the kernel does not care); this one keeps
# `input` first.
@triton.jit
def cat(input, other, can_reorder=False):
    tl.static_assert(can_reorder, "`cat` may reorder elements; pass can_reorder=True")
    tl.static_assert(len(input.shape) == 1, "`cat` joins 1-D tensors")
    return tl.reshape(tl.trans(tl.join(input, other)), [input.shape[0] + other.shape[0]])


# Both operands broadcast to their common shape.
@triton.jit
def broadcast(input, other):
    common = tl.zeros(input.shape, tl.int1) | tl.zeros(other.shape, tl.int1)
    return tl.broadcast_to(input, common.shape), tl.broadcast_to(other, common.shape)


# Sorting networks. A tensor of 2**n elements is seen as a hypercube
# [2, 2, ..., 2] whose dim d holds bit n - 1 - d of the flat index; the
# element across dim d is the one whose index differs in that bit, and an
# exclusive-or over that dim (of the bit patterns) fetches it for both.
@triton.jit
def _log2_of(n: tl.constexpr):
    bits: tl.constexpr = 0
    for b in tl.static_range(1, 31):
        if (1 << b) <= n:
            bits = b
    return bits


@triton.jit
def _as_signed_bits(x):
    width: tl.constexpr = x.dtype.primitive_bitwidth
    if width == 8:
        return x.to(tl.int8, bitcast=True)
    elif width == 16:
        return x.to(tl.int16, bitcast=True)
    elif width == 32:
        return x.to(tl.int32, bitcast=True)
    else:
        return x.to(tl.int64, bitcast=True)


# 1 where bit `bit` of the flat index is set, as a [1, ..., 2, ..., 1]
# tensor that broadcasts over the cube of `n_dims` dims.
@triton.jit
def _bit_of_index(n_dims: tl.constexpr, bit: tl.constexpr):
    return tl.reshape(tl.arange(0, 2), [1] * (n_dims - bit - 1) + [2] + [1] * bit)


# One compare-exchange round between elements whose indices differ in
# `bit`: the lower index keeps the smaller value where `descending` is 0
# there, the larger where it is 1 (the same rule as Triton's, NaNs included).
@triton.jit
def _exchange(cube, descending, bit: tl.constexpr):
    n_dims: tl.constexpr = _log2_of(cube.numel)
    bits = _as_signed_bits(cube)
    across = (bits ^ xor_sum(bits, n_dims - 1 - bit, True)).to(cube.dtype, bitcast=True)
    upper = _bit_of_index(n_dims, bit)
    return tl.where((cube > across) != (descending ^ upper), across, cube)


# Merges bitonic runs of 2**stage elements: ascending (order 0),
# descending (1), or alternating with bit `stage` of the index (2), which
# makes the runs of the next stage bitonic.
@triton.jit
def _merge_runs(cube, stage: tl.constexpr, order: tl.constexpr):
    if order == 2:
        descending = _bit_of_index(_log2_of(cube.numel), stage)
    else:
        descending = order
    for step in tl.static_range(stage):
        cube = _exchange(cube, descending, stage - 1 - step)
    return cube


@triton.jit
def _sort_last_dim(x, k: tl.constexpr = None, dim: tl.constexpr = None, descending: tl.constexpr = 0):
    last: tl.constexpr = len(x.shape) - 1
    tl.static_assert(dim is None or dim == last or dim == -1, "only the last dim can be sorted")
    log_n: tl.constexpr = _log2_of(x.shape[last])
    tl.static_assert((1 << log_n) == x.shape[last], "the sorted dim must be a power of two")
    if k is None:
        log_k: tl.constexpr = log_n
    else:
        log_k: tl.constexpr = _log2_of(k)
    n_dims: tl.constexpr = _log2_of(x.numel)
    cube = tl.reshape(x, [2] * n_dims)
    for stage in tl.static_range(1, log_k + 1):
        if stage < log_n:
            cube = _merge_runs(cube, stage, 2)
        else:
            cube = _merge_runs(cube, stage, descending)
    # Top k: keep the better half of each pair of sorted runs of k, then
    # merge what is left, until one run of k remains in each row.
    for stage in tl.static_range(log_k + 1, log_n + 1):
        half: tl.constexpr = _log2_of(cube.numel) - 1 - log_k
        if descending:
            cube = tl.max(cube, axis=half)
        else:
            cube = tl.min(cube, axis=half)
        if stage < log_n:
            cube = _merge_runs(cube, log_k, 2)
        else:
            cube = _merge_runs(cube, log_k, descending)
    return tl.reshape(cube, x.shape[:last] + (1 << log_k,))


@triton.jit
def sort(x, dim: tl.constexpr = None, descending: tl.constexpr = 0):
    return _sort_last_dim(x, dim=dim, descending=descending)


@triton.jit
def topk(x, k: tl.constexpr, dim: tl.constexpr = None):
    return _sort_last_dim(x, k=k, dim=dim, descending=True)


@triton.jit
def bitonic_merge(x, dim: tl.constexpr = None, descending: tl.constexpr = 0):
    last: tl.constexpr = len(x.shape) - 1
    tl.static_assert(dim is None or dim == last or dim == -1, "only the last dim can be merged")
    stage: tl.constexpr = _log2_of(x.shape[last])
    cube = tl.reshape(x, [2] * _log2_of(x.numel))
    return tl.reshape(_merge_runs(cube, stage, descending), x.shape)


# Reverses `dim`: exchanging across every bit of that dim's index maps
# position i to size - 1 - i.
@triton.jit
def flip(x, dim=None):
    rank: tl.constexpr = len(x.shape)
    if dim is None:
        d: tl.constexpr = rank - 1
    elif dim < 0:
        d: tl.constexpr = dim + rank
    else:
        d: tl.constexpr = dim
    bits_of_dim: tl.constexpr = _log2_of(x.shape[d])
    tl.static_assert((1 << bits_of_dim) == x.shape[d], "the flipped dim must be a power of two")
    bits = tl.reshape(_as_signed_bits(x), x.shape[:d] + (2,) * bits_of_dim + x.shape[d + 1:])
    for i in tl.static_range(bits_of_dim):
        bits = bits ^ xor_sum(bits, d + i, True)
    return tl.reshape(bits, x.shape).to(x.dtype, bitcast=True)


@triton.jit
def _first_of(a, b):
    return a


# The one element of a one-element tensor, as a scalar of its type.
@triton.jit
def item(input):
    tl.static_assert(input.numel == 1, "`item` takes a tensor of one element")
    return tl.reduce(input, None, _first_of)


# A promise to the optimiser; tritonc's analyses do not take it, so the
# kernel computes the same without it.
@triton.jit
def assume(cond):
    pass


# `tl.dot` of 3-D tiles, [B, M, K] x [B, K, N]: sema sends it here. Small
# ones are one 2-D dot of every batch's rows against every batch's columns,
# [B*M, K] x [K, B*N], on the tensor cores with tl.dot's rounding (tf32 for
# fp32), from which the B diagonal blocks are kept: B times the
# multiplications and B*B*M*N values at once, so larger ones instead take
# each batch's operands out of the 3-D tiles and run B 2-D dots. Values are
# moved by their bits, so -0.0, infinities and NaN come out as the dot made
# them.
# The elements of `x` where `chosen` holds, one along `axis`, exactly.
@triton.jit
def _take_along(x, chosen, axis: tl.constexpr):
    return reduce_or(tl.where(chosen, _as_signed_bits(x), 0), axis=axis).to(x.dtype, bitcast=True)


@triton.jit
def _dot_batched(input, other, acc=None, input_precision=None, allow_tf32=None, max_num_imprecise_acc=None,
                 out_dtype=tl.float32):
    B: tl.constexpr = input.shape[0]
    M: tl.constexpr = input.shape[1]
    K: tl.constexpr = input.shape[2]
    N: tl.constexpr = other.shape[2]
    if B * B * M * N <= 8192:
        rows = tl.reshape(input, (B * M, K))
        cols = tl.reshape(tl.permute(other, (1, 0, 2)), (K, B * N))
        diagonal = tl.arange(0, B)[:, None, None, None] == tl.arange(0, B)[None, None, :, None]
        if acc is not None:
            # Each batch's accumulator in its diagonal block, so that the dot
            # starts from it as Triton's does.
            acc = tl.reshape(tl.where(diagonal, acc[:, :, None, :], 0).to(acc.dtype), (B * M, B * N))
        every = tl.dot(rows, cols, acc, input_precision=input_precision, allow_tf32=allow_tf32,
                       max_num_imprecise_acc=max_num_imprecise_acc, out_dtype=out_dtype)
        result = _take_along(tl.reshape(every, (B, M, B, N)), diagonal, 2)
    else:
        batch = tl.arange(0, B)[:, None, None]
        result = tl.zeros((B, M, N), out_dtype if acc is None else acc.dtype)
        for b in tl.static_range(B):
            start = None if acc is None else _take_along(acc, batch == b, 0)
            product = tl.dot(_take_along(input, batch == b, 0), _take_along(other, batch == b, 0), start,
                             input_precision=input_precision, allow_tf32=allow_tf32,
                             max_num_imprecise_acc=max_num_imprecise_acc, out_dtype=out_dtype)
            result = tl.where(batch == b, product[None, :, :], result)
    return result


# `tl.dot_scaled` where the target has no microscaled MMA (all of ours), as
# Triton emulates it there: each operand is widened to bf16 (fp16 when either
# format is fp16), multiplied by its e8m0 scale 2^(s-127), one scale per
# group of K elements (a scale of 0xFF makes its group NaN unless
# fast_math), and the two meet in one tl.dot with an fp32 accumulator. The
# widening and the power-of-two scaling are exact, so the products are
# Triton's.
@triton.jit
def _e2m1_to(nibbles, dtype: tl.constexpr):
    n = nibbles.to(tl.uint16)
    exponent = (n >> 1) & 3
    mantissa = n & 1
    # e2m1 is 0, 0.5 (exponent 0) or (1 + m/2) * 2^(e-1): rebuilt as the
    # wider format's bits, the sign kept for -0.0.
    if dtype == tl.bfloat16:
        magnitude = tl.where(exponent == 0, mantissa * 0x3F00, ((exponent + 126) << 7) | (mantissa << 6))
    else:
        magnitude = tl.where(exponent == 0, mantissa * 0x3800, ((exponent + 14) << 10) | (mantissa << 9))
    return (((n & 8) << 12) | magnitude).to(dtype, bitcast=True)


# Two e2m1 values a byte, the first in the low nibble, packed along `dim`.
@triton.jit
def _e2m1_unpack(packed, dtype: tl.constexpr, dim: tl.constexpr):
    tl.static_assert(packed.dtype == tl.uint8, "e2m1 operands of `dot_scaled` are uint8, two values a byte")
    pairs = tl.join(_e2m1_to(packed & 0xF, dtype), _e2m1_to(packed >> 4, dtype))
    if dim == 1:
        return tl.reshape(pairs, (packed.shape[0], packed.shape[1] * 2))
    else:
        return tl.reshape(tl.permute(pairs, (0, 2, 1)), (packed.shape[0] * 2, packed.shape[1]))


@triton.jit
def _microscaled_operand(value, scale, format: tl.constexpr, dtype: tl.constexpr, k_dim: tl.constexpr,
                         k_pack: tl.constexpr, fast_math: tl.constexpr):
    if format == "e2m1":
        wide = _e2m1_unpack(value, dtype, k_dim if k_pack else 1 - k_dim)
    else:
        tl.static_assert(k_pack, "only e2m1 operands of `dot_scaled` can be packed along M or N")
        # The format's float type; its bits may also come as the unsigned
        # integer of its width.
        if format == "e4m3":
            typed: tl.constexpr = tl.float8e4nv
        elif format == "e5m2":
            typed: tl.constexpr = tl.float8e5
        elif format == "bf16":
            typed: tl.constexpr = tl.bfloat16
        else:
            tl.static_assert(format == "fp16", "`dot_scaled` formats are e2m1, e4m3, e5m2, bf16 and fp16")
            typed: tl.constexpr = tl.float16
        stored: tl.constexpr = tl.uint8 if typed.primitive_bitwidth == 8 else tl.uint16
        if value.dtype == stored:
            value = value.to(typed, bitcast=True)
        tl.static_assert(value.dtype == typed, "a `dot_scaled` operand is its format's float type or its bits")
        wide = value.to(dtype)
    if scale is not None:
        tl.static_assert(scale.dtype == tl.uint8, "`dot_scaled` takes e8m0 scales as uint8")
        if dtype == tl.bfloat16:
            factor = (scale.to(tl.uint16) << 7).to(tl.bfloat16, bitcast=True)
        else:
            factor = (scale.to(tl.uint32) << 23).to(tl.float32, bitcast=True).to(tl.float16)
        group: tl.constexpr = wide.shape[k_dim] // scale.shape[k_dim]
        tl.static_assert(group * scale.shape[k_dim] == wide.shape[k_dim],
                         "a `dot_scaled` scale has one column per group of K")
        wide = wide * _spread_groups(factor, group, k_dim)
        if not fast_math:
            wide = tl.where(_spread_groups(scale == 0xFF, group, k_dim), float("nan"), wide)
    return wide


# A value per group of `group` elements along `k_dim`, repeated over its group.
@triton.jit
def _spread_groups(x, group: tl.constexpr, k_dim: tl.constexpr):
    if k_dim == 1:
        return tl.reshape(tl.broadcast_to(x[:, :, None], (x.shape[0], x.shape[1], group)),
                          (x.shape[0], x.shape[1] * group))
    else:
        return tl.reshape(tl.broadcast_to(x[:, None, :], (x.shape[0], group, x.shape[1])),
                          (x.shape[0] * group, x.shape[1]))


@triton.jit
def dot_scaled(lhs, lhs_scale, lhs_format: tl.constexpr, rhs, rhs_scale, rhs_format: tl.constexpr, acc=None,
               fast_math: tl.constexpr = False, lhs_k_pack: tl.constexpr = True, rhs_k_pack: tl.constexpr = True,
               out_dtype: tl.constexpr = tl.float32):
    tl.static_assert(out_dtype == tl.float32, "`dot_scaled` accumulates in float32 only")
    tl.static_assert(len(lhs.shape) == len(rhs.shape) and (len(lhs.shape) == 2 or len(lhs.shape) == 3),
                     "`dot_scaled` multiplies two 2-D or two 3-D (batched) tensors")
    if len(lhs.shape) == 2:
        return _dot_scaled_2d(lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format, acc, fast_math, lhs_k_pack,
                              rhs_k_pack)
    else:
        # Batched: each batch's operands and scales picked out exactly, one
        # 2-D product per batch.
        B: tl.constexpr = lhs.shape[0]
        batch = tl.arange(0, B)[:, None, None]
        for b in tl.static_range(B):
            pick = batch == b
            start = None if acc is None else _take_along(acc, pick, 0)
            left_scale = None if lhs_scale is None else _take_along(lhs_scale, pick, 0)
            right_scale = None if rhs_scale is None else _take_along(rhs_scale, pick, 0)
            product = _dot_scaled_2d(_take_along(lhs, pick, 0), left_scale, lhs_format, _take_along(rhs, pick, 0),
                                     right_scale, rhs_format, start, fast_math, lhs_k_pack, rhs_k_pack)
            if b == 0:
                result = tl.where(pick, product[None, :, :], 0.0)
            else:
                result = tl.where(pick, product[None, :, :], result)
        return result


@triton.jit
def _dot_scaled_2d(lhs, lhs_scale, lhs_format: tl.constexpr, rhs, rhs_scale, rhs_format: tl.constexpr, acc,
                   fast_math: tl.constexpr, lhs_k_pack: tl.constexpr, rhs_k_pack: tl.constexpr):
    if lhs_format == "fp16" or rhs_format == "fp16":
        compute: tl.constexpr = tl.float16
    else:
        compute: tl.constexpr = tl.bfloat16
    a = _microscaled_operand(lhs, lhs_scale, lhs_format, compute, 1, lhs_k_pack, fast_math)
    if rhs_scale is not None:
        rhs_scale = tl.trans(rhs_scale)  # given [N, K/group], as the left one's
    b = _microscaled_operand(rhs, rhs_scale, rhs_format, compute, 0, rhs_k_pack, fast_math)
    if acc is None:
        acc = tl.zeros((a.shape[0], b.shape[1]), tl.float32)
    return tl.dot(a, b, acc)
