# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # CHECK: [[@LINE+1]]:14: error: a `for` loop iterates over `range(...)`, `tl.range(...)` or `tl.static_range(...)`; found the function `tl.arange` [BadLoopIterable]
    for j in tl.arange(0, 16):
        tl.store(x_ptr + j, 1.0)
