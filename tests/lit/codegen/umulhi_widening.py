# `tl.umulhi` on 32-bit integers takes the high word of mul.wide.u32, not
# mul.hi.u32: ptxas fuses mul.hi.u32 with the adds reading it into
# IMAD.HI.U32 with a 64-bit addend and, with one product feeding several
# adds, stored one row's sum for another (difftest dt_922232,
# src/codegen/MulHigh.h). 64-bit operands keep the 128-bit product's high
# half (mul.hi.u64). A 32-bit product of the same two words (Philox's
# low half) takes the widening product's low word.
# RUN: %tritonc %s --kernel narrow --signature "*u32:16, *u32:16, 64" -o - | FileCheck %s --check-prefix=NARROW
# RUN: %tritonc %s --kernel wide --signature "*u64:16, *u64:16, 64" -o - | FileCheck %s --check-prefix=WIDE
# NARROW-NOT: mul.hi.u32
# NARROW: mul.wide.u32 w, [[A:%r[0-9]+]], [[A]];
# NARROW-NEXT: mov.b64 {[[LO:%r[0-9]+]], [[HI:%r[0-9]+]]}, w;
# NARROW-NOT: mul.hi.u32
# NARROW: add.s32 {{.*}}[[HI]]
# WIDE: mul.hi.u64
# RUN: %tritonc %s --kernel both --signature "*u32:16, *u32:16, 64" -o - | FileCheck %s --check-prefix=BOTH
# BOTH-NOT: mul.lo
# BOTH: mul.wide.u32 w, [[X:%r[0-9]+]], [[Y:%r[0-9]+]];
# BOTH-NEXT: mov.b64 {[[LO:%r[0-9]+]], [[HI:%r[0-9]+]]}, w;
# BOTH-NOT: mul.lo
# BOTH: xor.b32 {{%r[0-9]+}}, [[LO]], [[HI]];
# BOTH-NOT: mul.lo
import triton
import triton.language as tl


@triton.jit
def narrow(s_ptr, x_ptr, N: tl.constexpr):
    s = tl.load(s_ptr)
    offs = tl.arange(0, N)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + tl.umulhi(s, s))


@triton.jit
def wide(s_ptr, x_ptr, N: tl.constexpr):
    s = tl.load(s_ptr)
    offs = tl.arange(0, N)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + tl.umulhi(s, s))


@triton.jit
def both(s_ptr, x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    a = tl.load(s_ptr + offs)
    b = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, tl.umulhi(a, b) ^ (a * b) ^ offs.to(tl.uint32))
