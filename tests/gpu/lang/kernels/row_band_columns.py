# Column sums over a narrow band of rows spread over many warps (128 x 2
# on 16 warps: every element held by two threads), weighted by per-row
# statistics loaded as columns and broadcast over the band, through a
# `where` on the band's mask. Written two ways: with the column offsets
# added to the base pointers before the loop, tritonc computes the per-row
# loads, the mask and the `where` in the band's own layout (rematerialize)
# instead of exchanging them through shared memory; with the whole address
# formed in the loop, the band takes the per-row columns' layout (rows
# across all 32 lanes) and converts its sums. Neither may change the sums.
# Sums of 246 rows in another order than Triton's: compared within a
# tolerance.
import triton
import triton.language as tl


@triton.jit
def weighted_column_sums(g_ptr, x_ptr, center_ptr, scale_ptr, out_w_ptr, out_b_ptr, rows, cols,
                         ROWS: tl.constexpr, COLS: tl.constexpr):
    col = tl.program_id(0) * COLS + tl.arange(0, COLS)
    col_in = col < cols
    weighted = tl.zeros([ROWS, COLS], dtype=tl.float32)
    plain = tl.zeros([ROWS, COLS], dtype=tl.float32)
    for first in range(0, rows, ROWS):
        row = first + tl.arange(0, ROWS)[:, None]
        inside = (row < rows) & col_in[None, :]
        g = tl.load(g_ptr + row * cols + col[None, :], mask=inside, other=0.0).to(tl.float32)
        x = tl.load(x_ptr + row * cols + col[None, :], mask=inside, other=0.0).to(tl.float32)
        center = tl.load(center_ptr + row, mask=row < rows, other=0.0)
        scale = tl.load(scale_ptr + row, mask=row < rows, other=0.0)
        centered = tl.where(inside, x - center, 0.0)
        weighted += g * centered * scale
        plain += g
    tl.store(out_w_ptr + col, tl.sum(weighted, axis=0), mask=col_in)
    tl.store(out_b_ptr + col, tl.sum(plain, axis=0), mask=col_in)



@triton.jit
def weighted_column_sums_offset_first(g_ptr, x_ptr, center_ptr, scale_ptr, out_w_ptr, out_b_ptr, rows, cols,
                                      ROWS: tl.constexpr, COLS: tl.constexpr):
    col = tl.program_id(0) * COLS + tl.arange(0, COLS)
    col_in = col < cols
    g_ptr += col[None, :]
    x_ptr += col[None, :]
    weighted = tl.zeros([ROWS, COLS], dtype=tl.float32)
    plain = tl.zeros([ROWS, COLS], dtype=tl.float32)
    for first in range(0, rows, ROWS):
        row = first + tl.arange(0, ROWS)[:, None]
        inside = row < rows and col_in[None, :]
        g = tl.load(g_ptr + row * cols, inside).to(tl.float32)
        x = tl.load(x_ptr + row * cols, inside).to(tl.float32)
        center = tl.load(center_ptr + row, mask=row < rows).to(tl.float32)
        scale = tl.load(scale_ptr + row, mask=row < rows).to(tl.float32)
        centered = tl.where(inside, x - center, 0.0)
        weighted += g * centered * scale
        plain += g
    tl.store(out_w_ptr + col, tl.sum(weighted, axis=0), mask=col_in)
    tl.store(out_b_ptr + col, tl.sum(plain, axis=0), mask=col_in)


# CASE {"tol": 1e-04, "name": "fp32_128x2_w16", "kernel": "weighted_column_sums", "grid": [512], "warps": 16, "params": [["g_ptr", "*fp32", 251658, "randn"], ["x_ptr", "*fp32", 251658, "randn"], ["center_ptr", "*fp32", 246, "randn"], ["scale_ptr", "*fp32", 246, "randn"], ["out_w_ptr", "*fp32", 1023, "out"], ["out_b_ptr", "*fp32", 1023, "out"], ["rows", "i32", 246], ["cols", "i32", 1023], ["ROWS", 128], ["COLS", 2]]}
# CASE {"tol": 1e-02, "name": "bf16_128x8_w16", "kernel": "weighted_column_sums", "grid": [128], "warps": 16, "params": [["g_ptr", "*bf16", 251658, "randn"], ["x_ptr", "*bf16", 251658, "randn"], ["center_ptr", "*fp32", 246, "randn"], ["scale_ptr", "*fp32", 246, "randn"], ["out_w_ptr", "*fp32", 1023, "out"], ["out_b_ptr", "*fp32", 1023, "out"], ["rows", "i32", 246], ["cols", "i32", 1023], ["ROWS", 128], ["COLS", 8]]}
# CASE {"tol": 1e-04, "name": "fp32_32x4_w4", "kernel": "weighted_column_sums", "grid": [256], "warps": 4, "params": [["g_ptr", "*fp32", 251658, "randn"], ["x_ptr", "*fp32", 251658, "randn"], ["center_ptr", "*fp32", 246, "randn"], ["scale_ptr", "*fp32", 246, "randn"], ["out_w_ptr", "*fp32", 1023, "out"], ["out_b_ptr", "*fp32", 1023, "out"], ["rows", "i32", 246], ["cols", "i32", 1023], ["ROWS", 32], ["COLS", 4]]}
# CASE {"tol": 1e-04, "name": "offset_first_fp32_128x2_w16", "kernel": "weighted_column_sums_offset_first", "grid": [512], "warps": 16, "params": [["g_ptr", "*fp32", 251658, "randn"], ["x_ptr", "*fp32", 251658, "randn"], ["center_ptr", "*fp32", 246, "randn"], ["scale_ptr", "*fp32", 246, "randn"], ["out_w_ptr", "*fp32", 1023, "out"], ["out_b_ptr", "*fp32", 1023, "out"], ["rows", "i32", 246], ["cols", "i32", 1023], ["ROWS", 128], ["COLS", 2]]}
# CASE {"tol": 1e-02, "name": "offset_first_bf16_128x8_w16", "kernel": "weighted_column_sums_offset_first", "grid": [128], "warps": 16, "params": [["g_ptr", "*bf16", 251658, "randn"], ["x_ptr", "*bf16", 251658, "randn"], ["center_ptr", "*fp32", 246, "randn"], ["scale_ptr", "*fp32", 246, "randn"], ["out_w_ptr", "*fp32", 1023, "out"], ["out_b_ptr", "*fp32", 1023, "out"], ["rows", "i32", 246], ["cols", "i32", 1023], ["ROWS", 128], ["COLS", 8]]}
