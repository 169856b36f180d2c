# Pairs split apart, joined and interleaved again: tl.split, tl.join,
# tl.interleave and a dtype call, on ragged sizes.
import triton
import triton.language as tl


@triton.jit
def split_join(x_ptr, a_ptr, b_ptr, y_ptr, z_ptr, n, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    live = rows < n
    pair = rows[:, None] * 2 + tl.arange(0, 2)[None, :]
    x = tl.load(x_ptr + pair, mask=live[:, None], other=0.0)
    a, b = tl.split(x)
    tl.store(a_ptr + rows, a, mask=live)
    tl.store(b_ptr + rows, b, mask=live)
    # y holds (a, 2b) pairs; z holds b and a alternating.
    tl.store(y_ptr + pair, tl.join(a, tl.float32(2.0) * b), mask=live[:, None])
    flat = tl.program_id(0) * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    tl.store(z_ptr + flat, tl.interleave(b, a), mask=flat < 2 * n)
