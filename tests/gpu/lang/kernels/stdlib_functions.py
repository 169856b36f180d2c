# Functions of Triton's standard library that tritonc writes in the kernel
# language (stdlib/standard.py): sorting networks, flips, cumprod,
# histograms, swizzle2d, cat, reduce_or and the 4x random numbers.
import triton
import triton.language as tl


@triton.jit
def sorts(x_ptr, sorted_ptr, desc_ptr, top_ptr, flip_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rn = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rm * N + rn)
    tl.store(sorted_ptr + rm * N + rn, tl.sort(x))
    tl.store(desc_ptr + rm * N + rn, tl.sort(x, descending=True))
    tl.store(top_ptr + rm * K + tl.arange(0, K)[None, :], tl.topk(x, K))
    tl.store(flip_ptr + rm * N + rn, tl.flip(x, 0) + tl.flip(x, 1))


@triton.jit
def scans_and_bins(x_ptr, i_ptr, prod_ptr, hist_ptr, or_ptr, N: tl.constexpr, BINS: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(prod_ptr + offs, tl.cumprod(x, 0) + tl.cumprod(x, 0, reverse=True))
    i = tl.load(i_ptr + offs)
    tl.store(hist_ptr + tl.arange(0, BINS), tl.histogram(i, BINS, mask=offs < N - 3))
    tl.store(or_ptr, tl.reduce_or(i, 0))


@triton.jit
def grid_helpers(o_ptr, seed, SIZE_I: tl.constexpr, SIZE_J: tl.constexpr, G: tl.constexpr):
    i = tl.arange(0, SIZE_I)[:, None] + tl.zeros([SIZE_I, SIZE_J], tl.int32)
    j = tl.arange(0, SIZE_J)[None, :] + tl.zeros([SIZE_I, SIZE_J], tl.int32)
    si, sj = tl.swizzle2d(i, j, SIZE_I, SIZE_J, G)
    flat = tl.arange(0, SIZE_I)[:, None] * SIZE_J + tl.arange(0, SIZE_J)[None, :]
    a, b, c, d = tl.rand4x(seed, flat)
    tl.store(o_ptr + flat, (si * 100 + sj).to(tl.float32) + a + b + c + d)
    both = tl.cat(tl.arange(0, SIZE_J), tl.arange(0, SIZE_J) + 100, can_reorder=True)
    tl.store(o_ptr + SIZE_I * SIZE_J + tl.arange(0, 2 * SIZE_J), tl.sum(both, 0).to(tl.float32))

# CASE {"name": "sort_fp32", "kernel": "sorts", "grid": [1], "params": [["x_ptr", "*fp32", 2048, "randn"], ["sorted_ptr", "*fp32", 2048, "out"], ["desc_ptr", "*fp32", 2048, "out"], ["top_ptr", "*fp32", 512, "out"], ["flip_ptr", "*fp32", 2048, "out"], ["M", 16], ["N", 128], ["K", 32]]}
# CASE {"name": "sort_i32", "kernel": "sorts", "grid": [1], "params": [["x_ptr", "*i32", 1024, "int:-50:50"], ["sorted_ptr", "*i32", 1024, "out"], ["desc_ptr", "*i32", 1024, "out"], ["top_ptr", "*i32", 128, "out"], ["flip_ptr", "*i32", 1024, "out"], ["M", 32], ["N", 32], ["K", 4]]}
# CASE {"name": "sort_fp16", "kernel": "sorts", "grid": [1], "params": [["x_ptr", "*fp16", 1024, "randn"], ["sorted_ptr", "*fp16", 1024, "out"], ["desc_ptr", "*fp16", 1024, "out"], ["top_ptr", "*fp16", 64, "out"], ["flip_ptr", "*fp16", 1024, "out"], ["M", 4], ["N", 256], ["K", 16]]}
# CASE {"tol": 1e-06, "name": "scans_bins", "kernel": "scans_and_bins", "grid": [1], "params": [["x_ptr", "*fp32", 64, "list:1.0,0.5,2.0,-1.0,1.5,0.75"], ["i_ptr", "*i32", 64, "int:0:16"], ["prod_ptr", "*fp32", 64, "out"], ["hist_ptr", "*i32", 16, "out"], ["or_ptr", "*i32", 1, "out"], ["N", 64], ["BINS", 16]]}
# CASE {"name": "grid_helpers", "kernel": "grid_helpers", "grid": [1], "params": [["o_ptr", "*fp32", 576, "out"], ["seed", "i32", 1234], ["SIZE_I", 16], ["SIZE_J", 32], ["G", 4]]}
