# argmax / argmin and max with indices over rows, for tests/interp/DotArgmaxTest.cpp.
import triton
import triton.language as tl


@triton.jit
def argmax_rows(x_ptr, max_ptr, imax_ptr, imin_ptr, n_cols, BLOCK: tl.constexpr):
    # One row per program, masked to `n_cols`: the padding can never win.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=-float("inf"))
    m, i = tl.max(x, 0, return_indices=True)
    tl.store(max_ptr + row, m)
    tl.store(imax_ptr + row, i)
    y = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=float("inf"))
    tl.store(imin_ptr + row, y.argmin(0))
