# A kernel built from inlined helpers (constexpr arguments, a tuple result,
# a run-time `if` returning from both branches) and standard library
# functions assembles with ptxas.
# REQUIRES: ptxas
# RUN: %tritonc %s -o %t.ptx --kernel rows --signature "*fp32:16, *fp32:16, i32, 256"
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
import triton
import triton.language as tl


@triton.jit
def load_row(ptr, row, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    return tl.load(ptr + row * n + offs, mask=mask, other=-float("inf")), offs, mask


@triton.jit
def gate(x, row):
    if row % 2 == 0:
        return tl.sigmoid(x)
    else:
        return x


@triton.jit
def rows(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x, offs, mask = load_row(x_ptr, row, n, BLOCK)
    y = gate(tl.softmax(x), row)
    tl.store(y_ptr + row * n + offs, y, mask=mask)
