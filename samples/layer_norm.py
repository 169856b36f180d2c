"""Layer normalisation, forward: y = (x - mean) / sqrt(var + eps) * w + b
over each row, one program per row.

Rows may be wider than one block, so the row is read three times, a block
at a time: once for the mean, once for the variance about that mean (the
two-pass form, which does not lose precision when the mean is large), and
once to write y. The statistics are accumulated per lane in fp32 and
reduced once at the end of each sweep. The mean and 1 / std of every row
are stored for the backward pass (samples/layer_norm_bwd.py)."""
import triton
import triton.language as tl


@triton.jit
def layer_norm_fwd(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, row_stride, n_cols, eps,
                   BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * row_stride
    y_row = y_ptr + row * row_stride

    lane_sum = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        lane_sum += tl.load(x_row + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
    mean = tl.sum(lane_sum, axis=0) / n_cols

    lane_sq = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        inside = cols < n_cols
        x = tl.load(x_row + cols, mask=inside, other=0.0).to(tl.float32)
        # Padding lanes read 0, which is not the mean: keep them out.
        centred = tl.where(inside, x - mean, 0.0)
        lane_sq += centred * centred
    rstd = 1.0 / tl.sqrt(tl.sum(lane_sq, axis=0) / n_cols + eps)

    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)

    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        inside = cols < n_cols
        w = tl.load(w_ptr + cols, mask=inside)
        b = tl.load(b_ptr + cols, mask=inside)
        x = tl.load(x_row + cols, mask=inside, other=0.0).to(tl.float32)
        y = (x - mean) * rstd * w + b
        tl.store(y_row + cols, y.to(y_ptr.dtype.element_ty), mask=inside)
