# `tl.dtype(NAME)` makes a dtype from its Triton name (integers as "int32",
# "uint8"; floats as "fp16", "bf16", "fp32", "fp8e5"), as kernels that take
# a dtype's name as a constexpr do; an unknown name is refused.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 4 "[1.5, -2.25, 300.75, 0.1][i]"
# RUN: %tritonc run %s --kernel converted --signature "*fp32, *fp16, *i32, \"fp16\"" --grid 1 --arg x_ptr=%t/x.npy \
# RUN:   --arg h_ptr=zeros:4 --arg i_ptr=zeros:4 --out h_ptr=%t/h.npy --out i_ptr=%t/i.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/h.npy | FileCheck %s --check-prefix=HALF
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/i.npy | FileCheck %s --check-prefix=INT
# RUN: not %tritonc %s --kernel converted --signature "*fp32, *fp16, *i32, \"float\"" -o %t/bad.ptx 2>&1 | FileCheck %s --check-prefix=BAD
# HALF: 0: 1.5
# HALF-NEXT: 1: -2.25
# HALF-NEXT: 2: 300.75
# INT: 0: 1
# INT-NEXT: 1: -2
# INT-NEXT: 2: 300
# BAD: dtype_by_name.py:[[@LINE+9]]:42: error: `tl.dtype` takes a dtype's name such as "fp32", "bf16" or "int32", found the constant `'float'`
import triton
import triton.language as tl


@triton.jit
def converted(x_ptr, h_ptr, i_ptr, DTYPE: tl.constexpr):
    offs = tl.arange(0, 4)
    x = tl.load(x_ptr + offs)
    tl.store(h_ptr + offs, x.to(tl.dtype(DTYPE)))
    tl.store(i_ptr + offs, x.to(tl.dtype("int32")))
