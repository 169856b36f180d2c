# `tl.inline_asm_elementwise` with a tuple of dtypes: one asm, several
# results, in the constraint order Triton uses (each result's registers,
# then each argument's), also with `pack` > 1 on 16-bit results.
import triton
import triton.language as tl


@triton.jit
def split_and_bump(x_ptr, lo_ptr, hi_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    lo, hi = tl.inline_asm_elementwise("and.b32 $0, $2, 65535; shr.u32 $1, $2, 16;", "=r,=r,r", [x],
                                       dtype=(tl.int32, tl.int32), is_pure=True, pack=1)
    tl.store(lo_ptr + offs, lo)
    tl.store(hi_ptr + offs, hi)


@triton.jit
def halves_twice(x_ptr, a_ptr, b_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    # Two 16-bit elements a register: each element, and its complement.
    a, b = tl.inline_asm_elementwise("mov.b32 $0, $2; not.b32 $1, $2;", "=r,=r,r", [x],
                                     dtype=(tl.int16, tl.int16), is_pure=True, pack=2)
    tl.store(a_ptr + offs, a)
    tl.store(b_ptr + offs, b)

# CASE {"name": "split_i32", "kernel": "split_and_bump", "grid": [1], "params": [["x_ptr", "*i32", 256, "bits"], ["lo_ptr", "*i32", 256, "out"], ["hi_ptr", "*i32", 256, "out"], ["N", 256]]}
# CASE {"name": "pack2_i16", "kernel": "halves_twice", "grid": [1], "params": [["x_ptr", "*i16", 256, "bits"], ["a_ptr", "*i16", 256, "out"], ["b_ptr", "*i16", 256, "out"], ["N", 256]]}
