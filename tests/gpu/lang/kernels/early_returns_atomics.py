# Early returns out of run-time `if`s, and atomics with Triton's orderings
# and 16-bit float adds.
import triton
import triton.language as tl


@triton.jit
def rows_with_early_exit(x_ptr, o_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    if row >= n_rows:
        return
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
    if tl.sum(x, axis=0) < 0:
        tl.store(o_ptr + row * n_cols + cols, -x, mask=m)
        return
    tl.store(o_ptr + row * n_cols + cols, x * 0.5, mask=m)


@triton.jit
def ordered_atomics(i_ptr, h_ptr, b_ptr, old_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    old = tl.atomic_add(i_ptr + offs, offs, sem="relaxed")
    old += tl.atomic_max(i_ptr + offs, offs * 3 - 50, sem="acquire", scope="cta")
    old += tl.atomic_xchg(i_ptr + N + offs, offs, sem="release", scope="sys")
    tl.store(old_ptr + offs, old)
    tl.atomic_add(h_ptr + offs, tl.load(h_ptr + N + offs))
    tl.atomic_add(b_ptr + offs, tl.load(b_ptr + N + offs))

# CASE {"name": "early_exit", "kernel": "rows_with_early_exit", "grid": [40], "params": [["x_ptr", "*fp32", 3300, "randn"], ["o_ptr", "*fp32", 3300, "out"], ["n_rows", "i32", 33], ["n_cols", "i32", 100], ["BLOCK", 128]]}
# CASE {"name": "orderings", "kernel": "ordered_atomics", "grid": [1], "params": [["i_ptr", "*i32", 512, "int:-100:100"], ["h_ptr", "*fp16", 512, "randn"], ["b_ptr", "*bf16", 512, "randn"], ["old_ptr", "*i32", 256, "out"], ["N", 256]]}
