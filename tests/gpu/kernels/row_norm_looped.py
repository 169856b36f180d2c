"""An RMS norm over rows longer than one block: a first pass over the row
sums squares block by block, a second scales and stores. Rows are ragged
(any length) and the row stride carries no divisibility hint, as in kernel
libraries that take whatever tensor they are given. The GPU harness
(bench/samples_bench.py) checks it against float64 and times it against
Triton on this file."""
import triton
import triton.language as tl


@triton.jit
def rms_norm_rows(x_ptr, w_ptr, y_ptr, row_stride, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * row_stride
    y_row = y_ptr + row * row_stride
    squares = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_row + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        squares += x * x
    inv_rms = 1.0 / tl.sqrt(tl.sum(squares, axis=0) / n_cols + eps)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        live = cols < n_cols
        x = tl.load(x_row + cols, mask=live, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + cols, mask=live, other=0.0).to(tl.float32)
        tl.store(y_row + cols, (x * inv_rms * w).to(y_ptr.dtype.element_ty), mask=live)
