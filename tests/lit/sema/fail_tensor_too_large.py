# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # CHECK: [[@LINE+1]]:12: error: tensor of 2097152 elements is larger than the limit of 1048576 (2^20) [TensorTooLarge]
    offs = tl.arange(0, 2097152)
    tl.store(x_ptr + offs, 1.0)
