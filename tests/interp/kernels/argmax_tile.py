# argmax / argmin along both axes of a tile, for tests/interp/DotArgmaxTest.cpp.
import triton
import triton.language as tl


@triton.jit
def argmax_tile(x_ptr, row_ptr, col_ptr, R: tl.constexpr, C: tl.constexpr):
    # Along both axes of one tile; the column result keeps its dim.
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    x = tl.load(x_ptr + r[:, None] * C + c[None, :])
    tl.store(row_ptr + r, tl.argmax(x, axis=1))
    tl.store(col_ptr + c[None, :], tl.argmin(x, axis=0, keep_dims=True))
