# A dot whose A operand is an earlier dot's product: fp32 (tf32) products
# are staged through shared memory, 16-bit ones feed the MMA from
# registers. Both compilers round tf32 inputs, so values compare within a
# tolerance.
import triton
import triton.language as tl


@triton.jit
def chained_dot(a_ptr, b_ptr, c_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, P: tl.constexpr,
                HALF: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rk = tl.arange(0, K)
    rn = tl.arange(0, N)
    rp = tl.arange(0, P)[None, :]
    a = tl.load(a_ptr + rm * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.load(c_ptr + rn[:, None] * P + rp)
    ab = tl.dot(a, b)
    if HALF:
        ab = ab.to(tl.float16)
    tl.store(o_ptr + rm * P + rp, tl.dot(ab, c))

# CASE {"tol": 0.02, "name": "fp32_64", "kernel": "chained_dot", "grid": [1], "params": [["a_ptr", "*fp32", 4096, "randn"], ["b_ptr", "*fp32", 4096, "randn"], ["c_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 4096, "out"], ["M", 64], ["N", 64], ["K", 64], ["P", 64], ["HALF", false]]}
# CASE {"tol": 0.02, "name": "fp32_128x64", "kernel": "chained_dot", "grid": [1], "params": [["a_ptr", "*fp32", 4096, "randn"], ["b_ptr", "*fp32", 4096, "randn"], ["c_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 8192, "out"], ["M", 128], ["N", 64], ["K", 32], ["P", 64], ["HALF", false]]}
# CASE {"tol": 0.02, "name": "fp16_64", "kernel": "chained_dot", "grid": [1], "params": [["a_ptr", "*fp16", 4096, "randn:0.25"], ["b_ptr", "*fp16", 4096, "randn:0.25"], ["c_ptr", "*fp16", 4096, "randn"], ["o_ptr", "*fp32", 4096, "out"], ["M", 64], ["N", 64], ["K", 64], ["P", 64], ["HALF", true]]}
