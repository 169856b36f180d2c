# Diagnostics of tl.dot (Triton's dtype, shape and precision rules), of
# reductions with indices, and of compile-time questions tritonc cannot answer.
# RUN: not %tritonc %s --signature "*fp16, *fp32, *i8, *fp64, i32, 16" --emit tir -o - 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, f_ptr, q_ptr, d_ptr, n, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    s = tl.arange(0, 8)
    a = tl.load(a_ptr + r[:, None] * BLOCK + r[None, :])
    f = tl.load(f_ptr + r[:, None] * BLOCK + r[None, :])
    q = tl.load(q_ptr + r[:, None] * BLOCK + r[None, :])
    d = tl.load(d_ptr + r[:, None] * BLOCK + r[None, :])
    # CHECK: [[@LINE+1]]:10: error: the operands of `tl.dot` differ in dtype, `tensor<16x16xf16>` and `tensor<16x16xf32>`; convert one with `.to()` [TypeMismatch]
    x1 = tl.dot(a, f)
    # CHECK: [[@LINE+1]]:20: error: `tl.dot` multiplies 2-D tensors, found `tensor<16xi32>` [TypeMismatch]
    x2 = tl.dot(a, r)
    w = d.to(tl.int32)
    # CHECK: [[@LINE+1]]:17: error: `tl.dot` takes int8, fp16, bf16, fp32, fp64 or fp8 operands, found `tensor<16x16xi32>` [TypeMismatch]
    x3 = tl.dot(w, w)
    # CHECK: [[@LINE+1]]:10: error: `tl.dot` needs M >= 16, N >= 16 and K >= 16 for `f16` operands, found M = 16, N = 8, K = 16 [TypeMismatch]
    x4 = tl.dot(a, tl.load(a_ptr + r[:, None] * 8 + s[None, :]))
    # CHECK: [[@LINE+1]]:10: error: `tl.dot` needs M >= 16, N >= 16 and K >= 32 for `i8` operands, found M = 16, N = 16, K = 16 [TypeMismatch]
    x5 = tl.dot(q, q)
    # CHECK: [[@LINE+1]]:39: error: `input_precision` must be "tf32", "tf32x3", "bf16x3", "bf16x6" or "ieee", found the constant `'fast'` [TypeMismatch]
    x6 = tl.dot(a, a, input_precision="fast")
    # CHECK: [[@LINE+1]]:10: error: `tl.dot` takes `input_precision` or `allow_tf32`, not both [TypeMismatch]
    x7 = tl.dot(f, f, input_precision="ieee", allow_tf32=True)
    # CHECK: [[@LINE+1]]:33: error: `out_dtype=tl.bfloat16` is not supported; use `tl.float32` and convert with `.to(tl.bfloat16)` [TypeMismatch]
    x8 = tl.dot(a, a, out_dtype=tl.bfloat16)
    # CHECK: [[@LINE+1]]:33: error: `out_dtype` of `tl.dot` must be `tl.float32` or `tl.float16`, found `tl.int32` [TypeMismatch]
    x9 = tl.dot(a, a, out_dtype=tl.int32)
    # CHECK: [[@LINE+1]]:28: error: `acc` of `tl.dot` must be `tensor<16x16xf32>`, found `tensor<16x16xf16>` [TypeMismatch]
    x10 = tl.dot(a, a, acc=f.to(tl.float16))
    # CHECK: [[@LINE+1]]:11: error: a batched `tl.dot` multiplies [B, M, K] by [B, K, N] of one dtype, found `tensor<1x16x16xf16>` and `tensor<1x16x16xf32>` [TypeMismatch]
    x11 = tl.dot(a[None, :, :], f[None, :, :])
    # CHECK: [[@LINE+1]]:35: error: this flag must be a compile-time constant; give `True` or `False` [NotConstexpr]
    x12 = tl.dot(a, a, allow_tf32=n > 0)
    # CHECK: [[@LINE+1]]:9: error: `tl.max` with `return_indices=True` needs an `axis` [TypeMismatch]
    m = tl.max(a, return_indices=True)
    ok = tl.dot(a, a)
    # CHECK: [[@LINE+1]]:49: error: the dtype `tl.float32` has no method `is_block` that tritonc knows [UnsupportedOperation]
    tl.static_assert(ok.dtype.is_fp32() and not ok.dtype.is_block())
    # CHECK: [[@LINE+1]]:24: error: `isinstance` in a kernel takes `tl.constexpr`, `tl.tensor` or `tl.tensor_descriptor`, found the function `int` [UnsupportedOperation]
    t = isinstance(ok, int)
    # CHECK: [[@LINE+1]]:9: error: the dtype `tl.float32` has no attribute `nope` that tritonc knows [UnsupportedOperation]
    u = ok.dtype.nope
