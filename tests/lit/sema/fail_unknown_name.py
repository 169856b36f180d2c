# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # CHECK: [[@LINE+3]]:22: error: unknown name `offsets` [UnknownName]
    # CHECK-NEXT: tl.store(x_ptr + offsets, 1.0)
    # CHECK-NEXT: {{^ +\| +}}^~~~~~~{{$}}
    tl.store(x_ptr + offsets, 1.0)
