"""C = act(A @ B) for row-major or strided A [M, K] and B [K, N], as
autotuned Triton matmuls are usually written.

  - `@triton.autotune` over a list of `triton.Config` tile shapes, keyed on
    the problem size; tritonc takes the meta-parameters from the signature;
  - output tiles handed out in bands of GROUP_M tile rows (a `@triton.jit`
    helper returning the tile's coordinates), so that programs running at
    the same time reuse the same rows of A and columns of B from L2;
  - a loop over K in BLOCK_K steps that accumulates `tl.dot` in fp32, the
    last step masked along K; rows and columns past the edge of A and B are
    wrapped back into range (their results are never stored), so only the
    K mask is needed on the loads;
  - an optional activation chosen by a constexpr string, applied to the
    fp32 accumulator before the one rounding to C's type.

Suggested signature (the autotuned meta-parameters given explicitly):
  matmul_kernel: "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 32, 8, 'leaky_relu'"
"""
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64, "GROUP_M": 8}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 256, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}, num_warps=4, num_stages=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 32, "GROUP_M": 8}, num_warps=4, num_stages=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "GROUP_M": 4}, num_warps=2, num_stages=5),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                  GROUP_M: tl.constexpr, ACTIVATION: tl.constexpr):
    tile_m, tile_n = _banded_tile(tl.program_id(axis=0), tl.cdiv(M, BLOCK_M), tl.cdiv(N, BLOCK_N), GROUP_M)

    rm = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_tile = a_ptr + ((rm % M)[:, None] * stride_am + rk[None, :] * stride_ak)
    b_tile = b_ptr + (rk[:, None] * stride_bk + (rn % N)[None, :] * stride_bn)

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        a = tl.load(a_tile, mask=rk[None, :] < K - k0, other=0.0)
        b = tl.load(b_tile, mask=rk[:, None] < K - k0, other=0.0)
        acc = tl.dot(a, b, acc)
        a_tile += BLOCK_K * stride_ak
        b_tile += BLOCK_K * stride_bk

    if ACTIVATION == "leaky_relu":
        acc = _leaky_relu(acc)
    elif ACTIVATION == "relu":
        acc = tl.maximum(acc, 0.0)
    c = acc.to(c_ptr.dtype.element_ty)

    c_tile = c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn
    tl.store(c_tile, c, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def _banded_tile(pid, tiles_m, tiles_n, GROUP_M: tl.constexpr):
    # Bands of GROUP_M tile rows (the last band may be shorter); inside a
    # band, consecutive pids go down a column of tiles before moving right.
    per_band = GROUP_M * tiles_n
    band = pid // per_band
    first_m = band * GROUP_M
    band_rows = min(tiles_m - first_m, GROUP_M)
    in_band = pid - band * per_band
    return first_m + in_band % band_rows, in_band // band_rows


@triton.jit
def _leaky_relu(x):
    # Applied to the fp32 accumulator, before C is rounded.
    return tl.where(x > 0, x, x * 0.01)
