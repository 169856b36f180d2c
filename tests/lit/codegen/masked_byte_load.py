# A byte loaded under a mask reaches LLVM as an i8 (inline asm `c`), so
# negating it in int8 and widening sign-extends the int8 result
# (neg.s16, cvt.s16.s8). From an i16 LLVM wrote shl/neg/shr.s16, which the
# PTX compiler rewrote into a negation of the sign-extended byte: 128 for
# -(-128) where Triton gives -128 (difftest dt_603724).
# REQUIRES: ptxas
# RUN: %tritonc %s --kernel negate --signature "*i8, *i16, i32" --num-warps 1 -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
import triton
import triton.language as tl


@triton.jit
def negate(x_ptr, o_ptr, n):
    i = tl.arange(0, 8)
    tl.store(o_ptr + i, (-tl.load(x_ptr + i, mask=i < n, other=0)).to(tl.int16))

# CHECK: @%p{{[0-9]+}} ld.global.u8 [[X:%rs[0-9]+]], [ %rd{{[0-9]+}} + 0 ];
# CHECK-NOT: shr.s16
# CHECK: neg.s16 [[N:%rs[0-9]+]], [[X]];
# CHECK-NEXT: cvt.s16.s8 %rs{{[0-9]+}}, [[N]];
