# Loops and branches for the tile IR round trip: `for` with a carried value,
# `if` with a result, `while`, `tl.static_range`.
import triton
import triton.language as tl


@triton.jit
def scale_rows(x_ptr, y_ptr, n_cols, scale, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    count = 0
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
        if scale > 0:
            x = x * scale
        tl.store(y_ptr + row * n_cols + cols, x, mask=mask)
        count += 1
    i = 0
    while i < count:
        i += 1
    for k in tl.static_range(2):
        tl.store(y_ptr + k, scale)
