# fp8 values can be loaded, stored and bitcast, not yet converted.
# RUN: not %tritonc %s --signature "*fp32, *fp8e4nv" -o %t.ptx 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    offs = tl.arange(0, 16)
    # CHECK: [[@LINE+1]]:28: error: converting `float32` to `float8e4nv` is not supported yet; fp8 values can only be moved, or reinterpreted with `bitcast=True` [UnsupportedOperation]
    tl.store(y_ptr + offs, tl.load(x_ptr + offs).to(tl.float8e4nv))
