"""C = act(A @ B + bias), one output tile per program, on the tensor cores.

A is [M, K], B is [K, N], bias is [N] and C is [M, N]; any strides. The
accumulator stays in fp32 for the whole K loop, and the bias, the
activation and the cast to C's type are applied to it before the one
store. Tiles are visited in bands of GROUP_M tile rows so that programs
running at the same time share rows of A and columns of B in L2.

A typical specialisation (fp16, 128x128x64 tiles, 8 warps, 3 stages):
  "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16,
   i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8, 'gelu'"
Every tile shape below instead (tritonc tunes them ahead of time; Triton
at run time, per (M, N, K)): the same signature without the four tile
sizes, "..., i32:16, i32:1, 'gelu'".
"""
import triton
import triton.language as tl


@triton.jit
def _gelu_tanh(x):
    # GELU with the tanh approximation; tanh(u) = 2 * sigmoid(2u) - 1.
    u = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    return x * tl.sigmoid(2.0 * u)


@triton.jit
def _apply(x, ACTIVATION: tl.constexpr):
    if ACTIVATION == "relu":
        x = tl.maximum(x, 0.0)
    elif ACTIVATION == "gelu":
        x = _gelu_tanh(x)
    elif ACTIVATION == "leaky_relu":
        x = tl.where(x >= 0.0, x, 0.01 * x)
    return x


# Square problems favour the large tiles, skinny ones (small M or N, long
# K) the small tiles that still fill every SM; the first is the default.
@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64, "GROUP_M": 8}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 256, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}, num_warps=4, num_stages=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 64, "GROUP_M": 8}, num_warps=4, num_stages=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}, num_warps=4, num_stages=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64, "GROUP_M": 8}, num_warps=4, num_stages=5),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 32, "GROUP_M": 8}, num_warps=4, num_stages=5),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def matmul_bias_act(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K,
                    stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                    GROUP_M: tl.constexpr, ACTIVATION: tl.constexpr):
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    band_size = GROUP_M * tiles_n
    band = pid // band_size
    band_rows = min(tiles_m - band * GROUP_M, GROUP_M)
    tile_m = band * GROUP_M + (pid % band_size) % band_rows
    tile_n = (pid % band_size) // band_rows

    rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    # Rows and columns past the edge wrap onto valid ones: their results
    # are never stored, and the loads need no mask but the K one.
    a_tile = a_ptr + (rows % M)[:, None] * stride_am + ks[None, :] * stride_ak
    b_tile = b_ptr + ks[:, None] * stride_bk + (cols % N)[None, :] * stride_bn

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_tile, mask=ks[None, :] < k_left, other=0.0)
        b = tl.load(b_tile, mask=ks[:, None] < k_left, other=0.0)
        acc = tl.dot(a, b, acc)
        a_tile += BLOCK_K * stride_ak
        b_tile += BLOCK_K * stride_bk

    bias = tl.load(bias_ptr + cols, mask=cols < N, other=0.0)
    out = _apply(acc + bias[None, :].to(tl.float32), ACTIVATION)
    c_tile = c_ptr + rows[:, None] * stride_cm + cols[None, :] * stride_cn
    tl.store(c_tile, out.to(c_ptr.dtype.element_ty), mask=(rows[:, None] < M) & (cols[None, :] < N))
