# Two dots chained through one accumulator in a pipelined loop (`acc =
# tl.dot(a, b, acc); acc = tl.dot(c, d, acc)`, as Liger's SwiGLU backward
# computes dI): on sm_90a tritonc leaves both wgmma groups in flight, the
# second accumulating on registers the first is still writing, so the
# order of the accumulations must hold. A K that is no multiple of the block masks the last one.
# Two dots on separate accumulators (`gate` and `up` of one input tile, as
# Liger's SwiGLU forward): each waits only for the previous iteration's
# groups, so both run while the next copies are issued.
import triton
import triton.language as tl


@triton.jit
def chained(a_ptr, b_ptr, c_ptr, d_ptr, out_ptr, M, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        kk = k + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * BN + rn[None, :], mask=kk[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc)
        c = tl.load(c_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        d = tl.load(d_ptr + kk[:, None] * BN + rn[None, :], mask=kk[:, None] < K, other=0.0)
        acc = tl.dot(c, d, acc)
    tl.store(out_ptr + rm[:, None] * BN + rn[None, :], acc.to(tl.float16), mask=rm[:, None] < M)


@triton.jit
def gate_up(x_ptr, wg_ptr, wu_ptr, out_ptr, M, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    gate = tl.zeros((BM, BN), dtype=tl.float32)
    up = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        kk = k + rk
        x = tl.load(x_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        wg = tl.load(wg_ptr + kk[:, None] * BN + rn[None, :], mask=kk[:, None] < K, other=0.0)
        wu = tl.load(wu_ptr + kk[:, None] * BN + rn[None, :], mask=kk[:, None] < K, other=0.0)
        gate = tl.dot(x, wg, gate)
        up = tl.dot(x, wu, up)
    tl.store(out_ptr + rm[:, None] * BN + rn[None, :], (gate * tl.sigmoid(gate) * up).to(tl.float16),
             mask=rm[:, None] < M)


# CASE {"tol": 0.02, "name": "chained_ragged", "kernel": "chained", "grid": [2], "warps": 4, "params": [["a_ptr", "*fp16", 70400, "randn:0.25"], ["b_ptr", "*fp16", 45056, "randn:0.25"], ["c_ptr", "*fp16", 70400, "randn:0.25"], ["d_ptr", "*fp16", 45056, "randn:0.25"], ["out_ptr", "*fp16", 25600, "out"], ["M", "i32", 200], ["K", "i32:16", 352], ["BM", 128], ["BN", 128], ["BK", 64]]}
# CASE {"tol": 0.02, "name": "chained_8warps", "kernel": "chained", "grid": [1], "warps": 8, "params": [["a_ptr", "*fp16", 65536, "randn:0.25"], ["b_ptr", "*fp16", 65536, "randn:0.25"], ["c_ptr", "*fp16", 65536, "randn:0.25"], ["d_ptr", "*fp16", 65536, "randn:0.25"], ["out_ptr", "*fp16", 16384, "out"], ["M", "i32", 128], ["K", "i32:16", 512], ["BM", 128], ["BN", 128], ["BK", 64]]}
# CASE {"tol": 0.02, "name": "gate_up_ragged", "kernel": "gate_up", "grid": [2], "warps": 4, "params": [["x_ptr", "*fp16", 70400, "randn:0.25"], ["wg_ptr", "*fp16", 45056, "randn:0.25"], ["wu_ptr", "*fp16", 45056, "randn:0.25"], ["out_ptr", "*fp16", 25600, "out"], ["M", "i32", 200], ["K", "i32:16", 352], ["BM", 128], ["BN", 128], ["BK", 64]]}
# CASE {"tol": 0.02, "name": "gate_up_8warps", "kernel": "gate_up", "grid": [1], "warps": 8, "params": [["x_ptr", "*fp16", 65536, "randn:0.25"], ["wg_ptr", "*fp16", 65536, "randn:0.25"], ["wu_ptr", "*fp16", 65536, "randn:0.25"], ["out_ptr", "*fp16", 16384, "out"], ["M", "i32", 128], ["K", "i32:16", 512], ["BM", 128], ["BN", 128], ["BK", 64]]}
