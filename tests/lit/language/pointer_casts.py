# Triton's pointer casts: a pointer reinterpreted through
# `tl.pointer_type`, a pointer as its int64 address and back; anything
# else is refused. x = 1.0, 2.0, 4.0, 0.5: the float's exponent bits
# (bits >> 23) plus the value read back through the address.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 4 "[1.0, 2.0, 4.0, 0.5][i]"
# RUN: %tritonc run %s --kernel casts --signature "*fp32:16, *fp32:16, 4" --grid 1 \
# RUN:   --arg x_ptr=%t/x.npy --arg o_ptr=zeros:4 --out o_ptr=%t/o.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | FileCheck %s
# RUN: %tritonc %s --kernel casts --signature "*fp32:16, *fp32:16, 64" -o %t/c.ptx --arch sm_80
# RUN: not %tritonc %s --kernel refused --signature "*fp32" -o %t/r.ptx 2>&1 | FileCheck %s --check-prefix=BAD
# CHECK: 0: 128.0
# CHECK-NEXT: 1: 130.0
# CHECK-NEXT: 2: 133.0
# CHECK-NEXT: 3: 126.5
import triton
import triton.language as tl


@triton.jit
def casts(x_ptr, o_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    bits = tl.load(x_ptr.to(tl.pointer_type(tl.int32)) + offs)
    address = (x_ptr + offs).to(tl.int64)
    tl.store(o_ptr + offs, (bits >> 23).to(tl.float32) + tl.load(address.to(tl.pointer_type(tl.float32))))


@triton.jit
def refused(x_ptr):
    # BAD: [[@LINE+1]]:9: error: cannot convert `ptr<f32>` to the dtype `tl.float32`; pointers convert to pointers and to `int64`, and `int64` to pointers [TypeMismatch]
    y = x_ptr.to(tl.float32)
