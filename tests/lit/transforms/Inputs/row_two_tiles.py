import triton
import triton.language as tl


# One cos row scales a [32, 32] tile and an [8, 32] tile, whose loads take
# different layouts (8 and 2 elements a thread along a row).
@triton.jit
def scale_two_tiles(a_ptr, b_ptr, cos_ptr, n_cols, a_heads: tl.constexpr, b_heads: tl.constexpr,
                    WIDTH: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, WIDTH)
    cos = tl.load(cos_ptr + row * WIDTH + cols, mask=cols < n_cols, other=0.0)
    a_offsets = row * a_heads * WIDTH + tl.arange(0, a_heads)[:, None] * WIDTH + cols[None, :]
    b_offsets = row * b_heads * WIDTH + tl.arange(0, b_heads)[:, None] * WIDTH + cols[None, :]
    a = tl.load(a_ptr + a_offsets)
    b = tl.load(b_ptr + b_offsets)
    tl.store(a_ptr + a_offsets, a * cos[None, :])
    tl.store(b_ptr + b_offsets, b * cos[None, :])
