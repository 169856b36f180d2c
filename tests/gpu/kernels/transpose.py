"""y = x^T for a ragged fp32 matrix, one BLOCK x BLOCK tile per program:
read along x's rows, written along y's rows, so the two accesses run along
different dims of the tile."""
import triton
import triton.language as tl


@triton.jit
def transpose_tiles(x_ptr, y_ptr, M, N, stride_xm, stride_ym, BLOCK: tl.constexpr):
    rm = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rn = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    inside = (rm[:, None] < M) & (rn[None, :] < N)
    tile = tl.load(x_ptr + rm[:, None] * stride_xm + rn[None, :], mask=inside)
    tl.store(y_ptr + rn[None, :] * stride_ym + rm[:, None], tile, mask=inside)
