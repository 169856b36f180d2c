"""Matmul-family kernels written the ways real code writes them (issue 26's
corpus), each checked against float64 at a ragged size and then run at a
large one. Under the drop-in's `time` mode every specialisation is timed
under Triton and under tritonc on the same inputs:

    TRITON_DROPIN_MODE=time TRITON_DROPIN_REPORT=corpus.json \\
      PYTHONPATH=tools/triton-dropin python3 -m triton_dropin bench/corpus/matmul_corpus.py [NAME...]

and `python3 -m triton_dropin.summary corpus.json` prints the table. Run
plainly (`python3 bench/corpus/matmul_corpus.py`) it checks Triton alone.
With `--small` each case runs once, checked at a small ragged size and not
run large: the form for compute-sanitizer (bench/corpus/sanitize.sh).
With `--size=M,N,K` each case runs at that one size only, checked and not
run large: the two ragged sizes take different specialisations (every row
16-byte aligned or not), and timed apart they show which one is slow."""
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


@triton.jit
def mm_a_transposed(a_ptr, b_ptr, c_ptr, M, N, K, stride_ak, stride_am, stride_bk, stride_bn, stride_cm, stride_cn,
                    BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # A stored [K, M] (a transposed activation): [BK, BM] tiles, transposed in the dot.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        at = tl.load(a_ptr + (k + rk)[:, None] * stride_ak + rm[None, :] * stride_am,
                     mask=((k + rk)[:, None] < K) & (rm[None, :] < M), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(tl.trans(at), b)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_ieee(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
            BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # fp32 operands multiplied exactly (no tf32): `input_precision="ieee"`.
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
        acc = tl.dot(a, b, acc, input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_fp8_scaled(a_ptr, b_ptr, c_ptr, scale_a, scale_b, M, N, K, stride_am, stride_ak, stride_bn, stride_bk,
                  stride_cm, stride_cn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # fp8 x fp8 with B a [N, K] weight, per-tensor scales applied to the fp32 sum.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rn[None, :] * stride_bn + (k + rk)[:, None] * stride_bk,
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    out = acc * (scale_a * scale_b)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, out.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_row_scale_relu(a_ptr, b_ptr, scale_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                      stride_cm, stride_cn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Epilogue: a per-row scale, then ReLU, stored as bf16.
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
    acc = acc * tl.load(scale_ptr + rm, mask=rm < M, other=0.0)[:, None]
    acc = tl.maximum(acc, 0.0)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_swiglu(a_ptr, gate_ptr, up_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_wk, stride_wn, stride_cm,
              stride_cn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # A gated MLP's first half: two products of the same A tile, silu(x @ gate) * (x @ up).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    gate = tl.zeros((BM, BN), dtype=tl.float32)
    up = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        w_offsets = (k + rk)[:, None] * stride_wk + rn[None, :] * stride_wn
        w_mask = ((k + rk)[:, None] < K) & (rn[None, :] < N)
        gate = tl.dot(a, tl.load(gate_ptr + w_offsets, mask=w_mask, other=0.0), gate)
        up = tl.dot(a, tl.load(up_ptr + w_offsets, mask=w_mask, other=0.0), up)
    out = gate * tl.sigmoid(gate) * up
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, out.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_residual(a_ptr, b_ptr, res_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm,
                stride_cn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Epilogue: a residual of the output's shape added before the store.
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
    out_offsets = rm[:, None] * stride_cm + rn[None, :] * stride_cn
    out_mask = (rm[:, None] < M) & (rn[None, :] < N)
    acc += tl.load(res_ptr + out_offsets, mask=out_mask, other=0.0).to(tl.float32)
    tl.store(c_ptr + out_offsets, acc.to(tl.float16), mask=out_mask)


@triton.jit
def mm_hinted(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
              BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Row and column indices wrapped and promised contiguous with hints;
    # pointers advanced along K; masks on K only.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = tl.max_contiguous(tl.multiple_of((pid_m * BM + tl.arange(0, BM)) % M, BM), BM)
    rn = tl.max_contiguous(tl.multiple_of((pid_n * BN + tl.arange(0, BN)) % N, BN), BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=rk[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=rk[:, None] < K - k * BK, other=0.0)
        acc += tl.dot(a, b)
        a_ptrs += BK * stride_ak
        b_ptrs += BK * stride_bk
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * stride_cm + cn[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty),
             mask=(cm[:, None] < M) & (cn[None, :] < N))


@triton.jit
def mm_persistent(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, PROGRAMS: tl.constexpr):
    # A persistent grid: each program walks output tiles PROGRAMS apart.
    tiles_n = tl.cdiv(N, BN)
    tiles = tl.cdiv(M, BM) * tiles_n
    rk = tl.arange(0, BK)
    for tile in range(tl.program_id(0), tiles, PROGRAMS):
        rm = (tile // tiles_n) * BM + tl.arange(0, BM)
        rn = (tile % tiles_n) * BN + tl.arange(0, BN)
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
def mm_swizzled(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    # The grouped order from `tl.swizzle2d` on a 2-D grid.
    pid_m, pid_n = tl.swizzle2d(tl.program_id(0), tl.program_id(1), tl.num_programs(0), tl.num_programs(1), GROUP_M)
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
def mm_fp16_accumulator(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm,
                        stride_cn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Accumulated in fp16 (`out_dtype=tl.float16`), as some inference kernels do.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float16)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b, out_dtype=tl.float16)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_int8_int32_out(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm,
                      stride_cn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # int8 operands, the int32 sum stored as is, `acc = tl.dot(a, b, acc)`.
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
        acc = tl.dot(a, b, acc, out_dtype=tl.int32)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_batched_bt(q_ptr, k_ptr, s_ptr, M, N, D, stride_qb, stride_qm, stride_qd, stride_kb, stride_kn, stride_kd,
                  stride_sb, stride_sm, stride_sn, BM: tl.constexpr, BN: tl.constexpr, BD: tl.constexpr):
    # Batched scores Q @ K^T (both [S, D] per batch), bf16, scaled by 1/sqrt(D).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    batch = tl.program_id(2)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rd = tl.arange(0, BD)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for d in range(0, D, BD):
        q = tl.load(q_ptr + batch * stride_qb + rm[:, None] * stride_qm + (d + rd)[None, :] * stride_qd,
                    mask=(rm[:, None] < M) & ((d + rd)[None, :] < D), other=0.0)
        k = tl.load(k_ptr + batch * stride_kb + rn[:, None] * stride_kn + (d + rd)[None, :] * stride_kd,
                    mask=(rn[:, None] < N) & ((d + rd)[None, :] < D), other=0.0)
        acc += tl.dot(q, tl.trans(k))
    acc = acc * (1.0 / tl.sqrt(D.to(tl.float32)))
    tl.store(s_ptr + batch * stride_sb + rm[:, None] * stride_sm + rn[None, :] * stride_sn, acc.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def attention_forward(q_ptr, k_ptr, v_ptr, o_ptr, S, sm_scale, stride_b, stride_h, stride_s, H, KV_GROUP,
                      BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr, CAUSAL: tl.constexpr,
                      K_COLUMNS: tl.constexpr):
    # Online-softmax attention over [B, H, S, D] (K and V with H // KV_GROUP
    # heads: GQA by index arithmetic). K_COLUMNS loads K as [D, BN] tiles
    # through its strides; otherwise as [BN, D] rows transposed in the dot.
    # Causal: one loop, the diagonal masked.
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // H
    h = bh % H
    kv_h = h // KV_GROUP
    q_base = q_ptr + b * stride_b + h * stride_h
    kv_off = b * (stride_b // KV_GROUP) + kv_h * stride_h
    rm = pid_m * BM + tl.arange(0, BM)
    rd = tl.arange(0, D)
    q = tl.load(q_base + rm[:, None] * stride_s + rd[None, :], mask=rm[:, None] < S, other=0.0)
    m_i = tl.full((BM,), float("-inf"), tl.float32)
    l_i = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    end = tl.minimum((pid_m + 1) * BM, S) if CAUSAL else S
    for start in range(0, end, BN):
        rn = start + tl.arange(0, BN)
        if K_COLUMNS:
            kt = tl.load(k_ptr + kv_off + rn[None, :] * stride_s + rd[:, None], mask=rn[None, :] < S, other=0.0)
        else:
            kt = tl.trans(tl.load(k_ptr + kv_off + rn[:, None] * stride_s + rd[None, :], mask=rn[:, None] < S,
                                  other=0.0))
        qk = tl.dot(q, kt) * qk_scale
        keep = rn[None, :] < S
        if CAUSAL:
            keep = keep & (rn[None, :] <= rm[:, None])
        qk = tl.where(keep, qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + kv_off + rn[:, None] * stride_s + rd[None, :], mask=rn[:, None] < S, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + b * stride_b + h * stride_h + rm[:, None] * stride_s + rd[None, :], acc.to(o_ptr.dtype.element_ty),
             mask=rm[:, None] < S)


@triton.jit
def _attention_block(acc, l_i, m_i, q, k_ptrs, v_ptrs, rm, start, end, S, stride_s, qk_scale,
                     BN: tl.constexpr, DIAGONAL: tl.constexpr):
    for lo in range(start, end, BN):
        rn = lo + tl.arange(0, BN)
        k = tl.load(k_ptrs + lo * stride_s, mask=rn[:, None] < S, other=0.0)
        qk = tl.dot(q, tl.trans(k)) * qk_scale
        if DIAGONAL:
            qk = tl.where((rn[None, :] <= rm[:, None]) & (rn[None, :] < S), qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptrs + lo * stride_s, mask=rn[:, None] < S, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_new
    return acc, l_i, m_i


@triton.jit
def attention_causal_two_loops(q_ptr, k_ptr, v_ptr, o_ptr, S, sm_scale, stride_b, stride_h, stride_s, H,
                               BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    # Causal attention as two loops through one helper: the blocks left of
    # the diagonal unmasked, then the diagonal block masked.
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    off = (bh // H) * stride_b + (bh % H) * stride_h
    rm = pid_m * BM + tl.arange(0, BM)
    rd = tl.arange(0, D)
    q = tl.load(q_ptr + off + rm[:, None] * stride_s + rd[None, :], mask=rm[:, None] < S, other=0.0)
    k_ptrs = k_ptr + off + tl.arange(0, BN)[:, None] * stride_s + rd[None, :]
    v_ptrs = v_ptr + off + tl.arange(0, BN)[:, None] * stride_s + rd[None, :]
    m_i = tl.full((BM,), float("-inf"), tl.float32)
    l_i = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    acc, l_i, m_i = _attention_block(acc, l_i, m_i, q, k_ptrs, v_ptrs, rm, 0, pid_m * BM, S, stride_s, qk_scale,
                                     BN, False)
    acc, l_i, m_i = _attention_block(acc, l_i, m_i, q, k_ptrs, v_ptrs, rm, pid_m * BM, (pid_m + 1) * BM, S,
                                     stride_s, qk_scale, BN, True)
    acc = acc / l_i[:, None]
    tl.store(o_ptr + off + rm[:, None] * stride_s + rd[None, :], acc.to(o_ptr.dtype.element_ty),
             mask=rm[:, None] < S)


@triton.jit
def mm_weight_only_int8(a_ptr, w_ptr, scale_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_wk, stride_wn,
                        stride_cm, stride_cn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # fp16 activations times an int8 weight dequantised in the loop (per-column scale after the sum).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        w = tl.load(w_ptr + (k + rk)[:, None] * stride_wk + rn[None, :] * stride_wn,
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0)
        acc += tl.dot(a, w.to(tl.float16))
    acc *= tl.load(scale_ptr + rn, mask=rn < N, other=0.0)[None, :]
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_skinny(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
              BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Decode-time shapes: a handful of rows against a wide weight, a 1-D grid over N.
    rn = tl.program_id(0) * BN + tl.arange(0, BN)
    rm = tl.arange(0, BM)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_tensor_descriptors(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Descriptors made in the kernel (row-major, contiguous operands).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([pid_m * BM, k * BK])
        b = b_desc.load([k * BK, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


@triton.jit
def mm_mxfp8(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
             BK: tl.constexpr):
    # Microscaled fp8 (e4m3 values, one e8m0 scale per 32 along K) with `tl.dot_scaled`;
    # A [M, K], its scales [M, K/32]; B [N, K] (K-major), its scales [N, K/32].
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    rg = tl.arange(0, BK // 32)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
        a_scale = tl.load(a_scale_ptr + rm[:, None] * (K // 32) + (k // 32 + rg)[None, :], mask=rm[:, None] < M,
                          other=127)
        b = tl.load(b_ptr + rn[None, :] * K + (k + rk)[:, None], mask=rn[None, :] < N, other=0.0)
        b_scale = tl.load(b_scale_ptr + rn[:, None] * (K // 32) + (k // 32 + rg)[None, :], mask=rn[:, None] < N,
                          other=127)
        acc = tl.dot_scaled(a, a_scale, "e4m3", b, b_scale, "e4m3", acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.bfloat16), mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def mm_gelu_erf(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Epilogue: exact (erf) GELU, bf16 in and out.
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
    acc = 0.5 * acc * (1.0 + tl.erf(acc * 0.7071067811865476))
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def attention_backward_dkdv(q_ptr, k_ptr, v_ptr, do_ptr, lse_ptr, delta_ptr, dk_ptr, dv_ptr, S, sm_scale,
                            stride_bh, stride_s, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    # Attention backward, the K/V side: one block of keys per program, the
    # queries walked in blocks; softmax rebuilt from its log-sum-exp; delta is
    # rowsum(dO * O). Non-causal, over [B*H, S, D].
    pid_n = tl.program_id(0)
    off = tl.program_id(1) * stride_bh
    rn = pid_n * BN + tl.arange(0, BN)
    rd = tl.arange(0, D)
    k = tl.load(k_ptr + off + rn[:, None] * stride_s + rd[None, :], mask=rn[:, None] < S, other=0.0)
    v = tl.load(v_ptr + off + rn[:, None] * stride_s + rd[None, :], mask=rn[:, None] < S, other=0.0)
    dk = tl.zeros((BN, D), tl.float32)
    dv = tl.zeros((BN, D), tl.float32)
    for start in range(0, S, BM):
        rm = start + tl.arange(0, BM)
        q = tl.load(q_ptr + off + rm[:, None] * stride_s + rd[None, :], mask=rm[:, None] < S, other=0.0)
        do = tl.load(do_ptr + off + rm[:, None] * stride_s + rd[None, :], mask=rm[:, None] < S, other=0.0)
        lse = tl.load(lse_ptr + tl.program_id(1) * S + rm, mask=rm < S, other=float("inf"))
        delta = tl.load(delta_ptr + tl.program_id(1) * S + rm, mask=rm < S, other=0.0)
        p = tl.exp(tl.dot(q, tl.trans(k)) * sm_scale - lse[:, None])
        p = tl.where(rn[None, :] < S, p, 0.0)
        dv += tl.dot(tl.trans(p.to(do.dtype)), do)
        ds = p * (tl.dot(do, tl.trans(v)) - delta[:, None])
        dk += tl.dot(tl.trans(ds.to(q.dtype)), q)
    out = off + rn[:, None] * stride_s + rd[None, :]
    tl.store(dk_ptr + out, (dk * sm_scale).to(dk_ptr.dtype.element_ty), mask=rn[:, None] < S)
    tl.store(dv_ptr + out, dv.to(dv_ptr.dtype.element_ty), mask=rn[:, None] < S)


@triton.jit
def attention_backward_dq(q_ptr, k_ptr, v_ptr, do_ptr, lse_ptr, delta_ptr, dq_ptr, S, sm_scale, stride_bh,
                          stride_s, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    # Attention backward, the Q side: one block of queries per program, the keys walked in blocks.
    pid_m = tl.program_id(0)
    off = tl.program_id(1) * stride_bh
    rm = pid_m * BM + tl.arange(0, BM)
    rd = tl.arange(0, D)
    q = tl.load(q_ptr + off + rm[:, None] * stride_s + rd[None, :], mask=rm[:, None] < S, other=0.0)
    do = tl.load(do_ptr + off + rm[:, None] * stride_s + rd[None, :], mask=rm[:, None] < S, other=0.0)
    lse = tl.load(lse_ptr + tl.program_id(1) * S + rm, mask=rm < S, other=float("inf"))
    delta = tl.load(delta_ptr + tl.program_id(1) * S + rm, mask=rm < S, other=0.0)
    dq = tl.zeros((BM, D), tl.float32)
    for start in range(0, S, BN):
        rn = start + tl.arange(0, BN)
        k = tl.load(k_ptr + off + rn[:, None] * stride_s + rd[None, :], mask=rn[:, None] < S, other=0.0)
        v = tl.load(v_ptr + off + rn[:, None] * stride_s + rd[None, :], mask=rn[:, None] < S, other=0.0)
        p = tl.exp(tl.dot(q, tl.trans(k)) * sm_scale - lse[:, None])
        p = tl.where(rn[None, :] < S, p, 0.0)
        ds = p * (tl.dot(do, tl.trans(v)) - delta[:, None])
        dq += tl.dot(ds.to(k.dtype), k)
    tl.store(dq_ptr + off + rm[:, None] * stride_s + rd[None, :], (dq * sm_scale).to(dq_ptr.dtype.element_ty),
             mask=rm[:, None] < S)


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


def _a_transposed(M, N, K):
    a_km = torch.randn(K, M, device="cuda").half()  # A stored transposed
    b = torch.randn(K, N, device="cuda").half()
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    mm_a_transposed[_grid2(M, N, 128, 128)](a_km, b, c, M, N, K, *a_km.stride(), *b.stride(), *c.stride(),
                                            BM=128, BN=128, BK=64, num_warps=8, num_stages=3)
    return c, a_km.double().t() @ b.double()


def _bt_strides(M, N, K):
    """mm_accumulate given a [N, K] weight as B through its strides."""
    a, w = _operands(M, N, K, b_rows_n=True)
    b = w.t()
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    mm_accumulate[_grid2(M, N, 128, 128)](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                                          BM=128, BN=128, BK=64, num_warps=8, num_stages=3)
    return c, a.double() @ b.double()


def _fp8(dtype):
    def run(M, N, K):
        a = torch.randn(M, K, device="cuda").to(dtype)
        w = torch.randn(N, K, device="cuda").to(dtype)
        c = torch.empty(M, N, device="cuda", dtype=torch.float16)
        mm_fp8_scaled[_grid2(M, N, 128, 128)](a, w, c, 0.5, 0.25, M, N, K, *a.stride(), *w.stride(), *c.stride(),
                                              BM=128, BN=128, BK=128, num_warps=8, num_stages=3)
        return c, (a.double() @ w.double().t()) * 0.125
    return run


def _row_scale_relu(M, N, K):
    a, b = _operands(M, N, K, torch.bfloat16)
    scale = torch.rand(M, device="cuda")
    c = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
    mm_row_scale_relu[_grid2(M, N, 128, 128)](a, b, scale, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                                              BM=128, BN=128, BK=64, num_warps=8, num_stages=3)
    return c, torch.relu((a.double() @ b.double()) * scale.double()[:, None])


def _swiglu(M, N, K):
    a = torch.randn(M, K, device="cuda").half() / 4
    gate = torch.randn(K, N, device="cuda").half() / 4
    up = torch.randn(K, N, device="cuda").half() / 4
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    mm_swiglu[_grid2(M, N, 128, 64)](a, gate, up, c, M, N, K, *a.stride(), *gate.stride(), *c.stride(),
                                     BM=128, BN=64, BK=64, num_warps=8, num_stages=3)
    g = a.double() @ gate.double()
    return c, torch.nn.functional.silu(g) * (a.double() @ up.double())


def _residual(M, N, K):
    a, b = _operands(M, N, K)
    res = torch.randn(M, N, device="cuda").half()
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    mm_residual[_grid2(M, N, 128, 128)](a, b, res, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                                        BM=128, BN=128, BK=64, num_warps=8, num_stages=3)
    return c, a.double() @ b.double() + res.double()


def _persistent(M, N, K):
    a, b = _operands(M, N, K)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    programs = torch.cuda.get_device_properties(0).multi_processor_count
    mm_persistent[(programs,)](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(), BM=128, BN=128, BK=64,
                               PROGRAMS=programs, num_warps=8, num_stages=3)
    return c, a.double() @ b.double()


def _swizzled(M, N, K):
    a, b = _operands(M, N, K)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    mm_swizzled[_grid2(M, N, 128, 128)](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(), BM=128, BN=128,
                                        BK=64, GROUP_M=8, num_warps=8, num_stages=3)
    return c, a.double() @ b.double()


def _int8_int32(M, N, K):
    a = torch.randint(-8, 8, (M, K), device="cuda", dtype=torch.int8)
    b = torch.randint(-8, 8, (K, N), device="cuda", dtype=torch.int8)
    c = torch.empty(M, N, device="cuda", dtype=torch.int32)
    mm_int8_int32_out[_grid2(M, N, 128, 128)](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                                              BM=128, BN=128, BK=64, num_warps=8, num_stages=3)
    return c, a.double() @ b.double()


def _batched_bt(M, N, K):
    batch = 4
    q = torch.randn(batch, M, K, device="cuda").bfloat16()
    k = torch.randn(batch, N, K, device="cuda").bfloat16()
    s = torch.empty(batch, M, N, device="cuda", dtype=torch.bfloat16)
    mm_batched_bt[_grid2(M, N, 128, 128, batch)](q, k, s, M, N, K, *q.stride(), *k.stride(), *s.stride(),
                                                 BM=128, BN=128, BD=64, num_warps=8, num_stages=3)
    return s, (q.double() @ k.double().transpose(1, 2)) / K ** 0.5


def _attention_reference(q, k, v, causal, group):
    """A callable: float64 attention, computed only when asked (it is large)."""
    def reference():
        kk = k.double().repeat_interleave(group, dim=1)
        vv = v.double().repeat_interleave(group, dim=1)
        s = q.double() @ kk.transpose(-1, -2) / q.shape[-1] ** 0.5
        if causal:
            n = q.shape[2]
            s = s.masked_fill(torch.ones(n, n, device="cuda", dtype=torch.bool).triu(1), float("-inf"))
        return torch.softmax(s, dim=-1) @ vv
    return reference


def _attention(d, causal=False, k_columns=False, group=1, two_loops=False, block_n=64, warps=8, stages=3):
    def run(M, N, K):
        batch, heads, seq = 2, 8, M
        q = torch.randn(batch, heads, seq, d, device="cuda").half()
        k = torch.randn(batch, heads // group, seq, d, device="cuda").half()
        v = torch.randn(batch, heads // group, seq, d, device="cuda").half()
        o = torch.empty_like(q)
        scale = d ** -0.5
        block = 128 if d == 64 else 64
        if two_loops:
            attention_causal_two_loops[(triton.cdiv(seq, block), batch * heads)](
                q, k, v, o, seq, scale, q.stride(0), q.stride(1), q.stride(2), heads, BM=block, BN=block, D=d,
                num_warps=4 if d == 64 else 8, num_stages=3)
        else:
            attention_forward[(triton.cdiv(seq, 128), batch * heads)](
                q, k, v, o, seq, scale, q.stride(0), q.stride(1), q.stride(2), heads, group, BM=128, BN=block_n, D=d,
                CAUSAL=causal, K_COLUMNS=k_columns, num_warps=warps, num_stages=stages)
        return o, _attention_reference(q, k, v, causal, group)
    return run


def _weight_only_int8(M, N, K):
    a = torch.randn(M, K, device="cuda").half()
    w = torch.randint(-127, 128, (K, N), device="cuda", dtype=torch.int8)
    scale = torch.rand(N, device="cuda") / 256
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    mm_weight_only_int8[_grid2(M, N, 128, 128)](a, w, scale, c, M, N, K, *a.stride(), *w.stride(), *c.stride(),
                                                BM=128, BN=128, BK=64, num_warps=8, num_stages=3)
    return c, (a.double() @ w.double()) * scale.double()[None, :]


def _skinny(M, N, K):
    rows = 7 if M < 4096 else 16  # decode: a few tokens
    a = torch.randn(rows, K, device="cuda").half()
    b = torch.randn(K, N, device="cuda").half()
    c = torch.empty(rows, N, device="cuda", dtype=torch.float16)
    mm_skinny[(triton.cdiv(N, 64),)](a, b, c, rows, N, K, *a.stride(), *b.stride(), *c.stride(), BM=16, BN=64,
                                     BK=128, num_warps=4, num_stages=4)
    return c, a.double() @ b.double()


def _tensor_descriptors(M, N, K):
    # Triton 3.6 allocates in-kernel descriptors from this; tritonc needs none.
    triton.set_allocator(lambda size, alignment, stream: torch.empty(size, device="cuda", dtype=torch.int8))
    M, N, K = (M + 7) // 8 * 8, (N + 7) // 8 * 8, (K + 7) // 8 * 8  # rows 16-byte aligned, as TMA asks
    a, b = _operands(M, N, K)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    mm_tensor_descriptors[_grid2(M, N, 128, 128)](a, b, c, M, N, K, BM=128, BN=128, BK=64, num_warps=8,
                                                  num_stages=3)
    return c, a.double() @ b.double()


def _mxfp8(M, N, K):
    K = (K + 127) // 128 * 128  # whole 32-element scale groups per BK
    a = torch.randn(M, K, device="cuda").to(torch.float8_e4m3fn)
    b = torch.randn(N, K, device="cuda").to(torch.float8_e4m3fn)
    a_scale = torch.randint(124, 131, (M, K // 32), device="cuda", dtype=torch.uint8)
    b_scale = torch.randint(124, 131, (N, K // 32), device="cuda", dtype=torch.uint8)
    c = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
    mm_mxfp8[_grid2(M, N, 128, 128)](a, a_scale, b, b_scale, c, M, N, K, BM=128, BN=128, BK=128, num_warps=8,
                                     num_stages=3)

    def dequantised(x, scale):
        return x.double() * torch.pow(2.0, scale.double() - 127).repeat_interleave(32, dim=1)
    return c, dequantised(a, a_scale) @ dequantised(b, b_scale).t()


def _gelu_erf(M, N, K):
    a, b = _operands(M, N, K, torch.bfloat16)
    c = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
    mm_gelu_erf[_grid2(M, N, 128, 128)](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(), BM=128, BN=128,
                                        BK=64, num_warps=8, num_stages=3)
    return c, torch.nn.functional.gelu(a.double() @ b.double())


def _attention_backward(side):
    def run(M, N, K):
        bh, seq, d = 16, M, 64
        q, k, v, do = (torch.randn(bh, seq, d, device="cuda").half() for _ in range(4))
        scale = d ** -0.5
        s = (q.float() @ k.float().transpose(1, 2)) * scale
        lse = torch.logsumexp(s, dim=-1).contiguous()
        o = torch.softmax(s, dim=-1) @ v.float()
        delta = (do.float() * o).sum(-1).contiguous()
        if side == "dq":
            dq = torch.empty_like(q)
            attention_backward_dq[(triton.cdiv(seq, 64), bh)](q, k, v, do, lse, delta, dq, seq, scale, q.stride(0),
                                                              q.stride(1), BM=64, BN=64, D=d, num_warps=4,
                                                              num_stages=2)
            out = dq
        else:
            dk, dv = torch.empty_like(k), torch.empty_like(v)
            attention_backward_dkdv[(triton.cdiv(seq, 64), bh)](q, k, v, do, lse, delta, dk, dv, seq, scale,
                                                                q.stride(0), q.stride(1), BM=64, BN=64, D=d,
                                                                num_warps=4, num_stages=2)
            out = torch.cat([dk, dv])

        def reference():
            q64, k64, v64 = (t.double().requires_grad_() for t in (q, k, v))
            o64 = torch.softmax(q64 @ k64.transpose(1, 2) * scale, dim=-1) @ v64
            o64.backward(do.double())
            return q64.grad if side == "dq" else torch.cat([k64.grad, v64.grad])
        return out, reference
    return run


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
    "a_transposed_fp16": _a_transposed,
    "bt_strides_fp16": _bt_strides,
    "ieee_fp32": _plain(mm_ieee, torch.float32),
    "fp8_e4m3": _fp8(torch.float8_e4m3fn),
    "fp8_e5m2": _fp8(torch.float8_e5m2),
    "row_scale_relu_bf16": _row_scale_relu,
    "swiglu_fp16": _swiglu,
    "residual_fp16": _residual,
    "hinted_fp16": _plain(mm_hinted, torch.float16),
    "persistent_fp16": _persistent,
    "swizzled_fp16": _swizzled,
    "fp16_accumulator": _plain(mm_fp16_accumulator, torch.float16),
    "int8_int32_out": _int8_int32,
    "batched_bt_bf16": _batched_bt,
    "attention_hd64_trans_k": _attention(64),
    "attention_hd128_causal_k_columns": _attention(128, causal=True, k_columns=True),
    "attention_hd128_gqa": _attention(128, group=4),
    "attention_hd64_causal_two_loops": _attention(64, causal=True, two_loops=True),
    # Narrow heads as in small models: 16-wide tiles, 32-byte swizzled lines.
    "attention_hd16_narrow_tiles": _attention(16, block_n=16, warps=4, stages=4),
    "weight_only_int8": _weight_only_int8,
    "skinny_decode_fp16": _skinny,
    "tensor_descriptors_fp16": _tensor_descriptors,
    "mxfp8_dot_scaled": _mxfp8,
    "gelu_erf_bf16": _gelu_erf,
    "attention_backward_dq": _attention_backward("dq"),
    "attention_backward_dkdv": _attention_backward("dkdv"),
}


# Cases whose dot keeps its sums in fp16: 1000 of them drift by ~sqrt(1000/16)
# fp16 ulps of the sum, more than the fp32 bound.
SUMS_IN_FP16 = {"fp16_accumulator": 4e-2}


def main():
    args = sys.argv[1:]
    small = "--small" in args
    sizes = [a for a in args if a.startswith("--size=")]
    wanted = [a for a in args if not a.startswith("--")] or list(CASES)
    # Ragged: masks and unhinted sizes. Small enough for compute-sanitizer,
    # still more than one tile along each dim with the cases' 64-128 tiles.
    # The first has every row 16 bytes aligned (the specialisation tritonc
    # adds beside an unhinted one runs), the second an odd N (the one asked
    # for runs).
    ragged = [(200, 136, 152), (201, 137, 152)] if small else [(1000, 1016, 1000), (1001, 1017, 1000)]
    if sizes:
        ragged = [tuple(int(v) for v in sizes[-1].split("=", 1)[1].split(","))]
    failed = 0
    for name in wanted:
        run = CASES[name]
        try:
            errors, ok = [], True
            for size in ragged:
                out, ref = run(*size)
                ref = ref() if callable(ref) else ref
                # The largest error against the typical magnitude: a sum of
                # 1000 products rounded to tf32 is off by a few thousandths
                # of it; a wrong tile is off by the magnitude. Rounding the
                # output adds up to half an ulp of the largest value (bf16:
                # up to 2^-8 of it, fp16 2^-11); sums kept in fp16 drift
                # further.
                rms = ref.pow(2).mean().sqrt()
                err = ((out.double() - ref).abs().max() / rms).item()
                rounding = {torch.bfloat16: 2.0**-8, torch.float16: 2.0**-11}.get(out.dtype, 0.0)
                tolerance = SUMS_IN_FP16.get(name, 1e-2) + rounding * (ref.abs().max() / rms).item()
                errors.append(err)
                ok = ok and err <= tolerance
            failed += not ok
            for _ in range(0 if small or sizes else 3):
                run(4096, 4096, 4096)
            torch.cuda.synchronize()
            print("%-24s %s (max error / rms %s, tolerance %.2e)" %
                  (name, "ok" if ok else "WRONG", " / ".join("%.2e" % e for e in errors), tolerance), flush=True)
        except Exception as e:  # a case this GPU or Triton cannot run
            failed += 1
            print("%-24s error: %s" % (name, (str(e).splitlines() or [type(e).__name__])[0][:200]), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
