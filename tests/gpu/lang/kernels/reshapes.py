# Reshapes whose layouts rename registers (src/ir/ReshapeLayout.h): a
# per-group scale widened over its columns as microscaled operands are, a
# tile's column pairs swapped through split and interleave after a
# transposed, masked load (the loaded values' runs do not survive the
# reshape), and row halves interleaved through a 3-D permute.
import triton
import triton.language as tl


@triton.jit
def group_scales(x_ptr, s_ptr, o_ptr, R: tl.constexpr, C: tl.constexpr, G: tl.constexpr):
    rows = tl.arange(0, R)
    cols = tl.arange(0, C)
    x = tl.load(x_ptr + rows[:, None] * C + cols[None, :])
    s = tl.load(s_ptr + rows[:, None] * (C // G) + tl.arange(0, C // G)[None, :])
    wide = tl.reshape(tl.broadcast_to(s[:, :, None], (R, C // G, G)), (R, C))
    tl.store(o_ptr + rows[:, None] * C + cols[None, :], x * wide)


@triton.jit
def pairs_swapped(x_ptr, o_ptr, M, N, floor, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    v = tl.maximum(tl.load(x_ptr + cols[None, :] * M + rows[:, None], mask=mask, other=0), floor)
    t = tl.where(mask, v.to(tl.uint64, bitcast=True), 0)
    a, b = tl.split(tl.reshape(t, (BM, BN // 2, 2)))
    tl.store(o_ptr + rows[:, None] * N + cols[None, :], tl.interleave(b, a), mask=mask)


@triton.jit
def halves_interleaved(x_ptr, o_ptr, R: tl.constexpr, C: tl.constexpr):
    rows = tl.arange(0, R)
    cols = tl.arange(0, C)
    x = tl.load(x_ptr + rows[:, None] * C + cols[None, :])
    y = tl.reshape(tl.permute(tl.reshape(x, (2, R // 2, C)), (1, 0, 2)), (R, C))
    tl.store(o_ptr + rows[:, None] * C + cols[None, :], y)


# CASE {"name": "scales_fp32", "kernel": "group_scales", "grid": [1], "params": [["x_ptr", "*fp32", 16384, "randn"], ["s_ptr", "*fp32", 512, "randn"], ["o_ptr", "*fp32", 16384, "out"], ["R", 128], ["C", 128], ["G", 32]]}
# CASE {"name": "scales_bf16_8_warps", "kernel": "group_scales", "grid": [1], "warps": 8, "params": [["x_ptr", "*bf16", 16384, "randn"], ["s_ptr", "*bf16", 1024, "randn"], ["o_ptr", "*bf16", 16384, "out"], ["R", 128], ["C", 128], ["G", 16]]}
# CASE {"name": "pairs_i64", "kernel": "pairs_swapped", "grid": [3], "warps": 2, "params": [["x_ptr", "*i64", 2208, "bits"], ["o_ptr", "*u64", 276, "out"], ["M", "i32", 138], ["N", "i32", 2], ["floor", "i32", 2], ["BM", 64], ["BN", 16]]}
# CASE {"name": "pairs_i64_full", "kernel": "pairs_swapped", "grid": [2], "warps": 2, "params": [["x_ptr", "*i64", 2048, "bits"], ["o_ptr", "*u64", 2048, "out"], ["M", "i32", 128], ["N", "i32", 16], ["floor", "i32", -5], ["BM", 64], ["BN", 16]]}
# CASE {"name": "halves_i16", "kernel": "halves_interleaved", "grid": [1], "params": [["x_ptr", "*i16", 4096, "int:-1000:1000"], ["o_ptr", "*i16", 4096, "out"], ["R", 64], ["C", 64]]}
