# `return` inside run-time `if`s, as Triton allows outside loops: rows past
# n_rows return at once; a row with a negative sum stores -x and returns;
# row 2 doubles x; the rest store x. The helper returns early in one branch
# and falls through to a second `return` otherwise.
# x = i % 5 - 1 (rows 0 and 1 sum to 7 and 5), but -9 for row 2's first
# element, so that row's sum is negative.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/Inputs/npy_tool.py write %t/x.npy "<f4" 24 "(-9.0 if i == 16 else float(i % 5 - 1))"
# RUN: %tritonc run %s --kernel k --signature "*fp32, *fp32, i32, i32, 8" --grid 5 \
# RUN:   --arg x_ptr=%t/x.npy --arg o_ptr=zeros:40 --arg n_rows=3 --arg n_cols=8 --out o_ptr=%t/o.npy
# RUN: python3 %S/Inputs/npy_tool.py print %t/o.npy | FileCheck %s
# CHECK: 0: -0.5
# CHECK-NEXT: 1: 0.0
# CHECK-NEXT: 2: 0.5
# CHECK: 16: 9.0
# CHECK-NEXT: 17: -1.0
# CHECK-NEXT: 18: -2.0
# CHECK: 24: 0.0
# CHECK: 39: 0.0
import triton
import triton.language as tl


@triton.jit
def halve_positive(x, t):
    if t > 0:
        return x * 0.5
    y = x + 100.0
    return y


@triton.jit
def k(x_ptr, o_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    if row >= n_rows:
        return
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
    if tl.sum(x, axis=0) < 0:
        tl.store(o_ptr + row * n_cols + cols, -x, mask=m)
        return
    tl.store(o_ptr + row * n_cols + cols, halve_positive(x, n_cols), mask=m)
