# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, 1000" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    # CHECK: [[@LINE+2]]:12: error: `tl.arange(0, 1000)` needs a power-of-two length; found 1000 [BadArangeBounds]
    # CHECK-NEXT: offs = tl.arange(0, BLOCK)
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0)
