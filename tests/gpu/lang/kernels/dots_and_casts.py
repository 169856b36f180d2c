# Dots that take paths other than the tensor cores' usual one: fp64 on CUDA
# cores, a batched 3-D dot, bf16x3 input precision; and pointer casts.
# fp64 products add in the same order in both compilers only if the K loop
# runs alike, so they compare within a tolerance; the others are exact or
# within tf32/bf16 rounding.
import triton
import triton.language as tl


@triton.jit
def dot_fp64(a_ptr, b_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rn = tl.arange(0, N)[None, :]
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn)
    tl.store(o_ptr + rm * N + rn, tl.dot(a, b))


@triton.jit
def dot_batched(a_ptr, b_ptr, o_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rb = tl.arange(0, B)[:, None, None]
    rm = tl.arange(0, M)[None, :, None]
    rn = tl.arange(0, N)[None, None, :]
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rb * M * K + rm * K + rk[None, None, :])
    b = tl.load(b_ptr + rb * K * N + rk[None, :, None] * N + rn)
    tl.store(o_ptr + rb * M * N + rm * N + rn, tl.dot(a, b))


@triton.jit
def dot_batched_acc(a_ptr, b_ptr, c_ptr, o_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr,
                    K: tl.constexpr):
    rb = tl.arange(0, B)[:, None, None]
    rm = tl.arange(0, M)[None, :, None]
    rn = tl.arange(0, N)[None, None, :]
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rb * M * K + rm * K + rk[None, None, :])
    b = tl.load(b_ptr + rb * K * N + rk[None, :, None] * N + rn)
    c = tl.load(c_ptr + rb * M * N + rm * N + rn)
    tl.store(o_ptr + rb * M * N + rm * N + rn, tl.dot(a, b, c))


@triton.jit
def dot_precision(a_ptr, b_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, PREC: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rn = tl.arange(0, N)[None, :]
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn)
    tl.store(o_ptr + rm * N + rn, tl.dot(a, b, input_precision=PREC))


@triton.jit
def pointer_casts(x_ptr, o_ptr, bits_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    as_int = x_ptr.to(tl.pointer_type(tl.int32))
    tl.store(bits_ptr + offs, tl.load(as_int + offs))
    address = x_ptr.to(tl.int64, bitcast=True)
    back = address.to(tl.pointer_type(tl.float32), bitcast=True)
    tl.store(o_ptr + offs, tl.load(back + offs) * 2)

# CASE {"tol": 1e-12, "name": "fp64_32", "kernel": "dot_fp64", "grid": [1], "params": [["a_ptr", "*fp64", 1024, "randn"], ["b_ptr", "*fp64", 1024, "randn"], ["o_ptr", "*fp64", 1024, "out"], ["M", 32], ["N", 32], ["K", 32]]}
# CASE {"tol": 1e-12, "name": "fp64_64x16", "kernel": "dot_fp64", "grid": [1], "params": [["a_ptr", "*fp64", 1024, "randn"], ["b_ptr", "*fp64", 1024, "randn"], ["o_ptr", "*fp64", 1024, "out"], ["M", 64], ["N", 16], ["K", 16]]}
# CASE {"tol": 0.002, "name": "batched_fp16", "kernel": "dot_batched", "grid": [1], "params": [["a_ptr", "*fp16", 4096, "randn:0.5"], ["b_ptr", "*fp16", 4096, "randn:0.5"], ["o_ptr", "*fp32", 4096, "out"], ["B", 4], ["M", 32], ["N", 32], ["K", 32]]}
# CASE {"tol": 0.002, "name": "batched_16x16_acc", "kernel": "dot_batched_acc", "grid": [1], "params": [["a_ptr", "*fp16", 4096, "randn:0.5"], ["b_ptr", "*fp16", 4096, "randn:0.5"], ["c_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 4096, "out"], ["B", 16], ["M", 16], ["N", 16], ["K", 16]]}
# CASE {"tol": 0.02, "name": "batched_fp32_acc", "kernel": "dot_batched_acc", "grid": [1], "params": [["a_ptr", "*fp32", 1024, "randn"], ["b_ptr", "*fp32", 1024, "randn"], ["c_ptr", "*fp32", 512, "randn"], ["o_ptr", "*fp32", 512, "out"], ["B", 2], ["M", 16], ["N", 16], ["K", 32]]}
# CASE {"tol": 0.02, "name": "batched_fp32", "kernel": "dot_batched", "grid": [1], "params": [["a_ptr", "*fp32", 2048, "randn"], ["b_ptr", "*fp32", 2048, "randn"], ["o_ptr", "*fp32", 2048, "out"], ["B", 2], ["M", 32], ["N", 32], ["K", 32]]}
# CASE {"tol": 0.0001, "name": "bf16x3", "kernel": "dot_precision", "grid": [1], "params": [["a_ptr", "*fp32", 4096, "randn"], ["b_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 4096, "out"], ["M", 64], ["N", 64], ["K", 64], ["PREC", "bf16x3"]]}
# CASE {"tol": 1e-05, "name": "ieee", "kernel": "dot_precision", "grid": [1], "params": [["a_ptr", "*fp32", 4096, "randn"], ["b_ptr", "*fp32", 4096, "randn"], ["o_ptr", "*fp32", 4096, "out"], ["M", 64], ["N", 64], ["K", 64], ["PREC", "ieee"]]}
# CASE {"name": "casts", "kernel": "pointer_casts", "grid": [1], "params": [["x_ptr", "*fp32", 256, "special"], ["o_ptr", "*fp32", 256, "out"], ["bits_ptr", "*i32", 256, "out"], ["N", 256]]}
