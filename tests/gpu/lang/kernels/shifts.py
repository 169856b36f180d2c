# Right shifts of a signed tile by an unsigned one: Triton promotes both to
# the unsigned type and still shifts arithmetically (the signedness of the
# left operand as written decides), so the results carry the sign bits.
import triton
import triton.language as tl


@triton.jit
def shift_right(x_ptr, y_ptr, o_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(o_ptr + offs, tl.load(x_ptr + offs) >> tl.load(y_ptr + offs))


@triton.jit
def shift_left(x_ptr, y_ptr, o_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(o_ptr + offs, tl.load(x_ptr + offs) << tl.load(y_ptr + offs))


@triton.jit
def scalar_shifted_by_tile(y_ptr, o_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(o_ptr + offs, 1000 >> tl.load(y_ptr + offs))

# CASE {"name": "i8_by_u8", "kernel": "shift_right", "grid": [1], "params": [["x_ptr", "*i8", 256, "bits"], ["y_ptr", "*u8", 256, "int:0:8"], ["o_ptr", "*u8", 256, "out"], ["N", 256]]}
# CASE {"name": "i16_by_u16", "kernel": "shift_right", "grid": [1], "params": [["x_ptr", "*i16", 256, "bits"], ["y_ptr", "*u16", 256, "int:0:16"], ["o_ptr", "*u16", 256, "out"], ["N", 256]]}
# CASE {"name": "i32_by_u32", "kernel": "shift_right", "grid": [1], "params": [["x_ptr", "*i32", 256, "bits"], ["y_ptr", "*u32", 256, "int:0:32"], ["o_ptr", "*u32", 256, "out"], ["N", 256]]}
# CASE {"name": "i64_by_u64", "kernel": "shift_right", "grid": [1], "params": [["x_ptr", "*i64", 256, "bits"], ["y_ptr", "*u64", 256, "int:0:64"], ["o_ptr", "*u64", 256, "out"], ["N", 256]]}
# CASE {"name": "i32_by_u8", "kernel": "shift_right", "grid": [1], "params": [["x_ptr", "*i32", 256, "bits"], ["y_ptr", "*u8", 256, "int:0:32"], ["o_ptr", "*i32", 256, "out"], ["N", 256]]}
# CASE {"name": "u8_by_i8", "kernel": "shift_right", "grid": [1], "params": [["x_ptr", "*u8", 256, "bits"], ["y_ptr", "*i8", 256, "int:0:8"], ["o_ptr", "*u8", 256, "out"], ["N", 256]]}
# CASE {"name": "i8_by_i8", "kernel": "shift_right", "grid": [1], "params": [["x_ptr", "*i8", 256, "bits"], ["y_ptr", "*i8", 256, "int:0:8"], ["o_ptr", "*i8", 256, "out"], ["N", 256]]}
# CASE {"name": "left_i16_by_u16", "kernel": "shift_left", "grid": [1], "params": [["x_ptr", "*i16", 256, "bits"], ["y_ptr", "*u16", 256, "int:0:16"], ["o_ptr", "*u16", 256, "out"], ["N", 256]]}
# CASE {"name": "scalar_by_u32", "kernel": "scalar_shifted_by_tile", "grid": [1], "params": [["y_ptr", "*u32", 256, "int:0:12"], ["o_ptr", "*u32", 256, "out"], ["N", 256]]}
# CASE {"name": "scalar_by_i32", "kernel": "scalar_shifted_by_tile", "grid": [1], "params": [["y_ptr", "*i32", 256, "int:0:12"], ["o_ptr", "*i32", 256, "out"], ["N", 256]]}
