# A 64-bit remainder and quotient of a program id by a 32-bit parameter
# (RoPE kernels index their cos/sin rows with `pid % seq_len` after
# `pid = tl.program_id(0).to(tl.int64)`) fit in 32 bits: value ranges make
# them 32-bit (one `div.s32`, the remainder from the quotient), as under
# Triton, not 64-bit division behind a run-time test of the operands' width.
# RUN: %tritonc %s --signature "*fp32:16, *fp32:16, i32, 64" -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# CHECK-NOT: rem.s64
# CHECK-NOT: div.s64
# CHECK-NOT: div.u32
# CHECK: div.s32
# CHECK-NOT: rem.s64
# CHECK-NOT: div.s64
import triton
import triton.language as tl


@triton.jit
def rows_by_position(x_ptr, cos_ptr, seq_len, D: tl.constexpr):
    pid = tl.program_id(0).to(tl.int64)
    batch = pid // seq_len
    position = pid % seq_len
    cols = tl.arange(0, D)
    c = tl.load(cos_ptr + position * D + cols)
    x = tl.load(x_ptr + pid * D + cols)
    tl.store(x_ptr + pid * D + cols, x * c + batch)
