# A dot's products transposed before they are used: assign-layouts converts
# the accumulator once, straight into the layout whose transpose the
# users want, and the transpose then moves nothing (one exchange through
# shared memory, not two). Products stored transposed after an
# elementwise step, a rectangular tile (M != N) so that a wrong
# permutation of the dims cannot go unseen, a transposed row sum, and a
# 3-D product (batched dot) transposed over its last two dims. fp16
# inputs, fp32 sums: values compare within a tolerance for the order of
# the sums.
import triton
import triton.language as tl


@triton.jit
def scaled_transpose(a_ptr, b_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    t = tl.trans(tl.dot(a, b)) * 0.5 + 1.0
    tl.store(o_ptr + rn[:, None] * M + rm[None, :], t)


@triton.jit
def transpose_then_sum(a_ptr, b_ptr, o_ptr, s_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    t = tl.trans(tl.dot(a, b))
    tl.store(o_ptr + rn[:, None] * M + rm[None, :], t.to(tl.float16))
    tl.store(s_ptr + rn, tl.sum(t, axis=1))


@triton.jit
def batched_transpose(a_ptr, b_ptr, o_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    zb = tl.arange(0, B)[:, None, None]
    a = tl.load(a_ptr + zb * (M * K) + tl.arange(0, M)[None, :, None] * K + tl.arange(0, K)[None, None, :])
    b = tl.load(b_ptr + zb * (K * N) + tl.arange(0, K)[None, :, None] * N + tl.arange(0, N)[None, None, :])
    t = tl.permute(tl.dot(a, b), (0, 2, 1))
    tl.store(o_ptr + zb * (N * M) + tl.arange(0, N)[None, :, None] * M + tl.arange(0, M)[None, None, :], t)

# CASE {"tol": 0.02, "name": "scaled_64x128", "kernel": "scaled_transpose", "grid": [1], "warps": 4, "params": [["a_ptr", "*fp16", 2048, "randn:0.25"], ["b_ptr", "*fp16", 4096, "randn:0.25"], ["o_ptr", "*fp32", 8192, "out"], ["M", 64], ["N", 128], ["K", 32]]}
# CASE {"tol": 0.02, "name": "scaled_128x64_8warps", "kernel": "scaled_transpose", "grid": [1], "warps": 8, "params": [["a_ptr", "*fp16", 8192, "randn:0.25"], ["b_ptr", "*fp16", 4096, "randn:0.25"], ["o_ptr", "*fp32", 8192, "out"], ["M", 128], ["N", 64], ["K", 64]]}
# CASE {"tol": 0.02, "name": "sum_64x32", "kernel": "transpose_then_sum", "grid": [1], "warps": 4, "params": [["a_ptr", "*fp16", 2048, "randn:0.25"], ["b_ptr", "*fp16", 1024, "randn:0.25"], ["o_ptr", "*fp16", 2048, "out"], ["s_ptr", "*fp32", 32, "out"], ["M", 64], ["N", 32], ["K", 32]]}
# CASE {"tol": 0.02, "name": "batched_2x64x32", "kernel": "batched_transpose", "grid": [1], "warps": 4, "params": [["a_ptr", "*fp16", 4096, "randn:0.25"], ["b_ptr", "*fp16", 2048, "randn:0.25"], ["o_ptr", "*fp32", 4096, "out"], ["B", 2], ["M", 64], ["N", 32], ["K", 32]]}
