# Session 16's campaign, dt_713056 reduced: the column maximum of a
# negated, masked int16 tile of 4 rows, 2 warps. tritonc's PTX was right (a
# tree of `max.s16` over `neg.s16` values per column) but ptxas 13.0 -O3
# (and the driver's JIT) fused it into VIMNMX.S16x2 + VIMNMX3.S16x2 and
# dropped one row's negation in every column (SASS read in session 17; -O0
# is right; a chain of `max.s16` fails the same way). 8- and 16-bit
# minimum/maximum are now computed on 32-bit registers, each operand
# extended once (codegen/narrow_min_max_widened.py), which ptxas assembles
# right. Left: for an operand of exactly -32768, ptxas still reorders the
# negation and the extension (Triton's PTX has the same neg.s16 + cvt.s32.s16
# shape); the campaign's inputs do not reach it.
import triton
import triton.language as tl


@triton.jit
def kernel(x1_ptr, o0_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BM + tl.arange(0, BM)
    cols = pid_n * BN + tl.arange(0, BN)
    mask = (rows < M)[:, None] & (cols < N)[None, :]
    v2 = tl.load(x1_ptr + rows[:, None] * N + cols[None, :], mask=mask, other=1000)
    v18 = tl.max(-v2, axis=0)
    tl.store(o0_ptr + pid_m * N + cols, v18.to(tl.float32), mask=cols < N)

# CASE {"name": "max_of_negated_i16", "kernel": "kernel", "grid": [1, 1], "warps": 2, "seed": 713056, "params": [["x1_ptr", "*i16", 512, "int:0:300"], ["o0_ptr", "*fp32", 128, "out"], ["M", "i32", 4], ["N", "i32", 128], ["BM", 4], ["BN", 128]]}
