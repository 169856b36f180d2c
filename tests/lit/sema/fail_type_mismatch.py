# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, *fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    # CHECK: [[@LINE+1]]:9: error: `*` cannot combine `ptr<f32>` and the constant `2`; pointers take integer offsets with `+` and `-` [TypeMismatch]
    a = x_ptr * 2
    # CHECK: [[@LINE+1]]:9: error: `-` cannot combine `ptr<f32>` and `ptr<f32>`; pointers take integer offsets with `+` and `-` [TypeMismatch]
    b = x_ptr - y_ptr
    # CHECK: [[@LINE+1]]:9: error: division by zero in a compile-time expression [TypeMismatch]
    c = 1 // 0
    # CHECK: [[@LINE+1]]:25: error: `axis` must be 0, 1 or 2, found 3 [TypeMismatch]
    pid = tl.program_id(3)
    # CHECK: [[@LINE+1]]:26: error: `other` needs a `mask`; without one every element is loaded [TypeMismatch]
    tl.load(x_ptr, None, 0.0)
