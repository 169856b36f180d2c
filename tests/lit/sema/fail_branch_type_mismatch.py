# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    # CHECK: [[@LINE+2]]:5: error: `y` is the constant `1.0` after the `if` branch but `tensor<16xi32>` after the `else` branch [BranchTypeMismatch]
    # CHECK-NEXT: if n > 0:
    if n > 0:
        y = 1.0
    else:
        y = tl.arange(0, 16)
    tl.store(x_ptr, y)
