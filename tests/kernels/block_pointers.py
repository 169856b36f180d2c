"""Block-pointer kernels: a matmul whose K loop walks A and B with
tl.advance, and a tiled transpose, both with boundary_check at ragged
sizes. Host code beside them, as in real kernel files.

Suggested signatures:
  matmul_block_ptr_kernel: "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 32"
  transpose_block_ptr_kernel: "*fp32:16, *fp32:16, i32, i32, i32:16, i32:16, 64, 64"
"""
import torch
import triton
import triton.language as tl


@triton.jit
def matmul_block_ptr_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                            stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                            BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    pid_m = pid // num_pid_n
    pid_n = pid % num_pid_n
    a_bp = tl.make_block_ptr(base=a_ptr, shape=(M, K), strides=(stride_am, stride_ak),
                             offsets=(pid_m * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_K), order=(1, 0))
    b_bp = tl.make_block_ptr(base=b_ptr, shape=(K, N), strides=(stride_bk, stride_bn),
                             offsets=(0, pid_n * BLOCK_N), block_shape=(BLOCK_K, BLOCK_N), order=(1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_bp, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_bp, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc)
        a_bp = tl.advance(a_bp, (0, BLOCK_K))
        b_bp = tl.advance(b_bp, (BLOCK_K, 0))
    c_bp = tl.make_block_ptr(base=c_ptr, shape=(M, N), strides=(stride_cm, stride_cn),
                             offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N), block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    tl.store(c_bp, acc.to(tl.float16), boundary_check=(0, 1))


@triton.jit
def transpose_block_ptr_kernel(x_ptr, y_ptr, M, N, stride_xm, stride_ym,
                               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # y (N x M) = x (M x N) transposed; unit strides written as literals.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(x_ptr, (M, N), (stride_xm, 1), (pid_m * BLOCK_M, pid_n * BLOCK_N),
                            (BLOCK_M, BLOCK_N), (1, 0))
    dst = tl.make_block_ptr(y_ptr, (N, M), (stride_ym, 1), (pid_n * BLOCK_N, pid_m * BLOCK_M),
                            (BLOCK_N, BLOCK_M), (1, 0))
    tl.store(dst, tl.trans(tl.load(src, boundary_check=(0, 1))), boundary_check=(0, 1))


def matmul(a, b):
    M, K = a.shape
    _, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=torch.float16)
    grid = (triton.cdiv(M, 128) * triton.cdiv(N, 128),)
    matmul_block_ptr_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                  c.stride(0), c.stride(1), 128, 128, 32)
    return c
