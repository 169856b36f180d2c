# fp16 and fp32 `tl.cumsum` compared bit for bit with Triton: large values
# (so each association rounds differently), scans spread over lanes, warps
# and several repetitions per thread, forward and reverse. Our scan joins
# its partial sums in the order Triton's lowering does.
import triton
import triton.language as tl


@triton.jit
def cumsum_1d(x_ptr, o_ptr, N: tl.constexpr, REVERSE: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(o_ptr + offs, tl.cumsum(tl.load(x_ptr + offs), axis=0, reverse=REVERSE))


@triton.jit
def cumsum_rows(x_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr):
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rows * N + cols)
    tl.store(o_ptr + rows * N + cols, tl.cumsum(x, axis=AXIS))

# CASE {"name": "fp16_1024_w8", "kernel": "cumsum_1d", "warps": 8, "grid": [1], "params": [["x_ptr", "*fp16", 1024, "randn:100"], ["o_ptr", "*fp16", 1024, "out"], ["N", 1024], ["REVERSE", false]]}
# CASE {"name": "fp16_4096_w4", "kernel": "cumsum_1d", "warps": 4, "grid": [1], "params": [["x_ptr", "*fp16", 4096, "randn:100"], ["o_ptr", "*fp16", 4096, "out"], ["N", 4096], ["REVERSE", false]]}
# CASE {"name": "fp16_4096_w4_rev", "kernel": "cumsum_1d", "warps": 4, "grid": [1], "params": [["x_ptr", "*fp16", 4096, "randn:100"], ["o_ptr", "*fp16", 4096, "out"], ["N", 4096], ["REVERSE", true]]}
# CASE {"name": "fp16_64_w1", "kernel": "cumsum_1d", "warps": 1, "grid": [1], "params": [["x_ptr", "*fp16", 64, "randn:100"], ["o_ptr", "*fp16", 64, "out"], ["N", 64], ["REVERSE", false]]}
# CASE {"name": "fp32_2048_w8", "kernel": "cumsum_1d", "warps": 8, "grid": [1], "params": [["x_ptr", "*fp32", 2048, "randn:100"], ["o_ptr", "*fp32", 2048, "out"], ["N", 2048], ["REVERSE", false]]}
# CASE {"name": "fp16_32x64_axis0", "kernel": "cumsum_rows", "warps": 4, "grid": [1], "params": [["x_ptr", "*fp16", 2048, "randn:100"], ["o_ptr", "*fp16", 2048, "out"], ["M", 32], ["N", 64], ["AXIS", 0]]}
# CASE {"name": "fp16_32x64_axis1", "kernel": "cumsum_rows", "warps": 4, "grid": [1], "params": [["x_ptr", "*fp16", 2048, "randn:100"], ["o_ptr", "*fp16", 2048, "out"], ["M", 32], ["N", 64], ["AXIS", 1]]}
# CASE {"name": "fp16_16x128_axis1_w8", "kernel": "cumsum_rows", "warps": 8, "grid": [1], "params": [["x_ptr", "*fp16", 2048, "randn:100"], ["o_ptr", "*fp16", 2048, "out"], ["M", 16], ["N", 128], ["AXIS", 1]]}
