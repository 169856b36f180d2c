# Bytes loaded under a mask, negated in their own width and widened: -(-128)
# wraps to -128 in int8 before the sign extension. From an i16 register
# LLVM's sign extension of the negation becomes shl/neg/shr.s16, which the
# PTX compiler rewrote as a negation of the sign-extended byte (128); masked
# byte loads now hand LLVM an i8. The inputs are every byte value.
import triton
import triton.language as tl


@triton.jit
def negated_bytes(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + i, mask=i < n, other=0)
    tl.store(o_ptr + i, (-x).to(tl.int16), mask=i < n)
    tl.store(o_ptr + n + i, (0 - x).to(tl.int32).to(tl.int16), mask=i < n)

# CASE {"name": "all_bytes", "kernel": "negated_bytes", "grid": [2], "params": [["x_ptr", "*i8", 256, "bits"], ["o_ptr", "*i16", 512, "out"], ["n", "i32", 256], ["BLOCK", 128]]}
# CASE {"name": "all_bytes_unsigned", "kernel": "negated_bytes", "grid": [2], "params": [["x_ptr", "*u8", 256, "bits"], ["o_ptr", "*i16", 512, "out"], ["n", "i32", 256], ["BLOCK", 128]]}
