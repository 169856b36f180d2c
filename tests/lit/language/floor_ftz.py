# fp32 `tl.floor` and `tl.ceil` go through libdevice as in Triton, linked
# with flush-to-zero: a subnormal input reads as a signed zero, so
# floor(-1e-45) is -0.0 (not -1.0) and ceil(1e-45) is 0.0 (not 1.0). The
# interpreter, exact for these functions, does the same.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 4 "[-1e-45, 1e-45, -1.5, 2.25][i]"
# RUN: %tritonc run %s --kernel rounded --signature "*fp32, *fp32, *fp32" --grid 1 --arg x_ptr=%t/x.npy \
# RUN:   --arg f_ptr=zeros:4 --arg c_ptr=zeros:4 --out f_ptr=%t/f.npy --out c_ptr=%t/c.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/f.npy | FileCheck %s --check-prefix=FLOOR
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/c.npy | FileCheck %s --check-prefix=CEIL
# RUN: %tritonc %s --kernel rounded --signature "*fp32:16, *fp32:16, *fp32:16" -o - | FileCheck %s --check-prefix=PTX
# FLOOR: 0: -0.0
# FLOOR-NEXT: 1: 0.0
# FLOOR-NEXT: 2: -2.0
# FLOOR-NEXT: 3: 2.0
# CEIL: 0: -0.0
# CEIL-NEXT: 1: 0.0
# CEIL-NEXT: 2: -1.0
# CEIL-NEXT: 3: 3.0
# PTX-DAG: cvt.rmi.ftz.f32.f32
# PTX-DAG: cvt.rpi.ftz.f32.f32
import triton
import triton.language as tl


@triton.jit
def rounded(x_ptr, f_ptr, c_ptr):
    offs = tl.arange(0, 4)
    x = tl.load(x_ptr + offs)
    tl.store(f_ptr + offs, tl.floor(x))
    tl.store(c_ptr + offs, tl.ceil(x))
