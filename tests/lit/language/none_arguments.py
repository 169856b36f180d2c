# A `None` argument becomes a compile-time `None`, as Triton specialises it:
# no PTX parameter, and `is None` / `is not None` fold on it and on real
# pointers alike. Here the weight is given and the bias and scale are not.
# RUN: %tritonc %s -o %t.ptx --signature "x_ptr=*fp32, w_ptr=*fp32, b_ptr=None, o_ptr=*fp32, n=i32, SCALE=None, N=128"
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: FileCheck %s --check-prefix=META < %t.json
# RUN: %tritonc %s -o %t2.ptx --signature "*fp32, None, *fp32, *fp32, i32, 2.0, 128" --emit tir
# RUN: FileCheck %s --check-prefix=TIR < %t2.ptx
# PTX: .param .u32 k_param_3
# PTX-NOT: k_param_4
# PTX-COUNT-2: ld.global
# PTX-NOT: ld.global
# META: "b_ptr": null,
# META-NEXT: "SCALE": null,
# TIR: func @k(%x_ptr: ptr<f32>, %b_ptr: ptr<f32>, %o_ptr: ptr<f32>, %n: i32)
# TIR-COUNT-2: load
# TIR-NOT: load
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, w_ptr, b_ptr, o_ptr, n, SCALE: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, N)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if w_ptr is not None:
        x = x * tl.load(w_ptr + offs, mask=m)
    if b_ptr is not None:
        x = x + tl.load(b_ptr + offs, mask=m)
    if SCALE is not None:
        x = x * SCALE
    tl.store(o_ptr + offs, x, mask=m)
