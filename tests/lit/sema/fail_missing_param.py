# Named entries can come in any order, but every parameter without a
# default needs one.
# RUN: not %tritonc %s -o %t.ptx --signature "BLOCK=1024, x_ptr=*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
# CHECK: [[@LINE+1]]:14: error: the signature gives no entry for parameter `n` [MissingParam]
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
