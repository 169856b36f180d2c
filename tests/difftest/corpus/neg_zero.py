# .difftest-findings.md 3: Triton's unary minus is `0 - x`, so -(+0.0) is
# +0.0 (shrunk from gen.py seed 10287 of the 2026-11-25 campaign).
import triton
import triton.language as tl


@triton.jit
def neg_zero(o_ptr, M, N, f0, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0) * tl.num_programs(1) + tl.program_id(1)
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (rows < M)[:, None] & (cols < N)[None, :]
    tl.store(o_ptr + rows[:, None] * N + cols[None, :], -(pid - f0), mask=mask)

# CASE {"name": "neg_zero", "kernel": "neg_zero", "grid": [1, 1], "params": [["o_ptr", "*fp16", 64, "out"], ["M", "i32", 32], ["N", "i32", 2], ["f0", "fp32", 0.0], ["BM", 32], ["BN", 2]]}
