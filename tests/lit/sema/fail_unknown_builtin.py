# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def helper(x):
    return x + 1


@triton.jit
def k(x_ptr):
    # CHECK: [[@LINE+2]]:9: error: `tl.sigmoidd` is not a function tritonc knows [UnknownBuiltin]
    # CHECK-NEXT: x = tl.sigmoidd(1.0)
    x = tl.sigmoidd(1.0)
    # CHECK: [[@LINE+1]]:9: error: `helper` is not a function tritonc knows [UnknownBuiltin]
    y = helper(1.0)
