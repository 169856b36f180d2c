# `tl.map_elementwise` runs a function written for one element on whole
# tiles: its run-time `if`s become selects and each element keeps the first
# `return` it reaches. Values from the interpreter on x = i - 8 (i < 16):
# selu (both branches return), clipped (an early return, then code for the
# rest), sign_and_magnitude (two results, `and`/`not`, a conditional
# expression, a run-time scalar argument broadcast). Triton maps tensors
# only: a Python number as an argument, or scalars alone, are refused.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 16 "float(i - 8)"
# RUN: %tritonc run %s --kernel k --signature "*fp32, *fp32, *fp32, *fp32, *fp32, fp32" --grid 1 --arg x_ptr=%t/x.npy --arg big=100.0 \
# RUN:   --arg a_ptr=zeros:16 --arg b_ptr=zeros:16 --arg c_ptr=zeros:16 --arg d_ptr=zeros:16 \
# RUN:   --out a_ptr=%t/a.npy --out b_ptr=%t/b.npy --out c_ptr=%t/c.npy --out d_ptr=%t/d.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/a.npy | FileCheck %s --check-prefix=SELU
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/b.npy | FileCheck %s --check-prefix=CLIPPED
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/c.npy | FileCheck %s --check-prefix=SIGN
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/d.npy | FileCheck %s --check-prefix=MAGNITUDE
# RUN: %tritonc %s --kernel k --signature "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, fp32" -o %t/k.ptx --arch sm_90a
# RUN: not %tritonc %s --kernel looped --signature "*fp32" -o %t/l.ptx 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: not %tritonc %s --kernel packed --signature "*fp32" -o %t/p.ptx 2>&1 | FileCheck %s --check-prefix=PACK
# RUN: not %tritonc %s --kernel constant_argument --signature "*fp32" -o %t/c.ptx 2>&1 | FileCheck %s --check-prefix=CONSTANT
# RUN: not %tritonc %s --kernel scalars_only --signature "*fp32" -o %t/s.ptx 2>&1 | FileCheck %s --check-prefix=SCALARS
# selu(-8) = 0.5 * (exp(-8) - 1), selu(0) = 0.5 * (1 - 1) = 0, selu(3) = 3.
# SELU: 0: -0.49983
# SELU: 8: 0.0
# SELU-NEXT: 9: 1.0
# SELU: 11: 3.0
# clipped: below -4 -> -4, above 4 -> 4 (early returns), else 2x, except 0 -> 1.
# CLIPPED: 3: -4.0
# CLIPPED-NEXT: 4: -8.0
# CLIPPED-NEXT: 5: -6.0
# CLIPPED: 8: 1.0
# CLIPPED-NEXT: 9: 2.0
# CLIPPED: 12: 8.0
# CLIPPED-NEXT: 13: 4.0
# SIGN: 0: -1.0
# SIGN: 8: 0.0
# SIGN-NEXT: 9: 1.0
# MAGNITUDE: 0: 8.0
# MAGNITUDE: 8: 100.0
# MAGNITUDE-NEXT: 9: 1.0
# LOOP: error: a loop in `summed`, which `tl.map_elementwise` maps
# PACK: map_elementwise.py:[[@LINE+65]]:90: error: `tl.map_elementwise` with `pack` other than 1 (several elements per call)
# CONSTANT: map_elementwise.py:[[@LINE+70]]:70: error: `tl.map_elementwise` maps tensors
# SCALARS: map_elementwise.py:[[@LINE+74]]:21: error: `tl.map_elementwise` needs at least one block
import triton
import triton.language as tl


@triton.jit
def selu(x, alpha):
    if x > 0:
        return x
    else:
        return alpha * (tl.exp(x) - 1)


@triton.jit
def clipped(x, bound):
    if x < -bound:
        return -bound
    if x > bound:
        return bound
    y = x * 2
    if x == 0:
        y = 1.0
    return y


@triton.jit
def sign_and_magnitude(x, big):
    if x < 0 and not x > -1000:
        return -2.0, big
    s = 1.0 if x > 0 else -1.0
    if x == 0:
        s = 0.0
    return s, tl.abs(x) if x != 0 else big


@triton.jit
def k(x_ptr, a_ptr, b_ptr, c_ptr, d_ptr, big):
    r = tl.arange(0, 16)
    x = tl.load(x_ptr + r)
    tl.store(a_ptr + r, tl.map_elementwise(selu, x, tl.full([16], 0.5, tl.float32)))
    tl.store(b_ptr + r, tl.map_elementwise(clipped, x, tl.full([16], 4.0, tl.float32)))
    s, m = tl.map_elementwise(sign_and_magnitude, x, big)
    tl.store(c_ptr + r, s)
    tl.store(d_ptr + r, m)


@triton.jit
def summed(x):
    total = 0.0
    for i in range(3):
        total += x
    return total


@triton.jit
def looped(x_ptr):
    r = tl.arange(0, 16)
    tl.store(x_ptr + r, tl.map_elementwise(summed, tl.load(x_ptr + r)))


@triton.jit
def packed(x_ptr):
    r = tl.arange(0, 16)
    tl.store(x_ptr + r, tl.map_elementwise(selu, tl.load(x_ptr + r), tl.load(x_ptr + r), pack=2))


@triton.jit
def constant_argument(x_ptr):
    r = tl.arange(0, 16)
    tl.store(x_ptr + r, tl.map_elementwise(selu, tl.load(x_ptr + r), 0.5))


@triton.jit
def scalars_only(x_ptr):
    tl.store(x_ptr, tl.map_elementwise(selu, tl.load(x_ptr), tl.load(x_ptr + 1)))
