# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, 7" 2>&1 | FileCheck %s
import triton


@triton.jit
# CHECK: [[@LINE+1]]:14: error: parameter `n` is not a `tl.constexpr` but the signature gives the value `7`; give its type, e.g. `i32` [ValueForRuntimeParam]
def k(x_ptr, n):
    pass
