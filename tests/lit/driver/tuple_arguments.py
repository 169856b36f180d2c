# A tuple argument (flash-linear-attention's attnres takes its residual
# sources as one tuple of tensors) arrives as its elements, each
# specialised alone and named `<tuple>_<index>`: run-time elements are
# parameters, constants are constexprs, and the metadata says which.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %s --kernel weighted_sum --signature "(*fp32:16, *fp32:16, *fp32, None), *fp32:16, fp32, 8, 3" -o %t/k.ptx --header %t/k.h
# RUN: FileCheck %s --check-prefix=META < %t/k.json
# RUN: FileCheck %s --check-prefix=HEADER < %t/k.h
# RUN: FileCheck %s --check-prefix=PTX < %t/k.ptx
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/a.npy "<f4" 8 "float(i)"
# RUN: %tritonc run %s --kernel weighted_sum --signature "(*fp32:16, *fp32:16, *fp32, None), *fp32:16, fp32, 8, 3" --grid 1 --arg srcs_0=%t/a.npy --arg srcs_1=%t/a.npy --arg srcs_2=%t/a.npy --arg o_ptr=zeros:8 --arg scale=0.5 --out o_ptr=%t/o.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | FileCheck %s --check-prefix=VALUES
# RUN: %tritonc run %s --kernel weighted_sum --signature "(*fp32, *fp32, *fp32, *fp32), *fp32, fp32, 8, 3" --grid 1 --arg srcs_0=%t/a.npy --arg srcs_1=%t/a.npy --arg srcs_2=%t/a.npy --arg srcs_3=%t/a.npy --arg o_ptr=zeros:8 --arg scale=0.5 --out o_ptr=%t/o4.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o4.npy | FileCheck %s --check-prefix=UNSCALED
# RUN: not %tritonc %s --kernel constant_tuple --signature "(*fp32, 2), *fp32" -o %t/bad.ptx 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
# RUN: not %tritonc %s --kernel clash --signature "(*fp32, *fp32), *fp32" -o %t/bad.ptx 2>&1 | FileCheck %s --check-prefix=CLASH
# META: "params": [
# META-NEXT: {"name": "srcs_0", "type": "*fp32:16"},
# META-NEXT: {"name": "srcs_1", "type": "*fp32:16"},
# META-NEXT: {"name": "srcs_2", "type": "*fp32"},
# META-NEXT: {"name": "o_ptr", "type": "*fp32:16"},
# META: "srcs_3": null,
# META: "tuples": [
# META-NEXT: {"name": "srcs", "elements": ["srcs_0", "srcs_1", "srcs_2", "srcs_3"]}
# HEADER: launch(CUstream stream, Grid grid, CUdeviceptr srcs_0, CUdeviceptr srcs_1, CUdeviceptr srcs_2, CUdeviceptr o_ptr, float scale)
# PTX: .param .u64 {{.*}}weighted_sum_param_2
# PTX-COUNT-3: ld.global
# The sum of rows 1, 2 and 3 times the source, scaled by 0.5 when the
# fourth element is None, unscaled when it is a tensor.
# VALUES: 1: 3.0
# VALUES: 7: 21.0
# UNSCALED: 1: 6.0
# UNSCALED: 7: 42.0
# CONSTEXPR: error: parameter `pair` is a `tl.constexpr` but the signature gives the tuple `(*fp32, 2)` [ConstexprRequired]
# CLASH: error: an element of tuple `t` arrives as `t_0`, the name of another parameter; rename that one [TypeMismatch]
import triton
import triton.language as tl


@triton.jit
def weighted_sum(srcs, o_ptr, scale, N: tl.constexpr, L: tl.constexpr):
    offs = tl.arange(0, N)
    acc = tl.zeros([N], dtype=tl.float32)
    for i in tl.static_range(L):
        acc += tl.load(srcs[i] + offs) * (i + 1)
    if srcs[L] is None:
        acc = acc * scale
    tl.store(o_ptr + offs, acc)


@triton.jit
def constant_tuple(pair: tl.constexpr, o_ptr):
    tl.store(o_ptr, 1.0)


@triton.jit
def clash(t, t_0):
    tl.store(t_0, tl.load(t[0]))
