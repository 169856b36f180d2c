"""RMSNorm, forward, one program per row:
y = fp16(x / sqrt(mean(x^2) + eps)) * w.

The statistic is computed in fp32; the normalised row is rounded back to
the input type before the multiply by the weight, as the LLaMA family's
reference implementation does. 1 / rms is kept per row for the backward
pass."""
import triton
import triton.language as tl


@triton.jit
def rms_norm_fwd(x_ptr, x_row_stride, y_ptr, y_row_stride, w_ptr, rstd_ptr, n_cols, eps,
                 BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    inside = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=inside, other=0)
    w = tl.load(w_ptr + cols, mask=inside, other=0)
    xf = x.to(tl.float32)
    inv_rms = tl.rsqrt(tl.sum(xf * xf, axis=0) / n_cols + eps)
    tl.store(rstd_ptr + row, inv_rms)
    y = (xf * inv_rms).to(x.dtype) * w
    tl.store(y_ptr + row * y_row_stride + cols, y, mask=inside)
