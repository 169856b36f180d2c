# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # CHECK: [[@LINE+1]]:14: error: `tl.static_range` would unroll 5000 iterations in all; the limit is 4096 [TooManyIterations]
    for i in tl.static_range(5000):
        tl.store(x_ptr + i, 1.0)
