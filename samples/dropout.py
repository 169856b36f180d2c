"""Inverted dropout whose keep mask is never stored: each element's
uniform draw is `tl.rand(seed, index)` (Philox), a pure function of the
seed and the element's index, so the backward pass draws the same mask
again from the seed alone. Kept elements are scaled by 1 / (1 - p) so the
expected value is unchanged."""
import triton
import triton.language as tl


@triton.jit
def dropout_kernel(x_ptr, out_ptr, n, p, seed, BLOCK_SIZE: tl.constexpr):
    idx = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    live = idx < n
    x = tl.load(x_ptr + idx, mask=live)
    u = tl.rand(seed, idx)
    y = tl.where(u > p, x / (1 - p), 0.0)
    tl.store(out_ptr + idx, y, mask=live)
