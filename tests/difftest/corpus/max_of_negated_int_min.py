# Session 17's campaign, dt_908544 reduced: `tl.maximum(-x, 3)` of int16
# where x is -32768 (whose negation is itself). Widening 16-bit maxima by
# sign extension (the first fix for max_of_negated_i16.py) let ptxas turn
# `cvt.s32.s16 (neg.s16 x)` into a 32-bit negation of the extended x,
# 32768, and the maximum came out -32768 instead of 3; the narrow values now
# sit in the top half of the word instead. (The column maximum of
# max_of_negated_i16.py on these values matches the interpreter under
# tritonc, while Triton's PTX, which sign-extends after `neg.s16`, gives
# -32768 on the GPU: the same ptxas rewrite, so it is not a case here.)
import triton
import triton.language as tl


@triton.jit
def elementwise(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.store(o_ptr + offs, tl.maximum(-v, 3), mask=offs < n)

# CASE {"name": "max_of_negated_int_min", "kernel": "elementwise", "grid": [4], "warps": 1, "seed": 908544, "params": [["x_ptr", "*i16", 1000, "int:-32768:-32764"], ["o_ptr", "*i16", 1000, "out"], ["n", "i32", 1000], ["BLOCK", 256]]}

