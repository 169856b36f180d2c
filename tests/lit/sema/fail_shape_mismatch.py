# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # CHECK: [[@LINE+3]]:12: error: shapes `tensor<16xi32>` and `tensor<32xi32>` cannot be broadcast together [ShapeMismatch]
    # CHECK-NEXT: offs = tl.arange(0, 16) + tl.arange(0, 32)
    # CHECK-NEXT: {{^ +\| +}}^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
    offs = tl.arange(0, 16) + tl.arange(0, 32)
    # CHECK: [[@LINE+1]]:40: error: shapes `tensor<16xptr<f32>>` and `tensor<32xi32>` cannot be broadcast together [ShapeMismatch]
    tl.store(x_ptr + tl.arange(0, 16), tl.arange(0, 32))
