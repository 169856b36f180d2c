"""Kernels that reach memory only through tensor descriptors
(`tl.make_tensor_descriptor`, `desc.load`, `desc.store`): tiles at the
tensor's edges read the padding and write only what lies inside."""
import triton
import triton.language as tl


@triton.jit
def desc_matmul(a_ptr, b_ptr, c_ptr, M, N, K,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    row0 = tl.program_id(0) * BLOCK_M
    col0 = tl.program_id(1) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([row0, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, col0])
        acc = tl.dot(a, b, acc)
    c_desc.store([row0, col0], acc.to(c_desc.dtype))


@triton.jit
def desc_nan_rows(x_ptr, out_ptr, rows, cols, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    # Padding with NaN: a row sum over a tile that overhangs the tensor's
    # columns is NaN, and that tile's rows come out as -1.
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[rows, cols], strides=[cols, 1],
                                       block_shape=[BLOCK_R, BLOCK_C], padding_option="nan")
    out_desc = tl.make_tensor_descriptor(out_ptr, shape=[rows, cols], strides=[cols, 1],
                                         block_shape=[BLOCK_R, BLOCK_C])
    r0 = tl.program_id(0) * BLOCK_R
    c0 = tl.program_id(1) * BLOCK_C
    x = x_desc.load([r0, c0])
    s = tl.sum(x, axis=1)
    out_desc.store([r0, c0], tl.where(s[:, None] == s[:, None], x * 0.5, -1.0))
