"""Dropout two ways. `dropout_with_mask` reads its keep mask from memory,
an int32 tensor of 0s and 1s used directly as `tl.where`'s condition;
`dropout_from_seed` draws the mask in the kernel with `tl.rand(seed,
index)`, so only the seed has to be kept for the backward pass.

Suggested signatures:
  dropout_with_mask: "*fp32:16, *i32:16, *fp32:16, i32, fp32, 1024"
  dropout_from_seed: "*fp32:16, *fp32:16, i32, fp32, i32, 1024"
"""
import triton
import triton.language as tl


@triton.jit
def dropout_with_mask(x_ptr, keep_ptr, y_ptr, n, p, BLOCK_SIZE: tl.constexpr):
    base = tl.program_id(axis=0) * BLOCK_SIZE
    i = base + tl.arange(0, BLOCK_SIZE)
    in_range = i < n
    x = tl.load(x_ptr + i, mask=in_range)
    keep = tl.load(keep_ptr + i, mask=in_range)
    # Survivors are scaled up so that E[y] = x.
    tl.store(y_ptr + i, tl.where(keep, x / (1 - p), 0.0), mask=in_range)


@triton.jit
def dropout_from_seed(x_ptr, y_ptr, n, p, seed, BLOCK_SIZE: tl.constexpr):
    base = tl.program_id(axis=0) * BLOCK_SIZE
    i = base + tl.arange(0, BLOCK_SIZE)
    in_range = i < n
    x = tl.load(x_ptr + i, mask=in_range)
    draw = tl.rand(seed, i)
    y = tl.where(draw > p, x / (1 - p), 0.0)
    tl.store(y_ptr + i, y, mask=in_range)
