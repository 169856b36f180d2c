# `tl.abs` of unsigned tiles is the identity; `%` with one floating operand
# computes in floating point (C fmod, the sign of the dividend).
import triton
import triton.language as tl


@triton.jit
def absolute(x_ptr, o_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(o_ptr + offs, tl.abs(tl.load(x_ptr + offs)))


@triton.jit
def remainder(x_ptr, y_ptr, o_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(o_ptr + offs, tl.load(x_ptr + offs) % tl.load(y_ptr + offs))

# CASE {"name": "abs_u8", "kernel": "absolute", "grid": [1], "params": [["x_ptr", "*u8", 256, "bits"], ["o_ptr", "*u8", 256, "out"], ["N", 256]]}
# CASE {"name": "abs_u32", "kernel": "absolute", "grid": [1], "params": [["x_ptr", "*u32", 256, "bits"], ["o_ptr", "*u32", 256, "out"], ["N", 256]]}
# CASE {"name": "abs_u64", "kernel": "absolute", "grid": [1], "params": [["x_ptr", "*u64", 256, "bits"], ["o_ptr", "*u64", 256, "out"], ["N", 256]]}
# CASE {"name": "abs_i8", "kernel": "absolute", "grid": [1], "params": [["x_ptr", "*i8", 256, "bits"], ["o_ptr", "*i8", 256, "out"], ["N", 256]]}
# CASE {"name": "abs_fp16", "kernel": "absolute", "grid": [1], "params": [["x_ptr", "*fp16", 256, "randn"], ["o_ptr", "*fp16", 256, "out"], ["N", 256]]}
# CASE {"name": "mod_i8_fp16", "kernel": "remainder", "grid": [1], "params": [["x_ptr", "*i8", 256, "int:-100:100"], ["y_ptr", "*fp16", 256, "randn:8"], ["o_ptr", "*fp32", 256, "out"], ["N", 256]]}
# CASE {"name": "mod_fp32_fp32", "kernel": "remainder", "grid": [1], "params": [["x_ptr", "*fp32", 256, "randn:100"], ["y_ptr", "*fp32", 256, "randn:8"], ["o_ptr", "*fp32", 256, "out"], ["N", 256]]}
# CASE {"name": "mod_fp16_fp16", "kernel": "remainder", "grid": [1], "params": [["x_ptr", "*fp16", 256, "randn:100"], ["y_ptr", "*fp16", 256, "randn:8"], ["o_ptr", "*fp16", 256, "out"], ["N", 256]]}
# CASE {"name": "mod_i32_fp32", "kernel": "remainder", "grid": [1], "params": [["x_ptr", "*i32", 256, "int:-1000:1000"], ["y_ptr", "*fp32", 256, "randn:8"], ["o_ptr", "*fp32", 256, "out"], ["N", 256]]}
