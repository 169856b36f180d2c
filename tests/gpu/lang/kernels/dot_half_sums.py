# Dots that keep their sums in fp16 (`out_dtype=tl.float16`) through a
# K loop: wgmma's .f16 form on sm_90a, mma.sync's on sm_80, with B read
# along N or, transposed, along K. Both compilers add the same products in
# the same order per instruction; the tolerance covers fp16 rounding of
# sums taken in another grouping.
import triton
import triton.language as tl


@triton.jit
def half_sums(a_ptr, b_ptr, c_ptr, K, M: tl.constexpr, N: tl.constexpr, B_ALONG_K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, 64)
    acc = tl.zeros((M, N), dtype=tl.float16)
    for k in range(0, K, 64):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        if B_ALONG_K:
            b = tl.trans(tl.load(b_ptr + rn[:, None] * K + (k + rk)[None, :]))
        else:
            b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc += tl.dot(a, b, out_dtype=tl.float16)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)

# CASE {"tol": 0.02, "name": "b_along_n", "kernel": "half_sums", "grid": [1], "params": [["a_ptr", "*fp16", 16384, "randn:0.25"], ["b_ptr", "*fp16", 32768, "randn:0.25"], ["c_ptr", "*fp16", 8192, "out"], ["K", "i32", 256], ["M", 64], ["N", 128], ["B_ALONG_K", false]]}
# CASE {"tol": 0.02, "name": "b_along_k_8_warps", "warps": 8, "kernel": "half_sums", "grid": [1], "params": [["a_ptr", "*fp16", 32768, "randn:0.25"], ["b_ptr", "*fp16", 32768, "randn:0.25"], ["c_ptr", "*fp16", 16384, "out"], ["K", "i32", 256], ["M", 128], ["N", 128], ["B_ALONG_K", true]]}
