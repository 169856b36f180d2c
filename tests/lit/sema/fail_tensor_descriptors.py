# Misused tensor descriptors: each mistake reported once, at its argument.
# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, *i32, i32, i32, 16, 32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, i_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    desc = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    # CHECK: [[@LINE+1]]:20: error: `tl.advance` moves a block pointer (`tl.make_block_ptr`), found a tensor descriptor to `tensor<16x32xf32>` tiles; its `load` and `store` take the offsets [TypeMismatch]
    a = tl.advance(desc, [BM, 0])
    # CHECK: [[@LINE+1]]:17: error: `tl.load` takes pointers or a block pointer, found a tensor descriptor to `tensor<16x32xf32>` tiles; use `desc.load(offsets)` [TypeMismatch]
    b = tl.load(desc)
    # CHECK: [[@LINE+1]]:19: error: `offsets` has 1 entry, but the tensor descriptor has 2 dims (`block_shape` (16, 32)); give one entry per dim [BlockPointerRank]
    c = desc.load([0])
    # CHECK: [[@LINE+1]]:109: error: `padding_option` is "zero" or "nan", found the constant `'inf'` [TypeMismatch]
    d = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN], padding_option="inf")
    # CHECK: [[@LINE+1]]:109: error: padding with NaN needs floating-point elements, found `ptr<i32>` [TypeMismatch]
    e = tl.make_tensor_descriptor(i_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN], padding_option="nan")
    # CHECK: [[@LINE+1]]:35: error: the base of `tl.make_tensor_descriptor` needs a pointer, found `i32` [NotAPointer]
    f = tl.make_tensor_descriptor(M, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    # CHECK: [[@LINE+1]]:24: error: the value stored through a tensor descriptor to `tensor<16x32xf32>` tiles must be a scalar or a `tensor<16x32xf32>`, found `tensor<32xi32>` [TypeMismatch]
    desc.store([0, 0], tl.arange(0, 32))
    # CHECK: [[@LINE+1]]:64: error: the `strides` of a tensor descriptor must be integer scalars, found the constant `1.5` [TypeMismatch]
    g = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1.5], block_shape=[BM, BN])
