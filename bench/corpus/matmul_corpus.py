"""Matmul-family kernels written the ways real code writes them (issue 26's
corpus), each checked against float64 at a ragged size and then run at a
large one. Under the drop-in's `time` mode every specialisation is timed
under Triton and under tritonc on the same inputs:

    TRITON_DROPIN_MODE=time TRITON_DROPIN_REPORT=corpus.json \\
      PYTHONPATH=tools/triton-dropin python3 -m triton_dropin bench/corpus/matmul_corpus.py [NAME...]

and `python3 -m triton_dropin.summary corpus.json` prints the table. Run
plainly (`python3 bench/corpus/matmul_corpus.py`) it checks Triton alone."""
import sys

import torch
import triton
import triton.language as tl


@triton.jit
def mm_accumulate(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # The common form: a 2-D grid, masks on M, N and K, `acc += tl.dot`.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_three_argument(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Wrap-around rows instead of masks on M and N, `acc = tl.dot(a, b, acc)`.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = (pid_m * BM + tl.arange(0, BM)) % M
    rn = (pid_n * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=rk[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=rk[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK * stride_ak
        b_ptrs += BK * stride_bk
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * stride_cm + cn[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty),
             mask=(cm[:, None] < M) & (cn[None, :] < N))


@triton.jit
def mm_grouped(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    # A 1-D grid walked in groups of GROUP_M row blocks, for L2 reuse.
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    in_group = GROUP_M * num_n
    first_m = (pid // in_group) * GROUP_M
    group_rows = min(num_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % in_group) % group_rows)
    pid_n = (pid % in_group) // group_rows
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_transposed_b(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bn, stride_bk, stride_cm, stride_cn,
                    BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # B stored [N, K] (a linear layer's weight), loaded as [BN, BK] tiles and transposed.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        w = tl.load(b_ptr + rn[:, None] * stride_bn + (k + rk)[None, :] * stride_bk,
                    mask=(rn[:, None] < N) & ((k + rk)[None, :] < K), other=0.0)
        acc += tl.dot(a, tl.trans(w))
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_bias_gelu(a_ptr, b_ptr, bias_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm,
                 stride_cn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # An epilogue: per-column bias and tanh-GELU, in fp32 before the store.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    acc += tl.load(bias_ptr + rn, mask=rn < N, other=0.0).to(tl.float32)[None, :]
    inner = 0.7978845608 * (acc + 0.044715 * acc * acc * acc)
    acc = 0.5 * acc * (1.0 + (2.0 * tl.sigmoid(2.0 * inner) - 1.0))
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_int8_scaled(a_ptr, b_ptr, row_scale_ptr, col_scale_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk,
                   stride_bn, stride_cm, stride_cn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # int8 x int8 accumulated in int32, dequantised by per-row and per-column scales.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.int32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0)
        acc += tl.dot(a, b, out_dtype=tl.int32)
    scale = tl.load(row_scale_ptr + rm, mask=rm < M, other=0.0)[:, None] * \
        tl.load(col_scale_ptr + rn, mask=rn < N, other=0.0)[None, :]
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, (acc.to(tl.float32) * scale).to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_split_k(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, SPLIT_K: tl.constexpr):
    # K split over program_id(2), partial products added into fp32 with atomics.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    pid_k = tl.program_id(2)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = pid_k * BK + tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK * SPLIT_K):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.atomic_add(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc,
                  mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_block_pointers(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Block pointers with boundary checks, advanced along K.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_block = tl.make_block_ptr(a_ptr, (M, K), (stride_am, stride_ak), (pid_m * BM, 0), (BM, BK), (1, 0))
    b_block = tl.make_block_ptr(b_ptr, (K, N), (stride_bk, stride_bn), (0, pid_n * BN), (BK, BN), (1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_block, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_block, boundary_check=(0, 1), padding_option="zero")
        acc += tl.dot(a, b)
        a_block = tl.advance(a_block, (0, BK))
        b_block = tl.advance(b_block, (BK, 0))
    c_block = tl.make_block_ptr(c_ptr, (M, N), (stride_cm, stride_cn), (pid_m * BM, pid_n * BN), (BM, BN), (1, 0))
    tl.store(c_block, acc.to(c_ptr.dtype.element_ty), boundary_check=(0, 1))


@triton.jit
def mm_batched(a_ptr, b_ptr, c_ptr, M, N, K, stride_ab, stride_am, stride_ak, stride_bb, stride_bk, stride_bn,
               stride_cb, stride_cm, stride_cn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # One matrix of a batch per program_id(2).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    batch = tl.program_id(2)
    a_ptr += batch * stride_ab
    b_ptr += batch * stride_bb
    c_ptr += batch * stride_cb
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


def _grid2(M, N, bm, bn, z=1):
    return (triton.cdiv(M, bm), triton.cdiv(N, bn), z)


def _operands(M, N, K, dtype=torch.float16, b_rows_n=False):
    """A [M, K] and B [K, N] (or [N, K], a linear layer's weight)."""
    a = torch.randn(M, K, device="cuda").to(dtype)
    b = torch.randn(*((N, K) if b_rows_n else (K, N)), device="cuda").to(dtype)
    return a, b


# Each case runs one launch at (M, N, K) and returns the output and its
# float64 reference.
def _plain(kernel, dtype, trans_b=False):
    """A case for kernels of the (a, b, c, M, N, K, strides..., BM, BN, BK) form."""
    def run(M, N, K):
        a, b = _operands(M, N, K, dtype, trans_b)
        c = torch.empty(M, N, device="cuda", dtype=dtype)
        kernel[_grid2(M, N, 128, 128)](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                                       BM=128, BN=128, BK=64, num_warps=8, num_stages=3)
        return c, a.double() @ (b.double().t() if trans_b else b.double())
    return run


def _grouped(M, N, K):
    a, b = _operands(M, N, K)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    mm_grouped[(triton.cdiv(M, 128) * triton.cdiv(N, 128),)](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                                                            BM=128, BN=128, BK=64, GROUP_M=8, num_warps=8,
                                                            num_stages=3)
    return c, a.double() @ b.double()


def _bias_gelu(M, N, K):
    a, b = _operands(M, N, K)
    bias = torch.randn(N, device="cuda", dtype=torch.float16)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    mm_bias_gelu[_grid2(M, N, 128, 128)](a, b, bias, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                                         BM=128, BN=128, BK=64, num_warps=8, num_stages=3)
    return c, torch.nn.functional.gelu(a.double() @ b.double() + bias.double(), approximate="tanh")


def _int8(M, N, K):
    a = torch.randint(-8, 8, (M, K), device="cuda", dtype=torch.int8)
    b = torch.randint(-8, 8, (K, N), device="cuda", dtype=torch.int8)
    rs, cs = torch.rand(M, device="cuda") / 64, torch.rand(N, device="cuda") / 64
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    mm_int8_scaled[_grid2(M, N, 128, 128)](a, b, rs, cs, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                                           BM=128, BN=128, BK=64, num_warps=8, num_stages=3)
    return c, (a.double() @ b.double()) * rs.double()[:, None] * cs.double()[None, :]


def _split_k(M, N, K):
    a, b = _operands(M, N, K)
    c = torch.zeros(M, N, device="cuda", dtype=torch.float32)
    mm_split_k[_grid2(M, N, 64, 64, 4)](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                                        BM=64, BN=64, BK=64, SPLIT_K=4, num_warps=4, num_stages=3)
    return c, a.double() @ b.double()


def _batched(M, N, K):
    batch = 8
    M, N, K = M // 2, N // 2, K // 2
    a = torch.randn(batch, M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(batch, K, N, device="cuda", dtype=torch.float16)
    c = torch.empty(batch, M, N, device="cuda", dtype=torch.float16)
    mm_batched[_grid2(M, N, 128, 128, batch)](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(), BM=128,
                                              BN=128, BK=64, num_warps=8, num_stages=3)
    return c, a.double() @ b.double()


CASES = {
    "accumulate_fp16": _plain(mm_accumulate, torch.float16),
    "accumulate_bf16": _plain(mm_accumulate, torch.bfloat16),
    "accumulate_tf32": _plain(mm_accumulate, torch.float32),
    "three_argument_fp16": _plain(mm_three_argument, torch.float16),
    "grouped_fp16": _grouped,
    "transposed_b_fp16": _plain(mm_transposed_b, torch.float16, trans_b=True),
    "bias_gelu_fp16": _bias_gelu,
    "int8_scaled": _int8,
    "split_k_fp16": _split_k,
    "block_pointers_fp16": _plain(mm_block_pointers, torch.float16),
    "batched_fp16": _batched,
}


def main():
    wanted = sys.argv[1:] or list(CASES)
    failed = 0
    for name in wanted:
        run = CASES[name]
        try:
            out, ref = run(1000, 1016, 1000)  # ragged: masks and unhinted sizes
            # The largest error against the typical magnitude: a sum of 1000
            # products rounded to tf32 (or an fp16/bf16 output) is off by a
            # few thousandths of it; a wrong tile is off by the magnitude.
            err = ((out.double() - ref).abs().max() / ref.pow(2).mean().sqrt()).item()
            ok = err <= 1e-2
            failed += not ok
            for _ in range(3):
                run(4096, 4096, 4096)
            torch.cuda.synchronize()
            print("%-24s %s (max error / rms %.2e)" % (name, "ok" if ok else "WRONG", err), flush=True)
        except Exception as e:  # a case this GPU or Triton cannot run
            failed += 1
            print("%-24s error: %s" % (name, (str(e).splitlines() or [type(e).__name__])[0][:200]), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
