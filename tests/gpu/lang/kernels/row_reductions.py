# Reductions whose warp partials are many per thread, and row masks that
# stay constant over more rows than one CTA tile covers.
# - row_stats: eight rows of 256 over eight warps (FlagGems' log_softmax
#   shape): 64 partials a thread, combined by shuffles in two rounds.
# - row_argmax: eight rows of 1024 over eight warps, the value and its
#   index as two parts (ties everywhere: small integers).
# - split_rows: 16 rows over two row warps and four column warps, so which
#   round holds a row's result depends on the warp.
# - row_max_loop: a running maximum over blocks of eight rows (FlagGems'
#   amax), whose loop-carried update takes the first element of every
#   row's vector load, then the second, ... as Triton's PTX does.
# - masked_row_blocks: a row mask constant over 16 rows (group_size and C
#   multiples of 16) held at rows r, r + 4, ... of each thread, as
#   FlagGems' group norm backward holds it; half of the second program's
#   rows are masked off.
# - tile_totals: reductions over every axis (sum, a combine function, a 3-D
#   reshape of the tile, a maximum keeping its dims) flattened first as
#   Triton does, so float sums round in Triton's order.
import triton
import triton.language as tl


@triton.jit
def row_stats(x_ptr, max_ptr, lse_ptr, N, R: tl.constexpr, C: tl.constexpr):
    rows = tl.arange(0, R)
    m = tl.full([R, C], value=float("-inf"), dtype=tl.float32)
    z = tl.zeros([R, C], dtype=tl.float32)
    for start in range(0, N, C):
        cols = start + tl.arange(0, C)
        x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=cols[None, :] < N, other=float("-inf"))
        m_new = tl.maximum(x, m)
        z = tl.where(m_new == float("-inf"), z, z * tl.exp(m - m_new) + tl.exp(x - m_new))
        m = m_new
    row_max = tl.max(m, 1)
    total = tl.sum(z * tl.exp(m - row_max[:, None]), 1)
    tl.store(max_ptr + rows, row_max)
    tl.store(lse_ptr + rows, row_max + tl.log(total))


@triton.jit
def row_argmax(x_ptr, o_ptr, R: tl.constexpr, C: tl.constexpr):
    rows = tl.arange(0, R)
    cols = tl.arange(0, C)
    x = tl.load(x_ptr + rows[:, None] * C + cols[None, :])
    tl.store(o_ptr + rows, tl.argmax(x, 1))


@triton.jit
def split_rows(x_ptr, o_ptr, R: tl.constexpr, C: tl.constexpr):
    rows = tl.arange(0, R)
    cols = tl.arange(0, C)
    x = tl.load(x_ptr + rows[:, None] * C + cols[None, :])
    tl.store(o_ptr + rows, tl.sum(x, 1))


@triton.jit
def row_max_loop(x_ptr, o_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)[:, None]
    acc = tl.full([BM, BN], value=float("-inf"), dtype=tl.float32)
    for off in range(0, N, BN):
        cols = off + tl.arange(0, BN)[None, :]
        x = tl.load(x_ptr + rows * N + cols, mask=(rows < M) & (cols < N), other=float("-inf"))
        acc = tl.maximum(acc, x)
    tl.store(o_ptr + rows, tl.max(acc, axis=1)[:, None], rows < M)


@triton.jit
def _add(a, b):
    return a + b


@triton.jit
def tile_totals(x_ptr, o_ptr, R: tl.constexpr, C: tl.constexpr):
    rows = tl.arange(0, R)
    cols = tl.arange(0, C)
    x = tl.load(x_ptr + rows[:, None] * C + cols[None, :])
    tl.store(o_ptr, tl.sum(x))
    tl.store(o_ptr + 1, tl.reduce(x * x, None, _add))
    tl.store(o_ptr + 2, tl.sum(tl.reshape(x, (R // 2, 2, C))))
    tl.store(o_ptr + 3 + tl.zeros([1, 1], tl.int32), tl.max(x, keep_dims=True))


@triton.jit
def masked_row_blocks(x_ptr, w_ptr, o_ptr, sums_ptr, group_size, C, HW, RB: tl.constexpr, CB: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * group_size + tl.arange(0, RB)
    row_mask = rows < C
    w = tl.load(w_ptr + rows, mask=row_mask, other=0.0)[:, None]
    acc = tl.zeros([RB, CB], dtype=tl.float32)
    for off in range(0, HW, CB):
        cols = off + tl.arange(0, CB)
        mask = row_mask[:, None] & (cols[None, :] < HW)
        x = tl.load(x_ptr + rows[:, None] * HW + cols[None, :], mask=mask, other=0.0)
        acc += tl.where(mask, x * w, 0.0)
        tl.store(o_ptr + rows[:, None] * HW + cols[None, :], x * w + 1.0, mask=mask)
    tl.store(sums_ptr + pid * RB + tl.arange(0, RB), tl.sum(acc, 1))


# CASE {"name": "stats_8x256", "kernel": "row_stats", "grid": [1], "warps": 8, "params": [["x_ptr", "*fp32", 6000, "randn"], ["max_ptr", "*fp32", 8, "out"], ["lse_ptr", "*fp32", 8, "out"], ["N", "i32", 750], ["R", 8], ["C", 256]]}
# CASE {"name": "argmax_8x1024", "kernel": "row_argmax", "grid": [1], "warps": 8, "params": [["x_ptr", "*fp32", 8192, "int:-40:40"], ["o_ptr", "*i32", 8, "out"], ["R", 8], ["C", 1024]]}
# CASE {"name": "split_16x512", "kernel": "split_rows", "grid": [1], "warps": 8, "params": [["x_ptr", "*fp32", 8192, "randn"], ["o_ptr", "*fp32", 16, "out"], ["R", 16], ["C", 512]]}
# CASE {"name": "masked_blocks", "kernel": "masked_row_blocks", "grid": [2], "params": [["x_ptr", "*fp32", 9984, "randn"], ["w_ptr", "*fp32", 48, "randn"], ["o_ptr", "*fp32", 9984, "out"], ["sums_ptr", "*fp32", 64, "out"], ["group_size", "i32:16", 32], ["C", "i32:16", 48], ["HW", "i32:16", 208], ["RB", 32], ["CB", 128]]}
# CASE {"name": "max_loop_bf16", "kernel": "row_max_loop", "grid": [3], "params": [["x_ptr", "*bf16", 40960, "randn"], ["o_ptr", "*bf16", 20, "out"], ["M", "i32:16", 20], ["N", "i32:16", 2048], ["BM", 8], ["BN", 1024]]}
# CASE {"name": "totals_32x128", "kernel": "tile_totals", "grid": [1], "params": [["x_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 4, "out"], ["R", 32], ["C", 128]]}
# CASE {"name": "totals_32x512", "kernel": "tile_totals", "grid": [1], "params": [["x_ptr", "*fp32", 16384, "randn"], ["o_ptr", "*fp32", 4, "out"], ["R", 32], ["C", 512]]}
# CASE {"name": "totals_64x64_8_warps", "kernel": "tile_totals", "grid": [1], "warps": 8, "params": [["x_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 4, "out"], ["R", 64], ["C", 64]]}
