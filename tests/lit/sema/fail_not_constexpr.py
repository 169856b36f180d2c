# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    # CHECK: [[@LINE+1]]:25: error: the end of `tl.arange` must be a compile-time constant; found `i32` [NotConstexpr]
    offs = tl.arange(0, n)
    # CHECK: [[@LINE+1]]:41: error: a cache or eviction hint must be a compile-time constant; give a string [NotConstexpr]
    tl.store(x_ptr, 1.0, cache_modifier=n)
