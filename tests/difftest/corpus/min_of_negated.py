# Session 15's campaign, dt_405463 reduced: the column minimum of a negated,
# masked int32 tile, 128 x 16 on one warp. Our PTX folded each thread's 64
# elements as one chain of `min.s32`, which ptxas (12.8 and 13.0, -O3)
# miscompiled, dropping the negation of every other operand of its
# three-input minimums; integer reductions now fold as a tree in the thread
# (codegen/reduce_in_thread_tree.py) and this matches Triton.
import triton
import triton.language as tl


@triton.jit
def kernel(x0_ptr, x1_ptr, x2_ptr, o0_ptr, o1_ptr, o2_ptr, M, N, s0, f0, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    pid = pid_m * tl.num_programs(1) + pid_n
    rows = pid_m * BM + tl.arange(0, BM)
    cols = pid_n * BN + tl.arange(0, BN)
    rmask = rows < M
    cmask = cols < N
    mask = rmask[:, None] & cmask[None, :]
    offs = rows[:, None] * N + cols[None, :]
    offs_t = cols[None, :] * M + rows[:, None]
    v9 = tl.load(x2_ptr + offs, mask=mask, other=7)
    v18 = tl.min(-v9, axis=0)
    tl.store(o2_ptr + pid_m * N + cols, v18 | 1, mask=cmask)

# CASE {"name": "min_of_negated", "kernel": "kernel", "grid": [1, 2], "warps": 1, "seed": 405463, "params": [["x0_ptr", "*i64", 1189, "int:0:300"], ["x1_ptr", "*u32", 1189, "int"], ["x2_ptr", "*i32", 1189, "int:0:300"], ["o0_ptr", "*fp32", 29, "out"], ["o1_ptr", "*i32", 82, "out"], ["o2_ptr", "*i32", 29, "out"], ["M", "i32", 41], ["N", "i32", 29], ["s0", "i32", -2], ["f0", "fp32", 1000000.0], ["BM", 128], ["BN", 16]]}
