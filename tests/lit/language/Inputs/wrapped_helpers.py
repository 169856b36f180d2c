import triton
import triton.language as tl

from elsewhere import swap_for_library


# Python decides at import what `halves` is: this function, or whatever the
# decorator returns in its place.
@swap_for_library
@triton.jit
def halves(x, y):
    return tl.floor(0.5 + x / y)
