# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # CHECK: [[@LINE+2]]:9: error: `tl.sigmoidd` is not a function tritonc knows [UnknownBuiltin]
    # CHECK-NEXT: x = tl.sigmoidd(1.0)
    x = tl.sigmoidd(1.0)
    # Names neither in the builtin table nor in the standard library.
    # CHECK: [[@LINE+1]]:9: error: `tl.zeros_likee` is not a function tritonc knows [UnknownBuiltin]
    y = tl.zeros_likee(x)
    # CHECK: [[@LINE+1]]:9: error: `triton.cdivv` is not a function tritonc knows [UnknownBuiltin]
    z = triton.cdivv(8, 2)
