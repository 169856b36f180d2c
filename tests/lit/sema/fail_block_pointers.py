# Misused block pointers: each mistake reported once, at its argument.
# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, *i32, i32, i32, i64, 16, 32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, i_ptr, M, N, big, BM: tl.constexpr, BN: tl.constexpr):
    bp = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    # CHECK: [[@LINE+1]]:36: error: `boundary_check` names dim 2, but the block pointer has 2 dims; use dims 0 to 1 [BoundaryCheckDim]
    a = tl.load(bp, boundary_check=(0, 2))
    # CHECK: [[@LINE+1]]:36: error: `boundary_check` names dim -1, but the block pointer has 2 dims; use dims 0 to 1 [BoundaryCheckDim]
    a = tl.load(bp, boundary_check=(-1,))
    # CHECK: [[@LINE+1]]:34: error: `shape` has 3 entries, but the block pointer has 2 dims (`block_shape` (16, 32)); give one entry per dim [BlockPointerRank]
    b = tl.make_block_ptr(x_ptr, (M, N, 4), (N, 1, 1), (0, 0, 0), (BM, BN), (1, 0))
    # CHECK: [[@LINE+1]]:68: error: the `order` of a block pointer must be a permutation of its dims 0 to 1, found (1, 1) [TypeMismatch]
    c = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 1))
    # CHECK: [[@LINE+1]]:27: error: the base of `tl.make_block_ptr` needs a pointer, found `i32` [NotAPointer]
    d = tl.make_block_ptr(M, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    # CHECK: [[@LINE+1]]:50: error: the `offsets` of a block pointer are 32-bit, found `i64`; convert with `.to(tl.int32)` or index with ordinary pointer arithmetic [TypeMismatch]
    e = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (big, 0), (BM, BN), (1, 0))
    # CHECK: [[@LINE+1]]:42: error: the `strides` of a block pointer must be integer scalars, found the constant `1.5` [TypeMismatch]
    f = tl.make_block_ptr(x_ptr, (M, N), (N, 1.5), (0, 0), (BM, BN), (1, 0))
    # CHECK: [[@LINE+1]]:58: error: shape dimensions must be powers of two, found 3 [TypeMismatch]
    g = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (BM, 3), (1, 0))
    # CHECK: [[@LINE+1]]:22: error: `tl.load` through a block pointer takes no `mask`; out-of-bounds elements are masked by `boundary_check` and filled as `padding_option` says [UnsupportedOperation]
    tl.load(bp, mask=M > 0)
    # CHECK: [[@LINE+1]]:28: error: `tl.store` through a block pointer takes no `mask`; out-of-bounds elements are masked by `boundary_check` [UnsupportedOperation]
    tl.store(bp, 1.0, mask=M > 0)
    ib = tl.make_block_ptr(i_ptr, (M,), (1,), (0,), (BM,), (0,))
    # CHECK: [[@LINE+1]]:53: error: padding with NaN needs floating-point elements, found a block pointer to `tensor<16xi32>` tiles [TypeMismatch]
    tl.load(ib, boundary_check=(0,), padding_option="nan")
    # CHECK: [[@LINE+1]]:32: error: `padding_option` is "zero" or "nan", found the constant `'ones'` [TypeMismatch]
    tl.load(bp, padding_option="ones")
    # CHECK: [[@LINE+1]]:16: error: `tl.advance` moves a block pointer (`tl.make_block_ptr`), found `ptr<f32>` [TypeMismatch]
    tl.advance(x_ptr, (0, 1))
    # CHECK: [[@LINE+1]]:20: error: `offsets` has 1 entry, but the block pointer has 2 dims (`block_shape` (16, 32)); give one entry per dim [BlockPointerRank]
    tl.advance(bp, (0,))
    # CHECK: [[@LINE+1]]:18: error: the value stored through a block pointer to `tensor<16x32xf32>` tiles must be a scalar or a `tensor<16x32xf32>`, found `tensor<32x16xf32>` [TypeMismatch]
    tl.store(bp, tl.zeros((BN, BM), dtype=tl.float32))
    # CHECK: [[@LINE+1]]:5: error: `bp` changes type inside the loop, from a block pointer to `tensor<16x32xf32>` tiles to a block pointer to `tensor<32x16xf32>` tiles; give it its final type before the loop [LoopCarriedTypeChange]
    for i in range(0, 4):
        bp = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (BN, BM), (1, 0))
    q = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    if M > 0:
        q = tl.advance(q, (1, 0))
    else:
        q = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    p = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    # CHECK: [[@LINE+1]]:5: error: `p` is a block pointer to `tensor<32x16xf32>` tiles after the `if` branch but a block pointer to `tensor<16x32xf32>` tiles after the `else` branch [BranchTypeMismatch]
    if M > 0:
        p = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (BN, BM), (1, 0))
    # CHECK: [[@LINE+1]]:9: error: `+` cannot combine a block pointer to `tensor<16x32xf32>` tiles and the constant `1` [TypeMismatch]
    r = q + 1
