# RUN: not %tritonc %s -o %t.ptx --signature "i32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(n):
    # CHECK: [[@LINE+1]]:14: error: `tl.store` needs a pointer, found `i32` [NotAPointer]
    tl.store(n, 1)
