# A scatter of a 128x128 tile with atomics holds every loaded value and
# address before the first atomic. ptxas alone gives this kernel 32
# registers and 5.7 KB of spills; tritonc sees the spills below the 255
# registers a 128-thread CTA allows and assembles it again with `.maxnreg
# 255` (0.6 KB of spills), keeping that PTX. Without ptxas the PTX is as
# generated.
# REQUIRES: ptxas
# RUN: %tritonc %s --signature "*fp32:16, *fp32:16, *i64:16, i32, 255, 128, 128" -o %t.ptx
# RUN: FileCheck %s --check-prefix=BUDGET < %t.ptx
# RUN: %tritonc %s --signature "*fp32:16, *fp32:16, *i64:16, i32, 255, 128, 128" -o %t.plain.ptx --ptxas=
# RUN: FileCheck %s --check-prefix=PLAIN < %t.plain.ptx
# RUN: %tritonc %s --signature "*fp32:16, *fp32:16, *i64:16, i32, 256, 32, 128" -o %t.small.ptx
# RUN: FileCheck %s --check-prefix=PLAIN < %t.small.ptx

# BUDGET: .reqntid 128
# BUDGET-NEXT: .maxnreg 255
# PLAIN: .reqntid
# PLAIN-NOT: .maxnreg
import triton
import triton.language as tl


@triton.jit
def scatter_rows(grad_ptr, table_ptr, rows_ptr, n_rows, width: tl.constexpr, BLOCK_M: tl.constexpr,
                 BLOCK_N: tl.constexpr):
    m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    in_rows = m < n_rows
    rows = tl.load(rows_ptr + m, mask=in_rows, other=0)
    mask = in_rows[:, None] & (n < width)[None, :]
    grad = tl.load(grad_ptr + m[:, None] * width + n[None, :], mask=mask, other=0.0)
    tl.atomic_add(table_ptr + rows[:, None] * width + n[None, :], grad, mask=mask)
