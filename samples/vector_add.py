"""out[i] = x[i] + y[i]: the smallest complete kernel, and the one the
README's command lines and the launcher-header tests use."""
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    # Program p covers [p * BLOCK_SIZE, (p + 1) * BLOCK_SIZE); in the last
    # program the lanes at or past n_elements neither read nor write.
    first = tl.program_id(axis=0) * BLOCK_SIZE
    idx = first + tl.arange(0, BLOCK_SIZE)
    live = idx < n_elements
    total = tl.load(x_ptr + idx, mask=live) + tl.load(y_ptr + idx, mask=live)
    tl.store(output_ptr + idx, total, mask=live)
