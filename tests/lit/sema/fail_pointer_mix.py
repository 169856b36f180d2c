# Pointers choose only among pointers of the same type; there is no
# promotion between a pointer and a number.
# RUN: not %tritonc %s --kernel k -o %t.ptx --signature "*fp32, *fp32, *i32, i32" 2>&1 | FileCheck %s
# RUN: %tritonc %s --kernel fine -o - --emit tir --signature "*fp32, *fp32, i32" | FileCheck --check-prefix=TIR %s
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, i_ptr, n):
    offs = tl.arange(0, 16)
    # CHECK: [[@LINE+1]]:42: error: `tl.where` cannot mix `ptr<f32>` with the constant `0` [TypeMismatch]
    p = tl.where(offs < n, a_ptr + offs, 0)
    # CHECK: [[@LINE+1]]:42: error: `tl.where` cannot mix `ptr<f32>` with `tensor<16xptr<i32>>` [TypeMismatch]
    q = tl.where(offs < n, a_ptr + offs, i_ptr + offs)
    # CHECK: [[@LINE+1]]:9: error: tl.maximum cannot take pointers, found `tensor<16xptr<f32>>` [TypeMismatch]
    r = tl.maximum(a_ptr + offs, b_ptr + offs)
# CHECK-NOT: error:


@triton.jit
def fine(a_ptr, b_ptr, n):
    offs = tl.arange(0, 16)
    # TIR: select {{.*}} : tensor<16xptr<f32>>
    p = tl.where(offs < n, a_ptr + offs, b_ptr + offs)
    tl.store(p, 1.0)
