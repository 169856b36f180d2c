# libdevice functions with separate paths by argument range, on inputs
# spread over both paths (and special values), in a row loop as in Liger's
# DyT: each result must be bit for bit Triton's when tritonc links Triton's
# libdevice (make_bundle.sh with LIBDEVICE set). With CUDA 13's, erf, asinh,
# atan, atan2 and pow differ in the last bits: NVIDIA changed them (atanf,
# for one, now uses rcp.approx where Triton 3.6's uses rcp.rn).
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def unary(x_ptr, o_ptr, n_rows, N: tl.constexpr, FN: tl.constexpr):
    cols = tl.arange(0, N)
    for row in range(tl.program_id(0), n_rows, tl.num_programs(0)):
        x = tl.load(x_ptr + row * N + cols)
        if FN == 0:
            y = libdevice.tanh(x)
        elif FN == 1:
            y = libdevice.erf(x)
        elif FN == 2:
            y = libdevice.expm1(x)
        elif FN == 3:
            y = libdevice.log1p(tl.abs(x))
        elif FN == 4:
            y = libdevice.asinh(x)
        else:
            y = libdevice.atan(x)
        tl.store(o_ptr + row * N + cols, y)


@triton.jit
def binary(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr, FN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    if FN == 0:
        r = libdevice.pow(tl.abs(x), y)
    else:
        r = libdevice.atan2(x, y)
    tl.store(o_ptr + offs, r, mask=mask)

# CASE {"name": "tanh_fp32", "kernel": "unary", "grid": [4], "warps": 4, "params": [["x_ptr", "*fp32", 4096, "special:2"], ["o_ptr", "*fp32", 4096, "out"], ["n_rows", "i32", 16], ["N", 256], ["FN", 0]]}
# CASE {"name": "tanh_fp64", "kernel": "unary", "grid": [2], "warps": 2, "params": [["x_ptr", "*fp64", 1024, "randn:2"], ["o_ptr", "*fp64", 1024, "out"], ["n_rows", "i32", 8], ["N", 128], ["FN", 0]]}
# CASE {"name": "erf_fp32", "kernel": "unary", "grid": [4], "warps": 4, "params": [["x_ptr", "*fp32", 4096, "special:2"], ["o_ptr", "*fp32", 4096, "out"], ["n_rows", "i32", 16], ["N", 256], ["FN", 1]]}
# CASE {"name": "erf_fp64", "kernel": "unary", "grid": [2], "warps": 2, "params": [["x_ptr", "*fp64", 1024, "randn:2"], ["o_ptr", "*fp64", 1024, "out"], ["n_rows", "i32", 8], ["N", 128], ["FN", 1]]}
# CASE {"name": "expm1_fp32", "kernel": "unary", "grid": [4], "warps": 4, "params": [["x_ptr", "*fp32", 4096, "special:2"], ["o_ptr", "*fp32", 4096, "out"], ["n_rows", "i32", 16], ["N", 256], ["FN", 2]]}
# CASE {"name": "expm1_fp64", "kernel": "unary", "grid": [2], "warps": 2, "params": [["x_ptr", "*fp64", 1024, "randn:2"], ["o_ptr", "*fp64", 1024, "out"], ["n_rows", "i32", 8], ["N", 128], ["FN", 2]]}
# CASE {"name": "log1p_fp32", "kernel": "unary", "grid": [4], "warps": 4, "params": [["x_ptr", "*fp32", 4096, "special:2"], ["o_ptr", "*fp32", 4096, "out"], ["n_rows", "i32", 16], ["N", 256], ["FN", 3]]}
# CASE {"name": "log1p_fp64", "kernel": "unary", "grid": [2], "warps": 2, "params": [["x_ptr", "*fp64", 1024, "randn:2"], ["o_ptr", "*fp64", 1024, "out"], ["n_rows", "i32", 8], ["N", 128], ["FN", 3]]}
# CASE {"name": "asinh_fp32", "kernel": "unary", "grid": [4], "warps": 4, "params": [["x_ptr", "*fp32", 4096, "special:2"], ["o_ptr", "*fp32", 4096, "out"], ["n_rows", "i32", 16], ["N", 256], ["FN", 4]]}
# CASE {"name": "asinh_fp64", "kernel": "unary", "grid": [2], "warps": 2, "params": [["x_ptr", "*fp64", 1024, "randn:2"], ["o_ptr", "*fp64", 1024, "out"], ["n_rows", "i32", 8], ["N", 128], ["FN", 4]]}
# CASE {"name": "atan_fp32", "kernel": "unary", "grid": [4], "warps": 4, "params": [["x_ptr", "*fp32", 4096, "special:2"], ["o_ptr", "*fp32", 4096, "out"], ["n_rows", "i32", 16], ["N", 256], ["FN", 5]]}
# CASE {"name": "atan_fp64", "kernel": "unary", "grid": [2], "warps": 2, "params": [["x_ptr", "*fp64", 1024, "randn:2"], ["o_ptr", "*fp64", 1024, "out"], ["n_rows", "i32", 8], ["N", 128], ["FN", 5]]}
# CASE {"name": "pow_fp32", "kernel": "binary", "grid": [4], "warps": 4, "params": [["x_ptr", "*fp32", 1000, "randn:3"], ["y_ptr", "*fp32", 1000, "randn:2"], ["o_ptr", "*fp32", 1000, "out"], ["n", "i32", 1000], ["BLOCK", 256], ["FN", 0]]}
# CASE {"name": "atan2_fp32", "kernel": "binary", "grid": [4], "warps": 4, "params": [["x_ptr", "*fp32", 1000, "randn:3"], ["y_ptr", "*fp32", 1000, "randn:2"], ["o_ptr", "*fp32", 1000, "out"], ["n", "i32", 1000], ["BLOCK", 256], ["FN", 1]]}
