# A number bound by a plain assignment is a 0-d tensor in Triton: it
# widens a narrower tile (`x + a` with int8 x is int32), an fp32 number
# makes fp16 arithmetic fp32, `1 << 31` is uint32, and its own arithmetic
# truncates like the tensor's. Annotated `tl.constexpr` numbers stay
# Python numbers.
import triton
import triton.language as tl


@triton.jit
def widened(x_ptr, o_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    a = 100
    C: tl.constexpr = 100
    tl.store(o_ptr + offs, (x + a) * 2 + (x + C))


@triton.jit
def scaled(x_ptr, o_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    scale = 0.1
    tl.store(o_ptr + offs, tl.load(x_ptr + offs) * scale + 0.3)


@triton.jit
def masks(x_ptr, o_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    partial = 1 << 30
    top = 1 << 31
    value_mask = ~(partial | top)
    m = -7
    q = m // 2
    r = m % 2
    n = N
    x = tl.load(x_ptr + offs)
    tl.store(o_ptr + offs, (x & value_mask).to(tl.int32) + ((x & top) != 0).to(tl.int32) + q * 10 + r + n.to(tl.int8))

# CASE {"name": "assigned_int_widens", "kernel": "widened", "grid": [1], "params": [["x_ptr", "*i8", 256, "bits"], ["o_ptr", "*i32", 256, "out"], ["N", 256]]}
# CASE {"name": "assigned_float_fp32", "kernel": "scaled", "grid": [1], "params": [["x_ptr", "*fp16", 256, "randn:30"], ["o_ptr", "*fp32", 256, "out"], ["N", 256]]}
# CASE {"name": "assigned_masks", "kernel": "masks", "grid": [1], "params": [["x_ptr", "*i32", 256, "bits"], ["o_ptr", "*i32", 256, "out"], ["N", 256]]}
