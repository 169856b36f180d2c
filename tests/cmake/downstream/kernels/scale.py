# A kernel for the downstream CMake project: out = x * factor(), where
# factor() lives in another module, so that the header depends on two files.
import triton
import triton.language as tl

from scale_factor import factor


@triton.jit
def scale(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x * factor(), mask=mask)
