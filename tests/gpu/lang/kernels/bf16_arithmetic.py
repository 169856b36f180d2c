# bf16 tiles computed in bf16, as real kernels write them (rotary embeddings,
# polynomial norms): products feeding a difference may be contracted into
# one fma, and each product rounds to bf16; a bf16 sum adds in bf16.
import triton
import triton.language as tl


@triton.jit
def bf16_rotate(q_ptr, c_ptr, s_ptr, o_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    q1 = tl.load(q_ptr + offs)
    q2 = tl.load(q_ptr + N + offs)
    c = tl.load(c_ptr + offs)
    s = tl.load(s_ptr + offs)
    tl.store(o_ptr + offs, q1 * c - q2 * s)
    tl.store(o_ptr + N + offs, q2 * c + q1 * s)


@triton.jit
def bf16_cube_norm(x_ptr, o_ptr, r_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    cube = x * x * x
    mean_square = tl.sum(cube * cube, axis=0) / n_cols
    rstd = tl.math.rsqrt(mean_square + eps.to(tl.float32))
    tl.store(r_ptr + row, rstd)
    tl.store(o_ptr + row * n_cols + cols, cube * rstd, mask=mask)

# CASE {"name": "rotate", "kernel": "bf16_rotate", "grid": [1], "params": [["q_ptr", "*bf16", 2048, "randn"], ["c_ptr", "*bf16", 1024, "randn"], ["s_ptr", "*bf16", 1024, "randn"], ["o_ptr", "*bf16", 2048, "out"], ["N", 1024]]}
# CASE {"name": "cube_norm", "kernel": "bf16_cube_norm", "grid": [16], "params": [["x_ptr", "*bf16", 8000, "randn"], ["o_ptr", "*bf16", 8000, "out"], ["r_ptr", "*fp32", 16, "out"], ["n_cols", "i32", 500], ["eps", "fp32", 1e-06], ["BLOCK", 512]]}
