# `tl.cumsum` along either axis of 2-D tiles, forward and reverse, in the
# dtypes where Triton widens (bf16 scans in fp32) and where it does not.
# Floating-point scans add in a different association order than Triton's
# (both are inclusive prefix sums), so they compare within a tolerance;
# integer scans compare exactly.
import triton
import triton.language as tl


@triton.jit
def cumsum_2d(x_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr, REVERSE: tl.constexpr):
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rows * N + cols)
    tl.store(o_ptr + rows * N + cols, tl.cumsum(x, axis=AXIS, reverse=REVERSE))

@triton.jit
def prefix_masked(x_ptr, o_ptr, n):
    # A mask from running sums: the first n elements. Its lanes differ
    # within every run of four, so the load takes one predicate each.
    offs = tl.arange(0, 256)
    keep = tl.cumsum(tl.full((256,), 1, tl.int32), 0) <= n
    x = tl.load(x_ptr + offs, mask=keep, other=-1.0)
    tl.store(o_ptr + offs, x)


# CASE {"tol": 0.01, "name": "fp16_axis0_rev", "kernel": "cumsum_2d", "grid": [1], "params": [["x_ptr", "*fp16", 2048, "randn"], ["o_ptr", "*fp16", 2048, "out"], ["M", 32], ["N", 64], ["AXIS", 0], ["REVERSE", true]]}
# CASE {"tol": 0.01, "name": "fp16_axis1_rev", "kernel": "cumsum_2d", "grid": [1], "params": [["x_ptr", "*fp16", 2048, "randn"], ["o_ptr", "*fp16", 2048, "out"], ["M", 32], ["N", 64], ["AXIS", 1], ["REVERSE", true]]}
# CASE {"tol": 0.01, "name": "fp16_axis1_fwd", "kernel": "cumsum_2d", "grid": [1], "params": [["x_ptr", "*fp16", 2048, "randn"], ["o_ptr", "*fp16", 2048, "out"], ["M", 32], ["N", 64], ["AXIS", 1], ["REVERSE", false]]}
# CASE {"tol": 0.01, "name": "fp16_axis0_fwd", "kernel": "cumsum_2d", "grid": [1], "params": [["x_ptr", "*fp16", 2048, "randn"], ["o_ptr", "*fp16", 2048, "out"], ["M", 32], ["N", 64], ["AXIS", 0], ["REVERSE", false]]}
# CASE {"tol": 0.01, "name": "bf16_axis0_rev", "kernel": "cumsum_2d", "grid": [1], "params": [["x_ptr", "*bf16", 2048, "randn"], ["o_ptr", "*bf16", 2048, "out"], ["M", 32], ["N", 64], ["AXIS", 0], ["REVERSE", true]]}
# CASE {"tol": 0.01, "name": "bf16_axis1_rev", "kernel": "cumsum_2d", "grid": [1], "params": [["x_ptr", "*bf16", 2048, "randn"], ["o_ptr", "*bf16", 2048, "out"], ["M", 32], ["N", 64], ["AXIS", 1], ["REVERSE", true]]}
# CASE {"tol": 0.01, "name": "bf16_axis1_fwd", "kernel": "cumsum_2d", "grid": [1], "params": [["x_ptr", "*bf16", 2048, "randn"], ["o_ptr", "*bf16", 2048, "out"], ["M", 32], ["N", 64], ["AXIS", 1], ["REVERSE", false]]}
# CASE {"tol": 1e-05, "name": "fp32_axis0_rev", "kernel": "cumsum_2d", "grid": [1], "params": [["x_ptr", "*fp32", 2048, "randn"], ["o_ptr", "*fp32", 2048, "out"], ["M", 32], ["N", 64], ["AXIS", 0], ["REVERSE", true]]}
# CASE {"tol": 0.01, "name": "fp16_8x256_axis1_rev", "kernel": "cumsum_2d", "grid": [1], "params": [["x_ptr", "*fp16", 2048, "randn"], ["o_ptr", "*fp16", 2048, "out"], ["M", 8], ["N", 256], ["AXIS", 1], ["REVERSE", true]]}
# CASE {"tol": 0.01, "name": "fp16_256x8_axis0_rev", "kernel": "cumsum_2d", "grid": [1], "params": [["x_ptr", "*fp16", 2048, "randn"], ["o_ptr", "*fp16", 2048, "out"], ["M", 256], ["N", 8], ["AXIS", 0], ["REVERSE", true]]}
# CASE {"name": "i8_axis0_rev", "kernel": "cumsum_2d", "grid": [1], "params": [["x_ptr", "*i8", 2048, "bits"], ["o_ptr", "*i32", 2048, "out"], ["M", 32], ["N", 64], ["AXIS", 0], ["REVERSE", true]]}
# CASE {"name": "prefix_mask_7", "kernel": "prefix_masked", "grid": [1], "params": [["x_ptr", "*fp32", 256, "randn"], ["o_ptr", "*fp32", 256, "out"], ["n", "i32", 7]]}
# CASE {"name": "prefix_mask_130", "kernel": "prefix_masked", "grid": [1], "warps": 2, "params": [["x_ptr", "*fp32", 256, "randn"], ["o_ptr", "*fp32", 256, "out"], ["n", "i32", 130]]}
