# Reductions and scans with combine functions written as Triton users write
# them: tl.reduce with a custom sum and with a hand-written (max, argmax)
# pair, and tl.associative_scan for a running product and Triton's
# first-order linear recurrence x[i] = a[i] * x[i-1] + b[i].
import triton
import triton.language as tl


@triton.jit
def _add(a, b):
    return a + b


@triton.jit
def _mul(a, b):
    return a * b


@triton.jit
def _argmax_combine(value1, index1, value2, index2):
    # The larger value; on a tie the lower index, so the result does not
    # depend on the order in which the GPU combines.
    take_left = (value1 > value2) | ((value1 == value2) & (index1 < index2))
    return tl.where(take_left, value1, value2), tl.where(take_left, index1, index2)


@triton.jit
def _linear_recurrence(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2


@triton.jit
def sum_of_squares_rows(x_ptr, rows_ptr, total_ptr, n_rows, n_cols, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # One tile: each row's sum of squares (axis=1) and the whole tile's (axis=None).
    r = tl.arange(0, BLOCK_M)
    c = tl.arange(0, BLOCK_N)
    mask = (r[:, None] < n_rows) & (c[None, :] < n_cols)
    x = tl.load(x_ptr + r[:, None] * n_cols + c[None, :], mask=mask, other=0.0)
    squares = x * x
    tl.store(rows_ptr + r, tl.reduce(squares, 1, _add), mask=r < n_rows)
    tl.store(total_ptr, tl.reduce(squares, None, _add))


@triton.jit
def argmax_rows(x_ptr, max_ptr, index_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=-float("inf"))
    value, index = tl.reduce((x, cols), 0, _argmax_combine)
    tl.store(max_ptr + row, value)
    tl.store(index_ptr + row, index)


@triton.jit
def running_product(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=1.0)
    tl.store(y_ptr + offs, tl.associative_scan(x, 0, _mul), mask=offs < n)


@triton.jit
def linear_recurrence(a_ptr, b_ptr, x_ptr, n_cols, BLOCK: tl.constexpr):
    # One row per program: x[j] = a[j] * x[j-1] + b[j], x[-1] = 0.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    a = tl.load(a_ptr + row * n_cols + cols, mask=mask, other=1.0)
    b = tl.load(b_ptr + row * n_cols + cols, mask=mask, other=0.0)
    _, x = tl.associative_scan((a, b), 0, _linear_recurrence)
    tl.store(x_ptr + row * n_cols + cols, x, mask=mask)
