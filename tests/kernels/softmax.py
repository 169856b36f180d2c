"""Two ways to write a row softmax.

`softmax_kernel` holds a whole row in one block: programs walk the rows
with a stride of the grid size through `tl.range(..., num_stages=...)`,
the pointers to a row formed from its stride. `softmax_online_kernel` is
for rows wider than a block: a first sweep over column blocks keeps a
running maximum and a sum of exponentials rescaled whenever the maximum
grows, a second sweep writes exp(x - max) / sum, rounded to the output
type.

Suggested signatures:
  softmax_kernel:        "*fp32:16, *fp32:16, i32, i32, i32, i32, 1024, 4"
  softmax_online_kernel: "*fp16:16, *fp16:16, i32, i32, i32, 1024"
"""
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(y_ptr, x_ptr, x_row_stride, y_row_stride, n_rows, n_cols,
                   BLOCK_SIZE: tl.constexpr, NUM_STAGES: tl.constexpr):
    offs = tl.arange(0, BLOCK_SIZE)
    for row in tl.range(tl.program_id(0), n_rows, tl.num_programs(0), num_stages=NUM_STAGES):
        src = x_ptr + row * x_row_stride + offs
        dst = y_ptr + row * y_row_stride + offs
        ok = offs < n_cols
        v = tl.load(src, mask=ok, other=-float("inf"))
        v = v - tl.max(v, axis=0)
        num = tl.exp(v)
        den = tl.sum(num, axis=0)
        tl.store(dst, num / den, mask=ok)


@triton.jit
def softmax_online_kernel(y_ptr, x_ptr, x_row_stride, y_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * x_row_stride
    y_row = y_ptr + row * y_row_stride
    total = 0.0
    peak = float("-inf")
    for c0 in range(0, n_cols, BLOCK_SIZE):
        offs = c0 + tl.arange(0, BLOCK_SIZE)
        v = tl.load(x_row + offs, mask=offs < n_cols, other=float("-inf")).to(tl.float32)
        new_peak = tl.maximum(peak, tl.max(v, axis=0))
        total = total * tl.exp(peak - new_peak) + tl.sum(tl.exp(v - new_peak), axis=0)
        peak = new_peak
    for c0 in range(0, n_cols, BLOCK_SIZE):
        offs = c0 + tl.arange(0, BLOCK_SIZE)
        ok = offs < n_cols
        v = tl.load(x_row + offs, mask=ok, other=float("-inf")).to(tl.float32)
        tl.store(y_row + offs, (tl.exp(v - peak) / total).to(y_ptr.dtype.element_ty), mask=ok)
