# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32, i32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
# CHECK: [[@LINE+1]]:17: error: parameter `BLOCK` is a `tl.constexpr` but the signature gives the type `i32` [ConstexprRequired]
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
