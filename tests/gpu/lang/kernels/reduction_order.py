# Float sums and scans whose order of additions decides the last bit: rows
# spread over lanes and warps, reduced along either axis. Compared bit for
# bit, since tritonc pairs lanes and warps as Triton does.
import triton
import triton.language as tl


@triton.jit
def row_sums(x_ptr, rows_ptr, cols_ptr, total_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rn = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rm * N + rn)
    tl.store(rows_ptr + tl.arange(0, M), tl.sum(x, axis=1))
    tl.store(cols_ptr + tl.arange(0, N), tl.sum(x, axis=0))
    tl.store(total_ptr, tl.sum(tl.sum(x, axis=1), axis=0))


@triton.jit
def long_row(x_ptr, o_ptr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    tl.store(o_ptr, tl.sum(x))
    tl.store(o_ptr + 1, tl.max(x))
    tl.store(o_ptr + 2, tl.sum(x * x))



@triton.jit
def long_row_indices(x_ptr, o_ptr, N: tl.constexpr):
    # Quantised so that the extremes tie: the lower index must win.
    x = (tl.load(x_ptr + tl.arange(0, N)) * 2.0).to(tl.int32)
    tl.store(o_ptr, tl.argmax(x, axis=0))
    tl.store(o_ptr + 1, tl.argmin(x, axis=0))
    tl.store(o_ptr + 2, tl.max(x, axis=0))
    tl.store(o_ptr + 3, tl.sum(x, axis=0))

# CASE {"name": "fp32_32x256_w4", "kernel": "row_sums", "grid": [1], "warps": 4, "params": [["x_ptr", "*fp32", 8192, "randn"], ["rows_ptr", "*fp32", 32, "out"], ["cols_ptr", "*fp32", 256, "out"], ["total_ptr", "*fp32", 1, "out"], ["M", 32], ["N", 256]]}
# CASE {"name": "fp32_8x2048_w8", "kernel": "row_sums", "grid": [1], "warps": 8, "params": [["x_ptr", "*fp32", 16384, "randn"], ["rows_ptr", "*fp32", 8, "out"], ["cols_ptr", "*fp32", 2048, "out"], ["total_ptr", "*fp32", 1, "out"], ["M", 8], ["N", 2048]]}
# CASE {"name": "bf16_16x512_w4", "kernel": "row_sums", "grid": [1], "warps": 4, "params": [["x_ptr", "*bf16", 8192, "randn"], ["rows_ptr", "*bf16", 16, "out"], ["cols_ptr", "*bf16", 512, "out"], ["total_ptr", "*bf16", 1, "out"], ["M", 16], ["N", 512]]}
# CASE {"name": "fp32_4096_w16", "kernel": "long_row", "grid": [1], "warps": 16, "params": [["x_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 3, "out"], ["N", 4096]]}
# CASE {"name": "fp16_1024_w4", "kernel": "long_row", "grid": [1], "warps": 4, "params": [["x_ptr", "*fp16", 1024, "randn"], ["o_ptr", "*fp16", 3, "out"], ["N", 1024]]}
# CASE {"name": "fp32_8192_w32", "kernel": "long_row", "grid": [1], "warps": 32, "params": [["x_ptr", "*fp32", 8192, "randn"], ["o_ptr", "*fp32", 3, "out"], ["N", 8192]]}
# CASE {"name": "bf16_8192_w32", "kernel": "long_row", "grid": [1], "warps": 32, "params": [["x_ptr", "*bf16", 8192, "randn"], ["o_ptr", "*bf16", 3, "out"], ["N", 8192]]}
# CASE {"name": "fp32_2x4096_w16", "kernel": "row_sums", "grid": [1], "warps": 16, "params": [["x_ptr", "*fp32", 8192, "randn"], ["rows_ptr", "*fp32", 2, "out"], ["cols_ptr", "*fp32", 4096, "out"], ["total_ptr", "*fp32", 1, "out"], ["M", 2], ["N", 4096]]}
# CASE {"name": "indices_8192_w32", "kernel": "long_row_indices", "grid": [1], "warps": 32, "params": [["x_ptr", "*fp32", 8192, "randn"], ["o_ptr", "*i32", 4, "out"], ["N", 8192]]}
