"""RMSNorm forward, one program per row, in the style of Liger-Kernel:
y = x / sqrt(mean(x^2) + eps) * w, with the reciprocal RMS saved for the
backward pass."""
import triton
import triton.language as tl


@triton.jit
def rms_norm_fwd(Y, Y_row_stride, X, X_row_stride, W, RSTD, n_cols, eps, BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    x_row = tl.load(X + row_idx * X_row_stride + col_offsets, mask=mask, other=0)
    w_row = tl.load(W + col_offsets, mask=mask, other=0)
    x_fp32 = x_row.to(tl.float32)
    mean_square = tl.sum(x_fp32 * x_fp32, axis=0) / n_cols
    rstd = tl.rsqrt(mean_square + eps)
    tl.store(RSTD + row_idx, rstd)
    y_row = (x_fp32 * rstd).to(x_row.dtype) * w_row
    tl.store(Y + row_idx * Y_row_stride + col_offsets, y_row, mask=mask)
