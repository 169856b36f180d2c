"""Single launches of Liger (and FlagGems) kernels, or matmul corpus cases, at fixed configurations, for profiling
both compilers' code of one kernel under ncu (autotuning bypassed, so the
profiled launch is the configuration Triton chose in the timing runs):

    python3 bench/realcode/ncu_cases.py CASE            # Triton
    python3 -m triton_dropin bench/realcode/ncu_cases.py CASE  # tritonc

with PYTHONPATH holding .realcode/liger/src, .realcode/flaggems/src (and
tools/triton-dropin)."""
import sys

import torch
import triton



def jit(kernel):
    """The JITFunction under a code base's wrappers (libentry, autotune)."""
    while not isinstance(kernel, triton.runtime.JITFunction):
        kernel = kernel.fn
    return kernel


def dyt_bwd_large():
    from liger_kernel.ops import dyt
    m, n, dt = 8192, 4096, torch.bfloat16
    x, dy = torch.randn(m, n, device="cuda", dtype=dt), torch.randn(m, n, device="cuda", dtype=dt)
    alpha, gamma = torch.full((1,), 0.5, device="cuda", dtype=dt), torch.randn(n, device="cuda", dtype=dt)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    da = torch.zeros(sms, triton.cdiv(n, 512), device="cuda", dtype=torch.float32)
    dg = torch.empty(sms, n, device="cuda", dtype=torch.float32)
    db = torch.empty(sms, n, device="cuda", dtype=torch.float32)
    dx = torch.empty_like(dy)
    kernel = dyt._dyt_bwd_kernel.fn
    for _ in range(3):
        kernel[(triton.cdiv(n, 1024), sms)](dy, dx, da, dg, db, x, alpha, gamma, True, m, n, BLOCK_N=1024,
                                             num_warps=8, num_stages=1)
    torch.cuda.synchronize()


def fused_add_rms_norm_small():
    # Liger's fused add + RMSNorm forward at the small size of
    # bench/realcode/liger_sizes.py (246 x 1023 fp32), as its wrapper
    # launches it: a row a program, BLOCK_SIZE 1024, 4 warps, llama casting.
    from liger_kernel.ops import fused_add_rms_norm as op
    m, n = 246, 1023
    x, r = torch.randn(m, n, device="cuda"), torch.randn(m, n, device="cuda")
    w = torch.randn(n, device="cuda")
    y, s, rstd = torch.empty_like(x), torch.empty_like(x), torch.empty(m, device="cuda")
    for _ in range(3):
        jit(op._fused_add_rms_norm_forward_kernel)[(m,)](y, y.stride(0), s, s.stride(0), x, x.stride(0), r, r.stride(0),
                                                         w, w.stride(0), rstd, rstd.stride(0), n, 1e-6, 0.0, 0,
                                                         BLOCK_SIZE=1024, num_warps=4, num_stages=2)
    torch.cuda.synchronize()


def l2_norm_small():
    # FlagGems' l2_norm_kernel as torch.linalg.vector_norm(x, dim=-1) of a
    # 246 x 1023 fp32 tensor launches it: 2 rows a program, 4 warps.
    from flag_gems.ops.vector_norm import l2_norm_kernel
    m, n = 246, 1023
    x = torch.randn(m, n, device="cuda")
    out = torch.empty(m, device="cuda")
    for _ in range(3):
        jit(l2_norm_kernel)[(triton.cdiv(m, 2),)](x, out, m, n, BLOCK_M=2, BLOCK_N=1024, num_warps=4, num_stages=5)
    torch.cuda.synchronize()


def softmax_backward_large():
    # FlagGems' softmax backward at the large size (8192 x 4096 fp32): one
    # row a program in two passes of 1024 columns, 8 warps, the
    # configuration its autotuner chose in the timing runs.
    from flag_gems.ops.softmax import softmax_backward_kernel_inner
    m, n = 8192, 4096
    out = torch.softmax(torch.randn(m, n, device="cuda"), dim=-1)
    grad, dx = torch.randn_like(out), torch.empty_like(out)
    for _ in range(3):
        jit(softmax_backward_kernel_inner)[(m,)](out, grad, dx, m, n, TILE_M=1, TILE_N=1024, ONE_TILE_PER_CTA=False,
                                                  num_warps=8, num_stages=3)
    torch.cuda.synchronize()


def flaggems_attention(head_dim, block_m, block_n, stage, b, h, q_ctx, kv_ctx, warps, stages):
    """FlagGems' _attn_fwd at one configuration, autotuning bypassed."""
    def run():
        from flag_gems.ops import attention
        q = torch.randn(b, h, q_ctx, head_dim, device="cuda", dtype=torch.float16)
        k = torch.randn(b, h, kv_ctx, head_dim, device="cuda", dtype=torch.float16)
        v = torch.randn_like(k)
        o = torch.empty_like(q)
        m = torch.empty(b * h * q_ctx, device="cuda", dtype=torch.float32)
        for _ in range(3):
            jit(attention._attn_fwd)[(triton.cdiv(q_ctx, block_m), b * h, 1)](
                q, k, v, None, head_dim ** -0.5, m, o, *q.stride(), *k.stride(), *v.stride(), 1, 1, 1, 1, *o.stride(),
                b, h, h, 1, q_ctx, kv_ctx, HEAD_DIM=head_dim, BLOCK_M=block_m, BLOCK_N=block_n, STAGE=stage,
                HAS_ATTN_MASK=False, PRE_LOAD_V=0, num_warps=warps, num_stages=stages)
        torch.cuda.synchronize()
    return run


def corpus(name, size):
    """A matmul corpus case (bench/corpus/matmul_corpus.py) launched three
    times at one size: 4096^3 or the ragged 1000x1016x1000."""
    def run():
        import os
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus"))
        import matmul_corpus
        shape = (4096, 4096, 4096) if size == "large" else (1000, 1016, 1000)
        for _ in range(3):
            matmul_corpus.CASES[name](*shape)
        torch.cuda.synchronize()
    return run


CASES = {"dyt_bwd_large": dyt_bwd_large, "l2_norm_small": l2_norm_small, "fused_add_rms_norm_small": fused_add_rms_norm_small, "softmax_backward_large": softmax_backward_large,
         "a_transposed_large": corpus("a_transposed_fp16", "large"),
         "two_loops_large": corpus("attention_hd64_causal_two_loops", "large"),
         "split_k_ragged": corpus("split_k_fp16", "ragged"),
         "accumulate_ragged": corpus("accumulate_fp16", "ragged"),
         "bias_gelu_ragged": corpus("bias_gelu_fp16", "ragged"),
         "hd64_large": corpus("attention_hd64_trans_k", "large"),
         # FlagGems' SDPA test shapes where tritonc ran at 0.73x and 0.81x (session 38)
         "flaggems_attn_hd16": flaggems_attention(16, 64, 16, 1, 1, 2, 8192, 8202, 4, 4),
         "flaggems_attn_hd32_causal": flaggems_attention(32, 64, 32, 3, 1, 2, 8192, 8192, 4, 4)}

if __name__ == "__main__":
    CASES[sys.argv[1]]()
