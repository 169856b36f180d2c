# `--fp32-dot-default` is Triton's TRITON_F32_DEFAULT: the precision of fp32
# dots that name none, over `allow_tf32` too (Triton reads the setting
# first); a dot's own `input_precision` still wins. Code bases' tests set it
# to compare against float64 references (flash-linear-attention's do).
# RUN: %tritonc %s --kernel three_dots --signature "*fp32, *fp32" --emit tir -o - | FileCheck %s --check-prefix=TRITON
# RUN: %tritonc %s --kernel three_dots --signature "*fp32, *fp32" --emit tir -o - --fp32-dot-default ieee | FileCheck %s --check-prefix=IEEE
# RUN: %tritonc %s --kernel three_dots --signature "*fp32, *fp32" --emit tir -o - --fp32-dot-default TF32 | FileCheck %s --check-prefix=TF32
# RUN: %tritonc %s --kernel three_dots --signature "*fp32, *fp32" --emit tir -o - --fp32-dot-default bf16x3 | FileCheck %s --check-prefix=IEEE
# RUN: %tritonc %s --kernel default_dot --signature "*fp32, *fp32" --arch sm_90a -o %t.ptx --fp32-dot-default ieee
# RUN: FileCheck %s --check-prefix=PTX --implicit-check-not=wgmma --implicit-check-not=mma.sync < %t.ptx
# RUN: not %tritonc %s --kernel default_dot --signature "*fp32, *fp32" -o %t.bad.ptx --fp32-dot-default bf16 2>&1 | FileCheck %s --check-prefix=BAD
# TRITON: dot {{.*}}input_precision = "tf32"
# TRITON: dot {{.*}}input_precision = "ieee"
# TRITON: dot {{.*}}input_precision = "tf32x3"
# IEEE: dot {{.*}}input_precision = "ieee"
# IEEE: dot {{.*}}input_precision = "ieee"
# IEEE: dot {{.*}}input_precision = "tf32x3"
# TF32: dot {{.*}}input_precision = "tf32"
# TF32: dot {{.*}}input_precision = "tf32"
# TF32: dot {{.*}}input_precision = "tf32x3"
# PTX: fma.rn.f32
# BAD: --fp32-dot-default: bf16 not in {tf32,tf32x3,ieee,bf16x3,bf16x6}
import triton
import triton.language as tl


@triton.jit
def three_dots(x_ptr, o_ptr):
    offs = tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :]
    x = tl.load(x_ptr + offs)
    a = tl.dot(x, x)
    b = tl.dot(x, a, allow_tf32=False)
    c = tl.dot(x, b, input_precision="tf32x3")
    tl.store(o_ptr + offs, c)


@triton.jit
def default_dot(x_ptr, o_ptr):
    offs = tl.arange(0, 64)[:, None] * 64 + tl.arange(0, 64)[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(o_ptr + offs, tl.dot(x, x))
