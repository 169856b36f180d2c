# tl.gather along either axis, and tl.inline_asm_elementwise with one
# element per asm and with four bytes packed in a register.
import triton
import triton.language as tl


@triton.jit
def gather_2d(x_ptr, i_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rn = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rm * N + rn)
    idx = tl.load(i_ptr + rm * N + rn)
    tl.store(o_ptr + rm * N + rn, tl.gather(x, idx, AXIS))


@triton.jit
def asm_elementwise(x_ptr, y_ptr, o_ptr, b_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    z = tl.inline_asm_elementwise("max.f32 $0, $1, $2;", "=r,r,r", [x, y], dtype=tl.float32, is_pure=True, pack=1)
    tl.store(o_ptr + offs, z)
    b = tl.load(b_ptr + offs)
    c = tl.inline_asm_elementwise("add.u32 $0, $1, 0x01010101;", "=r,r", [b], dtype=tl.uint8, is_pure=True, pack=4)
    tl.store(b_ptr + offs, c)

# CASE {"name": "gather_axis0", "kernel": "gather_2d", "grid": [1], "params": [["x_ptr", "*fp32", 2048, "randn"], ["i_ptr", "*i32", 2048, "int:0:64"], ["o_ptr", "*fp32", 2048, "out"], ["M", 64], ["N", 32], ["AXIS", 0]]}
# CASE {"name": "gather_axis1", "kernel": "gather_2d", "grid": [1], "params": [["x_ptr", "*fp16", 2048, "randn"], ["i_ptr", "*i64", 2048, "int:0:32"], ["o_ptr", "*fp16", 2048, "out"], ["M", 64], ["N", 32], ["AXIS", 1]]}
# CASE {"name": "asm", "kernel": "asm_elementwise", "grid": [1], "params": [["x_ptr", "*fp32", 1024, "randn"], ["y_ptr", "*fp32", 1024, "randn"], ["o_ptr", "*fp32", 1024, "out"], ["b_ptr", "*u8", 1024, "int:0:250"], ["N", 1024]]}
