# `--host-value NAME=libdevice.FN` binds a module-level name that Python
# sets to a libdevice function of a module it chose at run time (FlagGems'
# `tanh = tl_extra_shim.tanh`); without it the name is refused as host code.
# RUN: rm -rf %t && mkdir -p %t
# RUN: not %tritonc %s -I %S/Inputs --kernel tanh_rows --signature "*fp32:16, *fp32:16" -o %t/none.ptx 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: %tritonc %s -I %S/Inputs --kernel tanh_rows --signature "*fp32:16, *fp32:16" -o %t/k.ptx --host-value hostvals.math_shim.tanh=triton.language.extra.cuda.libdevice.tanh
# RUN: %tritonc %s -I %S/Inputs --kernel tanh_rows --signature "*fp32:16, *fp32:16" -o %t/bare.ptx --host-value tanh=libdevice.tanh
# RUN: FileCheck %s --check-prefix=PTX < %t/k.ptx
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 128 "(i - 64) / 16.0"
# RUN: %tritonc run %s -I %S/Inputs --kernel tanh_rows --signature "*fp32, *fp32" --grid 1 --host-value tanh=libdevice.tanh --arg x_ptr=%t/x.npy --arg o_ptr=zeros:128 --out o_ptr=%t/o.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | FileCheck %s --check-prefix=VALUES
# NONE: error: `tanh` is bound by
# PTX: .visible .entry tanh_rows(
# PTX: ex2.approx
# VALUES: 0: -0.99932
# VALUES: 64: 0
# VALUES: 80: 0.76159
import triton
import triton.language as tl
from hostvals.math_shim import tanh


@triton.jit
def tanh_rows(x_ptr, o_ptr):
    offs = tl.arange(0, 128)
    tl.store(o_ptr + offs, tanh(tl.load(x_ptr + offs)))
