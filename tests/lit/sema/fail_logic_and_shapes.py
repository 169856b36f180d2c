# Diagnostics of conditional expressions, logical and unary operators and
# shape builtins.
# RUN: not %tritonc %s --signature "*fp16, *fp32, i32, 16" --emit tir -o - 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, f_ptr, n, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r[:, None] * BLOCK + r[None, :])
    f = tl.load(f_ptr + r[:, None] * BLOCK + r[None, :])
    # CHECK: [[@LINE+1]]:14: error: the condition of a conditional expression must be a scalar; found `tensor<16xi1>` [ConditionNotScalar]
    a = x if r < n else x
    # CHECK: [[@LINE+1]]:21: error: a conditional expression cannot take a tuple of 2 values [TypeMismatch]
    b = x if n else (x, x)
    # CHECK: [[@LINE+1]]:9: error: the sides of a conditional expression differ: `ptr<f16>` and `ptr<f32>` [TypeMismatch]
    c = x_ptr if n else f_ptr
    # CHECK: [[@LINE+1]]:9: error: `and` cannot take `ptr<f16>`; compare the pointer first [TypeMismatch]
    d = x_ptr and n
    # CHECK: [[@LINE+1]]:9: error: `~` needs an integer operand, found `tensor<16x16xf32>` [TypeMismatch]
    e = ~f
    # CHECK: [[@LINE+1]]:9: error: bad operand for unary `not`: `ptr<f16>` [TypeMismatch]
    g = not x_ptr
    # CHECK: [[@LINE+1]]:21: error: the dims of `tl.trans` must be a permutation of 0..1 for `tensor<16x16xf16>`, found (0, 0) [TypeMismatch]
    h = tl.trans(x, 0, 0)
    # CHECK: [[@LINE+1]]:9: error: the dims of `tl.trans` must be a permutation of 0..0 for `tensor<16xi32>`, found (1, 0) [TypeMismatch]
    i = tl.trans(r)
    # CHECK: [[@LINE+1]]:9: error: `tl.reshape` must keep the number of elements: `tensor<16x16xf16>` has 256, the shape (16) has 16 [TypeMismatch]
    j = tl.reshape(x, BLOCK)
    # CHECK: [[@LINE+1]]:28: error: `tl.expand_dims` received duplicate axes, normalised (0, 0) [TypeMismatch]
    k2 = tl.expand_dims(x, (0, 0))
    # CHECK: [[@LINE+1]]:9: error: shapes `tensor<16x16xf16>` and `tensor<16x32xf16>` cannot be broadcast together [ShapeMismatch]
    l = tl.broadcast_to(x, (BLOCK, 2 * BLOCK))
    # CHECK: [[@LINE+1]]:23: error: the dims of `tl.permute` must be a compile-time constant; give constant integers such as `(1, 0)` [NotConstexpr]
    m = tl.permute(x, n, 0)
    # CHECK: [[@LINE+1]]:9: error: `.T` transposes a 2-D tensor, found `tensor<16xi32>`; use `tl.permute` for other ranks [TypeMismatch]
    o = r.T
    # CHECK: [[@LINE+1]]:23: error: `tl.reshape` needs a shape with one or more dims [TypeMismatch]
    p = tl.reshape(x, ())
    # CHECK: [[@LINE+1]]:27: error: `axis` 3 is out of range for a result of rank 3 [TypeMismatch]
    q = tl.expand_dims(x, 3)
