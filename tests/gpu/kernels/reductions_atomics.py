"""GPU checks of argmax/argmin and of atomics, in Triton syntax so that the
same file also runs under Triton (bench/samples_bench.py compares both with
torch)."""
import triton
import triton.language as tl


@triton.jit
def arg_rows(x_ptr, max_idx_ptr, max_val_ptr, min_idx_ptr, n_rows, n_cols, stride,
             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # Rows of a [BLOCK_M, BLOCK_N] tile spread over warps along the row:
    # (value, index) pairs meet across lanes and warps.
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=mask, other=-float("inf"))
    value, index = tl.max(x, axis=1, return_indices=True)
    tl.store(max_idx_ptr + rows, index, mask=rows < n_rows)
    tl.store(max_val_ptr + rows, value, mask=rows < n_rows)
    y = tl.where(mask, x, float("inf"))
    tl.store(min_idx_ptr + rows, tl.argmin(y, axis=1), mask=rows < n_rows)


@triton.jit
def scatter_add(x_ptr, bins_ptr, counter_ptr, tickets_ptr, n, n_bins, BLOCK: tl.constexpr):
    # Masked float atomic_add into a few bins (many threads on one address),
    # and a scalar atomic whose old value every thread of the program needs.
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.atomic_add(bins_ptr + offsets % n_bins, x, mask=mask)
    ticket = tl.atomic_add(counter_ptr, 1)
    tl.store(tickets_ptr + tl.program_id(0), ticket)


@triton.jit
def scatter_minmax(x_ptr, max_ptr, min_ptr, n, n_bins, BLOCK: tl.constexpr):
    # Float atomic_max/atomic_min of values of both signs into a few bins.
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.atomic_max(max_ptr + offsets % n_bins, x, mask=mask)
    tl.atomic_min(min_ptr + offsets % n_bins, x, mask=mask)


@triton.jit
def _linear_recurrence(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2


@triton.jit
def reverse_scans(x_ptr, sums_ptr, a_ptr, b_ptr, r_ptr, n_rows, n_cols,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # Suffix sums along each row, and per row the recurrence
    # r[j] = a[j] * r[j+1] + b[j] run from the end (a combine whose operand
    # order matters), both across lanes and warps.
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    offsets = rows[:, None] * n_cols + cols[None, :]
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    tl.store(sums_ptr + offsets, tl.cumsum(x, axis=1, reverse=True), mask=mask)
    a = tl.load(a_ptr + offsets, mask=mask, other=1.0)
    b = tl.load(b_ptr + offsets, mask=mask, other=0.0)
    _, r = tl.associative_scan((a, b), 1, _linear_recurrence, reverse=True)
    tl.store(r_ptr + offsets, r, mask=mask)
