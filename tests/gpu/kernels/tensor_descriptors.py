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
def host_desc_matmul(a_desc, b_desc, c_desc, K,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # The descriptors are made on the host (Triton's TensorDescriptor;
    # `tensordesc<fp16[128, 64]>` in tritonc's signature).
    row0 = tl.program_id(0) * BLOCK_M
    col0 = tl.program_id(1) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        acc = tl.dot(a_desc.load([row0, k * BLOCK_K]), b_desc.load([k * BLOCK_K, col0]), acc)
    c_desc.store([row0, col0], acc.to(c_desc.dtype))


@triton.jit
def host_desc_batched_matmul(a_desc, b_desc, c_desc, K,
                             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # A and C are 3-D host descriptors ([batch, M, K], [batch, M, N]) read
    # and written one batch at a time, as `[1, BLOCK_M, ...]` blocks
    # reshaped to and from 2-D: 3-D tensor maps on sm_90a.
    row0 = tl.program_id(0) * BLOCK_M
    col0 = tl.program_id(1) * BLOCK_N
    batch = tl.program_id(2)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.reshape(a_desc.load([batch, row0, k * BLOCK_K]), [BLOCK_M, BLOCK_K])
        acc = tl.dot(a, b_desc.load([k * BLOCK_K, col0]), acc)
    c_desc.store([batch, row0, col0], tl.reshape(acc.to(c_desc.dtype), [1, BLOCK_M, BLOCK_N]))


@triton.jit
def desc_matmul_bt(a_ptr, b_ptr, c_ptr, M, N, K,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # C = A @ B^T with B stored [N, K] (weights as a linear layer keeps
    # them): both tiles are read along K, as fp8 products need.
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    row0 = tl.program_id(0) * BLOCK_M
    col0 = tl.program_id(1) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        acc = tl.dot(a_desc.load([row0, k * BLOCK_K]), b_desc.load([col0, k * BLOCK_K]).T, acc)
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


@triton.jit
def bp_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
              BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # The same product through block pointers that advance along K; the
    # edge tiles rely on boundary_check's zero padding.
    a_blocks = tl.make_block_ptr(a_ptr, (M, K), (stride_am, 1), (tl.program_id(0) * BLOCK_M, 0),
                                 (BLOCK_M, BLOCK_K), (1, 0))
    b_blocks = tl.make_block_ptr(b_ptr, (K, N), (stride_bk, 1), (0, tl.program_id(1) * BLOCK_N),
                                 (BLOCK_K, BLOCK_N), (1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BLOCK_K)):
        acc = tl.dot(tl.load(a_blocks, boundary_check=(0, 1)), tl.load(b_blocks, boundary_check=(0, 1)), acc)
        a_blocks = tl.advance(a_blocks, (0, BLOCK_K))
        b_blocks = tl.advance(b_blocks, (BLOCK_K, 0))
    c_blocks = tl.make_block_ptr(c_ptr, (M, N), (stride_cm, 1), (tl.program_id(0) * BLOCK_M, tl.program_id(1) * BLOCK_N),
                                 (BLOCK_M, BLOCK_N), (1, 0))
    tl.store(c_blocks, acc.to(tl.float16), boundary_check=(0, 1))


@triton.jit
def desc_matmul_persistent(a_ptr, b_ptr, c_ptr, M, N, K, PROGRAMS,
                           BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # Each program walks tiles PROGRAMS apart, so the K loop (and its ring
    # buffers) starts afresh inside an outer loop.
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    tiles_n = tl.cdiv(N, BLOCK_N)
    tiles = tl.cdiv(M, BLOCK_M) * tiles_n
    for tile in range(tl.program_id(0), tiles, PROGRAMS):
        row0 = (tile // tiles_n) * BLOCK_M
        col0 = (tile % tiles_n) * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BLOCK_K)):
            acc = tl.dot(a_desc.load([row0, k * BLOCK_K]), b_desc.load([k * BLOCK_K, col0]), acc)
        c_desc.store([row0, col0], acc.to(tl.float16))


@triton.jit
def desc_attention_fwd(q_ptr, k_ptr, v_ptr, o_ptr, rows, sm_scale, N_CTX,
                       HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # Attention forward over [heads * N_CTX, HEAD_DIM] row-major tensors, a
    # program per (query block, head); N_CTX a multiple of both blocks. K is
    # read as loaded and transposed in the product (`k.T`).
    desc_q = tl.make_tensor_descriptor(q_ptr, shape=[rows, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_M, HEAD_DIM])
    desc_k = tl.make_tensor_descriptor(k_ptr, shape=[rows, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_N, HEAD_DIM])
    desc_v = tl.make_tensor_descriptor(v_ptr, shape=[rows, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_N, HEAD_DIM])
    desc_o = tl.make_tensor_descriptor(o_ptr, shape=[rows, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_M, HEAD_DIM])
    start_m = tl.program_id(0) * BLOCK_M
    base = tl.program_id(1) * N_CTX
    q = desc_q.load([base + start_m, 0])
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.44269504
    for start_n in range(0, N_CTX, BLOCK_N):
        k = desc_k.load([base + start_n, 0])
        qk = tl.dot(q, k.T) * qk_scale
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = desc_v.load([base + start_n, 0])
        acc = tl.dot(p.to(tl.float16), v, acc * alpha[:, None])
        m_i = m_ij
    acc = acc / l_i[:, None]
    desc_o.store([base + start_m, 0], acc.to(tl.float16))


@triton.jit
def bp_abt_from(a_ptr, b_ptr, c_ptr, M, N, K, stride, k0,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # C = A[:, k0:K] @ B[:, k0:K]^T with A [M, K] and B [N, K], rows `stride`
    # elements apart: the tiles start at column k0, B is transposed in the
    # product, and each step's product is added to the sum outside the dot.
    a_blocks = tl.make_block_ptr(a_ptr, (M, K), (stride, 1), (tl.program_id(0) * BLOCK_M, k0), (BLOCK_M, BLOCK_K), (1, 0))
    b_blocks = tl.make_block_ptr(b_ptr, (N, K), (stride, 1), (tl.program_id(1) * BLOCK_N, k0), (BLOCK_N, BLOCK_K), (1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _ in range(k0, K, BLOCK_K):
        acc += tl.dot(tl.load(a_blocks, boundary_check=(0, 1)), tl.load(b_blocks, boundary_check=(0, 1)).T)
        a_blocks = tl.advance(a_blocks, (0, BLOCK_K))
        b_blocks = tl.advance(b_blocks, (0, BLOCK_K))
    c_blocks = tl.make_block_ptr(c_ptr, (M, N), (N, 1), (tl.program_id(0) * BLOCK_M, tl.program_id(1) * BLOCK_N),
                                 (BLOCK_M, BLOCK_N), (1, 0))
    tl.store(c_blocks, acc, boundary_check=(0, 1))
