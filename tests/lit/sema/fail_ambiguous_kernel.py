# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
# CHECK: tritonc: error: the file defines several kernels (`first`, `second`); choose one with `--kernel` [AmbiguousKernel]
import triton
import triton.language as tl


@triton.jit
def first(x_ptr):
    tl.store(x_ptr, 1.0)


@triton.jit
def second(x_ptr):
    tl.store(x_ptr, 2.0)
