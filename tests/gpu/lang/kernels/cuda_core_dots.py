# Dots on CUDA cores (exact fp32, fp64) in loops the pipeliner copies ahead:
# the FMA emitter reads A and B from the rings' slots through their swizzle,
# as loaded, transposed by `tl.trans` (the slot read column by column), and
# with copies of one element where the row stride is unhinted; one operand
# from a slot and the other staged (A scaled after its load); and a dot
# too large to unroll (the FMA loop over K reading slots).
import triton
import triton.language as tl


@triton.jit
def ring_dot(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, FORM: tl.constexpr):
    # FORM: "as_loaded"; "a_rows_k" (A stored [K, M], transposed in the dot,
    # accumulated with +=); "b_rows_n" (B stored [N, K], transposed); "scaled_a"
    # (A scaled after its load, so staged, beside B's slot).
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), c_ptr.dtype.element_ty)
    for k in range(0, K, BK):
        if FORM == "a_rows_k":
            a = tl.trans(tl.load(a_ptr + (k + rk)[:, None] * BM + rm[None, :]))
        else:
            a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        if FORM == "scaled_a":
            a = a * 0.5 + 1.0
        if FORM == "b_rows_n":
            b = tl.trans(tl.load(b_ptr + rn[:, None] * K + (k + rk)[None, :]))
        else:
            b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
        if FORM == "a_rows_k":
            acc += tl.dot(a, b, input_precision="ieee", out_dtype=c_ptr.dtype.element_ty)
        else:
            acc = tl.dot(a, b, acc, input_precision="ieee", out_dtype=c_ptr.dtype.element_ty)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)

# CASE {"tol": 1e-05, "name": "fp32_64x64", "kernel": "ring_dot", "grid": [1], "params": [["a_ptr", "*fp32", 8192, "randn"], ["b_ptr", "*fp32", 8192, "randn"], ["c_ptr", "*fp32", 4096, "out"], ["K", "i32:16", 128], ["BM", 64], ["BN", 64], ["BK", 32], ["FORM", "as_loaded"]]}
# CASE {"tol": 1e-05, "name": "fp32_unhinted_k", "kernel": "ring_dot", "grid": [1], "params": [["a_ptr", "*fp32", 8192, "randn"], ["b_ptr", "*fp32", 8192, "randn"], ["c_ptr", "*fp32", 4096, "out"], ["K", "i32", 128], ["BM", 64], ["BN", 64], ["BK", 32], ["FORM", "as_loaded"]]}
# CASE {"tol": 1e-05, "name": "fp32_128x128_8_warps", "warps": 8, "kernel": "ring_dot", "grid": [1], "params": [["a_ptr", "*fp32", 32768, "randn"], ["b_ptr", "*fp32", 32768, "randn"], ["c_ptr", "*fp32", 16384, "out"], ["K", "i32:16", 256], ["BM", 128], ["BN", 128], ["BK", 64], ["FORM", "as_loaded"]]}
# CASE {"tol": 1e-12, "name": "fp64_32x32", "kernel": "ring_dot", "grid": [1], "params": [["a_ptr", "*fp64", 2048, "randn"], ["b_ptr", "*fp64", 2048, "randn"], ["c_ptr", "*fp64", 1024, "out"], ["K", "i32:16", 64], ["BM", 32], ["BN", 32], ["BK", 16], ["FORM", "as_loaded"]]}
# CASE {"tol": 1e-05, "name": "fp32_b_rows_n", "kernel": "ring_dot", "grid": [1], "params": [["a_ptr", "*fp32", 8192, "randn"], ["b_ptr", "*fp32", 8192, "randn"], ["c_ptr", "*fp32", 4096, "out"], ["K", "i32:16", 128], ["BM", 64], ["BN", 64], ["BK", 32], ["FORM", "b_rows_n"]]}
# CASE {"tol": 1e-05, "name": "fp32_a_rows_k", "kernel": "ring_dot", "grid": [1], "params": [["a_ptr", "*fp32", 8192, "randn"], ["b_ptr", "*fp32", 4096, "randn"], ["c_ptr", "*fp32", 2048, "out"], ["K", "i32:16", 128], ["BM", 64], ["BN", 32], ["BK", 16], ["FORM", "a_rows_k"]]}
# CASE {"tol": 1e-05, "name": "fp32_loop_over_k", "warps": 1, "kernel": "ring_dot", "grid": [1], "params": [["a_ptr", "*fp32", 16384, "randn"], ["b_ptr", "*fp32", 16384, "randn"], ["c_ptr", "*fp32", 4096, "out"], ["K", "i32:16", 256], ["BM", 64], ["BN", 64], ["BK", 128], ["FORM", "as_loaded"]]}
# CASE {"tol": 1e-05, "name": "fp32_a_staged_b_slot", "kernel": "ring_dot", "grid": [1], "params": [["a_ptr", "*fp32", 8192, "randn"], ["b_ptr", "*fp32", 8192, "randn"], ["c_ptr", "*fp32", 4096, "out"], ["K", "i32:16", 128], ["BM", 64], ["BN", 64], ["BK", 32], ["FORM", "scaled_a"]]}
