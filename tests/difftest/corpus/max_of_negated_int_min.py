# Session 17's campaign, dt_908544 reduced: `tl.maximum(-x, 3)` of int16
# where x is -32768 (whose negation is itself). Widening 16-bit maxima by
# sign extension (the first fix for max_of_negated_i16.py) let ptxas turn
# `cvt.s32.s16 (neg.s16 x)` into a 32-bit negation of the extended x,
# 32768, and the maximum came out -32768 instead of 3; the narrow values now
# sit in the top half of the word instead. The second kernel is the column
# maximum of the first campaign case on the same edge values.
import triton
import triton.language as tl


@triton.jit
def elementwise(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.store(o_ptr + offs, tl.maximum(-v, 3), mask=offs < n)


@triton.jit
def column(x_ptr, o_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.arange(0, BM)
    cols = tl.program_id(0) * BN + tl.arange(0, BN)
    mask = (rows < M)[:, None] & (cols < N)[None, :]
    v = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask, other=1000)
    tl.store(o_ptr + cols, tl.max(-v, axis=0), mask=cols < N)

# CASE {"name": "max_of_negated_int_min", "kernel": "elementwise", "grid": [4], "warps": 1, "seed": 908544, "params": [["x_ptr", "*i16", 1000, "int:-32768:-32764"], ["o_ptr", "*i16", 1000, "out"], ["n", "i32", 1000], ["BLOCK", 256]]}
# CASE {"name": "column_max_of_negated_int_min", "kernel": "column", "grid": [1], "warps": 2, "seed": 908545, "params": [["x_ptr", "*i16", 512, "int:-32768:-32764"], ["o_ptr", "*i16", 128, "out"], ["M", "i32", 4], ["N", "i32", 128], ["BM", 4], ["BN", 128]]}
