# One 16-bit register tile read by two dots: stage-shared-operands writes it
# to shared memory once for both (a gated MLP's activations times the gate
# and the up projection, in a K loop whose unhinted stride keeps the
# loads in registers; a square tile as the A of one dot and
# the B of the other). fp16 inputs, fp32 sums: values compare within a
# tolerance for the order of the sums.
import triton
import triton.language as tl


@triton.jit
def gated_pair(x_ptr, g_ptr, u_ptr, o_ptr, K, M: tl.constexpr, N: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rn = tl.arange(0, N)[None, :]
    rk = tl.arange(0, BK)
    gate = tl.zeros((M, N), dtype=tl.float32)
    up = tl.zeros((M, N), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(x_ptr + rm * K + (k + rk)[None, :])
        gate += tl.dot(x, tl.load(g_ptr + (k + rk)[:, None] * N + rn))
        up += tl.dot(x, tl.load(u_ptr + (k + rk)[:, None] * N + rn))
    tl.store(o_ptr + rm * N + rn, gate * up)


@triton.jit
def both_sides(s_ptr, w_ptr, o_ptr, S: tl.constexpr):
    r = tl.arange(0, S)
    s = tl.load(s_ptr + r[:, None] * S + r[None, :])
    w = tl.load(w_ptr + r[:, None] * S + r[None, :])
    tl.store(o_ptr + r[:, None] * S + r[None, :], tl.dot(s, w) - tl.dot(w, s))

# CASE {"tol": 0.02, "name": "gated_64x64", "kernel": "gated_pair", "grid": [1], "warps": 4, "params": [["x_ptr", "*fp16", 16384, "randn:0.25"], ["g_ptr", "*fp16", 16384, "randn:0.25"], ["u_ptr", "*fp16", 16384, "randn:0.25"], ["o_ptr", "*fp32", 4096, "out"], ["K", "i32", 256], ["M", 64], ["N", 64], ["BK", 64]]}
# CASE {"tol": 0.02, "name": "gated_128x64_8warps", "kernel": "gated_pair", "grid": [1], "warps": 8, "params": [["x_ptr", "*fp16", 32768, "randn:0.25"], ["g_ptr", "*fp16", 16384, "randn:0.25"], ["u_ptr", "*fp16", 16384, "randn:0.25"], ["o_ptr", "*fp32", 8192, "out"], ["K", "i32", 256], ["M", 128], ["N", 64], ["BK", 64]]}
# CASE {"tol": 0.02, "name": "both_sides_64", "kernel": "both_sides", "grid": [1], "params": [["s_ptr", "*fp16", 4096, "randn:0.25"], ["w_ptr", "*fp16", 4096, "randn:0.25"], ["o_ptr", "*fp32", 4096, "out"], ["S", 64]]}
