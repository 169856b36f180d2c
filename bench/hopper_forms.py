"""The matmul sample's product and epilogue (bias + GELU) written in the
forms Hopper rewards, to measure what each form is worth under tritonc and
Triton before the compiler produces it from samples/matmul.py itself
(issue 28): A and B read by tensor descriptors (TMA), and that kernel made
persistent over the output tiles."""
import triton
import triton.language as tl


@triton.jit
def _gelu_tanh(x):
    u = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    return x * tl.sigmoid(2.0 * u)


@triton.jit
def _tile(pid, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, GROUP_M: tl.constexpr):
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    band_size = GROUP_M * tiles_n
    band = pid // band_size
    band_rows = min(tiles_m - band * GROUP_M, GROUP_M)
    return band * GROUP_M + (pid % band_size) % band_rows, (pid % band_size) // band_rows


@triton.jit
def _epilogue(acc, c_ptr, bias_ptr, M, N, stride_cm, tile_m, tile_n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    bias = tl.load(bias_ptr + cols, mask=cols < N, other=0.0)
    out = _gelu_tanh(acc + bias[None, :].to(tl.float32))
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :], out.to(c_ptr.dtype.element_ty),
             mask=(rows[:, None] < M) & (cols[None, :] < N))


@triton.jit
def mm_desc_gelu(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    tile_m, tile_n = _tile(tl.program_id(0), M, N, BLOCK_M, BLOCK_N, GROUP_M)
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[stride_am, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[stride_bk, 1], block_shape=[BLOCK_K, BLOCK_N])
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        acc = tl.dot(a_desc.load([tile_m * BLOCK_M, k * BLOCK_K]), b_desc.load([k * BLOCK_K, tile_n * BLOCK_N]), acc)
    _epilogue(acc, c_ptr, bias_ptr, M, N, stride_cm, tile_m, tile_n, BLOCK_M, BLOCK_N)


@triton.jit
def _desc_gelu_tile(a_desc, b_desc, c_ptr, bias_ptr, M, N, K, stride_cm, tile, BLOCK_M: tl.constexpr,
                    BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    # One tile of a persistent kernel: its product and epilogue.
    tile_m, tile_n = _tile(tile, M, N, BLOCK_M, BLOCK_N, GROUP_M)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        acc = tl.dot(a_desc.load([tile_m * BLOCK_M, k * BLOCK_K]), b_desc.load([k * BLOCK_K, tile_n * BLOCK_N]), acc)
    _epilogue(acc, c_ptr, bias_ptr, M, N, stride_cm, tile_m, tile_n, BLOCK_M, BLOCK_N)


@triton.jit
def mm_desc_gelu_persistent(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K, stride_am, stride_bk, stride_cm, PROGRAMS,
                            BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                            GROUP_M: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[stride_am, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[stride_bk, 1], block_shape=[BLOCK_K, BLOCK_N])
    tiles = tl.cdiv(M, BLOCK_M) * tl.cdiv(N, BLOCK_N)
    for tile in range(tl.program_id(0), tiles, PROGRAMS):
        _desc_gelu_tile(a_desc, b_desc, c_ptr, bias_ptr, M, N, K, stride_cm, tile, BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M)


@triton.jit
def mm_desc_gelu_persistent_ws(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K, stride_am, stride_bk, stride_cm, PROGRAMS,
                               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                               GROUP_M: tl.constexpr):
    # mm_desc_gelu_persistent with its tile loop asking for warp specialisation, as Triton spells it.
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[stride_am, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[stride_bk, 1], block_shape=[BLOCK_K, BLOCK_N])
    tiles = tl.cdiv(M, BLOCK_M) * tl.cdiv(N, BLOCK_N)
    for tile in tl.range(tl.program_id(0), tiles, PROGRAMS, warp_specialize=True):
        _desc_gelu_tile(a_desc, b_desc, c_ptr, bias_ptr, M, N, K, stride_cm, tile, BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M)


@triton.jit
def mm_desc_persistent_variant(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K, stride_am, stride_bk, stride_cm, PROGRAMS,
                               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                               GROUP_M: tl.constexpr, EPILOGUE: tl.constexpr, TMA_STORE: tl.constexpr):
    # EPILOGUE: bias + GELU, or the bare product; TMA_STORE: the tile leaves
    # through a tensor descriptor (TMA) rather than masked pointer stores.
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[stride_am, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[stride_bk, 1], block_shape=[BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[stride_cm, 1], block_shape=[BLOCK_M, BLOCK_N])
    tiles = tl.cdiv(M, BLOCK_M) * tl.cdiv(N, BLOCK_N)
    for tile in range(tl.program_id(0), tiles, PROGRAMS):
        tile_m, tile_n = _tile(tile, M, N, BLOCK_M, BLOCK_N, GROUP_M)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BLOCK_K)):
            acc = tl.dot(a_desc.load([tile_m * BLOCK_M, k * BLOCK_K]), b_desc.load([k * BLOCK_K, tile_n * BLOCK_N]),
                         acc)
        rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
        cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
        if EPILOGUE:
            bias = tl.load(bias_ptr + cols, mask=cols < N, other=0.0)
            acc = _gelu_tanh(acc + bias[None, :].to(tl.float32))
        if TMA_STORE:
            c_desc.store([tile_m * BLOCK_M, tile_n * BLOCK_N], acc.to(c_ptr.dtype.element_ty))
        else:
            tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :], acc.to(c_ptr.dtype.element_ty),
                     mask=(rows[:, None] < M) & (cols[None, :] < N))
