# Vector add that forgets its mask: the interpreter must report the first
# out-of-bounds load at its source location.
import triton
import triton.language as tl


@triton.jit
def unmasked_add(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    y = tl.load(y_ptr + offsets)
    tl.store(out_ptr + offsets, x + y)
