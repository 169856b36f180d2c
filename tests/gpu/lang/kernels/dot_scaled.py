# `tl.dot_scaled` on Hopper, where both compilers widen the microscaled
# operands to bf16 (fp16 when a format is fp16), scale each group of 32
# along K by 2^(s-127), and multiply on the tensor cores with an fp32
# accumulator. Operand bytes are every bit pattern (fp8 NaN and infinities
# included); a scale of 255 makes its group NaN unless fast_math.
import triton
import triton.language as tl


@triton.jit
def microscaled(a_ptr, as_ptr, b_ptr, bs_ptr, c_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
                FA: tl.constexpr, FB: tl.constexpr, A_SCALED: tl.constexpr, FAST: tl.constexpr,
                A_K_PACK: tl.constexpr, ACC: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    A_ROWS: tl.constexpr = M if A_K_PACK or FA != "e2m1" else M // 2
    A_COLS: tl.constexpr = K // 2 if FA == "e2m1" and A_K_PACK else K
    B_ROWS: tl.constexpr = K // 2 if FB == "e2m1" else K
    a = tl.load(a_ptr + tl.arange(0, A_ROWS)[:, None] * A_COLS + tl.arange(0, A_COLS)[None, :])
    b = tl.load(b_ptr + tl.arange(0, B_ROWS)[:, None] * N + rn[None, :])
    sb = tl.load(bs_ptr + rn[:, None] * (K // 32) + tl.arange(0, K // 32)[None, :])
    if A_SCALED:
        sa = tl.load(as_ptr + rm[:, None] * (K // 32) + tl.arange(0, K // 32)[None, :])
    else:
        sa = None
    acc = None
    if ACC:
        acc = tl.load(c_ptr + rm[:, None] * N + rn[None, :])
    o = tl.dot_scaled(a, sa, FA, b, sb, FB, acc, fast_math=FAST, lhs_k_pack=A_K_PACK)
    tl.store(o_ptr + rm[:, None] * N + rn[None, :], o)

# The pieces of the emulation on their own, as kernel code both compilers
# run: nibble pairs joined and reshaped along K (or M), and a per-row
# group scale broadcast over K.
@triton.jit
def nibble_pairs(a_ptr, s_ptr, o_ptr, R: tl.constexpr, C: tl.constexpr, ALONG_ROWS: tl.constexpr):
    x = tl.load(a_ptr + tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :])
    pairs = tl.join((x & 0xF).to(tl.float32), (x >> 4).to(tl.float32))
    if ALONG_ROWS:
        wide = tl.reshape(tl.permute(pairs, (0, 2, 1)), (R * 2, C))
        tl.store(o_ptr + tl.arange(0, R * 2)[:, None] * C + tl.arange(0, C)[None, :], wide)
    else:
        wide = tl.reshape(pairs, (R, C * 2))
        s = tl.load(s_ptr + tl.arange(0, R)[:, None] * (C // 16) + tl.arange(0, C // 16)[None, :])
        factor = tl.reshape(tl.broadcast_to(s[:, :, None], (R, C // 16, 32)), (R, C * 2))
        tl.store(o_ptr + tl.arange(0, R)[:, None] * (C * 2) + tl.arange(0, C * 2)[None, :], wide * factor)

# CASE {"name": "pairs_along_k", "kernel": "nibble_pairs", "grid": [1], "params": [["a_ptr", "*u8", 4096, "bits"], ["s_ptr", "*fp32", 256, "randn"], ["o_ptr", "*fp32", 8192, "out"], ["R", 64], ["C", 64], ["ALONG_ROWS", false]]}
# CASE {"name": "pairs_along_k_8w", "warps": 8, "kernel": "nibble_pairs", "grid": [1], "params": [["a_ptr", "*u8", 8192, "bits"], ["s_ptr", "*fp32", 1024, "randn"], ["o_ptr", "*fp32", 16384, "out"], ["R", 128], ["C", 64], ["ALONG_ROWS", false]]}
# CASE {"name": "pairs_along_rows", "kernel": "nibble_pairs", "grid": [1], "params": [["a_ptr", "*u8", 4096, "bits"], ["s_ptr", "*fp32", 256, "randn"], ["o_ptr", "*fp32", 8192, "out"], ["R", 64], ["C", 64], ["ALONG_ROWS", true]]}
# CASE {"tol": 1e-5, "name": "e2m1_e4m3", "kernel": "microscaled", "grid": [1], "params": [["a_ptr", "*u8", 4096, "bits"], ["as_ptr", "*u8", 256, "int:118:134"], ["b_ptr", "*u8", 8192, "bits"], ["bs_ptr", "*u8", 256, "list:120,255,127,130,125,131,119,128,126"], ["c_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 4096, "out"], ["M", 64], ["N", 64], ["K", 128], ["FA", "e2m1"], ["FB", "e4m3"], ["A_SCALED", true], ["FAST", false], ["A_K_PACK", true], ["ACC", false]]}
# CASE {"tol": 1e-5, "name": "e5m2_e2m1_acc", "kernel": "microscaled", "grid": [1], "params": [["a_ptr", "*u8", 8192, "bits"], ["as_ptr", "*u8", 256, "int:120:132"], ["b_ptr", "*u8", 4096, "bits"], ["bs_ptr", "*u8", 256, "int:121:133"], ["c_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 4096, "out"], ["M", 64], ["N", 64], ["K", 128], ["FA", "e5m2"], ["FB", "e2m1"], ["A_SCALED", true], ["FAST", false], ["A_K_PACK", true], ["ACC", true]]}
# CASE {"tol": 1e-5, "name": "bf16_unscaled_e4m3", "kernel": "microscaled", "grid": [1], "params": [["a_ptr", "*bf16", 8192, "randn"], ["as_ptr", "*u8", 256, "int:120:132"], ["b_ptr", "*u8", 8192, "int:0:120"], ["bs_ptr", "*u8", 256, "int:121:133"], ["c_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 4096, "out"], ["M", 64], ["N", 64], ["K", 128], ["FA", "bf16"], ["FB", "e4m3"], ["A_SCALED", false], ["FAST", false], ["A_K_PACK", true], ["ACC", true]]}
# CASE {"tol": 1e-3, "name": "fp16_e2m1", "kernel": "microscaled", "grid": [1], "params": [["a_ptr", "*fp16", 8192, "randn"], ["as_ptr", "*u8", 256, "int:120:132"], ["b_ptr", "*u8", 4096, "bits"], ["bs_ptr", "*u8", 256, "int:121:133"], ["c_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 4096, "out"], ["M", 64], ["N", 64], ["K", 128], ["FA", "fp16"], ["FB", "e2m1"], ["A_SCALED", true], ["FAST", false], ["A_K_PACK", true], ["ACC", false]]}
# CASE {"tol": 1e-5, "name": "e4m3_e4m3_8warps", "warps": 8, "kernel": "microscaled", "grid": [1], "params": [["a_ptr", "*u8", 16384, "int:0:126"], ["as_ptr", "*u8", 512, "int:118:134"], ["b_ptr", "*u8", 16384, "int:0:126"], ["bs_ptr", "*u8", 512, "int:118:134"], ["c_ptr", "*fp32", 16384, "randn"], ["o_ptr", "*fp32", 16384, "out"], ["M", 128], ["N", 128], ["K", 128], ["FA", "e4m3"], ["FB", "e4m3"], ["A_SCALED", true], ["FAST", false], ["A_K_PACK", true], ["ACC", true]]}


# Batched: [B, M, K] e5m2 x [B, K/2, N] packed e2m1, with an accumulator.
@triton.jit
def microscaled_batched(a_ptr, as_ptr, b_ptr, bs_ptr, c_ptr, o_ptr, B: tl.constexpr, M: tl.constexpr,
                        N: tl.constexpr, K: tl.constexpr):
    zb = tl.arange(0, B)[:, None, None]
    zm = tl.arange(0, M)[None, :, None]
    zn = tl.arange(0, N)[None, None, :]
    groups = tl.arange(0, K // 32)[None, None, :]
    lhs = tl.load(a_ptr + zb * (M * K) + zm * K + tl.arange(0, K)[None, None, :])
    rhs = tl.load(b_ptr + zb * (K // 2 * N) + tl.arange(0, K // 2)[None, :, None] * N + zn)
    lhs_scale = tl.load(as_ptr + zb * (M * K // 32) + zm * (K // 32) + groups)
    rhs_scale = tl.load(bs_ptr + zb * (N * K // 32) + tl.arange(0, N)[None, :, None] * (K // 32) + groups)
    acc = tl.load(c_ptr + zb * (M * N) + zm * N + zn)
    tl.store(o_ptr + zb * (M * N) + zm * N + zn, tl.dot_scaled(lhs, lhs_scale, "e5m2", rhs, rhs_scale, "e2m1", acc))

# CASE {"tol": 1e-5, "name": "batched_e5m2_e2m1", "kernel": "microscaled_batched", "grid": [1], "params": [["a_ptr", "*u8", 16384, "int:0:123"], ["as_ptr", "*u8", 512, "int:120:132"], ["b_ptr", "*u8", 8192, "bits"], ["bs_ptr", "*u8", 512, "int:121:133"], ["c_ptr", "*fp32", 8192, "randn"], ["o_ptr", "*fp32", 8192, "out"], ["B", 2], ["M", 64], ["N", 64], ["K", 128]]}
