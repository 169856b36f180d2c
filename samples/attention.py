"""Attention, forward and backward, out = softmax(q k^T * sm_scale) v, that
never writes the [seq_len, seq_len] probabilities to memory (the
FlashAttention-2 scheme). Every product runs on the tensor cores with an
fp32 accumulator.

q, k, v, out and the gradients are [batch, heads, seq_len, HEAD_DIM]
tensors that share one set of strides (batch, head, row; the last dim is
contiguous). seq_len is a run-time value of any size: loads stop at it,
keys past it get no probability, and rows past it are never stored. HEAD_DIM is a power of two (64 and 128 are the
tuned cases).

Forward, `attention_fwd`: one program per (query block, batch * head). The
query tile stays in registers while the keys and values stream past
BLOCK_N rows at a time. Each row keeps its running maximum score and the
running sum of exp2(score - maximum); when a block raises the maximum, the
sum and the output accumulator are scaled down by the difference, so one
pass suffices. Scores are multiplied by sm_scale * log2(e) so that exp2 can
stand in for exp.

LSE: the forward saves, per row, lse = max + log2(sum), the BASE-2
log-sum-exp of the scaled scores q k^T * sm_scale * log2(e) (that is, the
natural log-sum-exp of q k^T * sm_scale times log2(e)). The backward gets
the probabilities back from it with one exp2 each: p = exp2(s - lse).
Layout: [batch * heads, seq_len], fp32.

Backward, three kernels:
  `attention_bwd_preprocess`  delta = rowsum(dout * out), [batch * heads, seq_len] fp32;
  `attention_bwd_dkdv`        one program per key block: visits the query
                              blocks, rebuilds p^T from k, q and lse, and
                              sums dv += p^T dout, dk += ds^T q * sm_scale,
                              where ds = p * (dp - delta) and dp = dout v^T;
  `attention_bwd_dq`          one program per query block: visits the key
                              blocks, dq += ds k * sm_scale.
The two gradient kernels share no accumulator, so neither needs atomics.

CAUSAL (row i attends to keys j <= i): the blocks wholly above the
diagonal are never visited, and of the rest only the band the diagonal
crosses pays for tl.where; the blocks below it run unmasked. Without
CAUSAL only the last block, the one that crosses seq_len, is masked. The
choice is a run-time test per block inside one loop rather than a second
loop for the band: each loop keeps its own ring of shared-memory buffers
for the copies it runs ahead, and one loop keeps the kernel to one ring.

Block sizes: the forward and dq need BLOCK_N to divide BLOCK_M, dkdv needs
BLOCK_M to divide BLOCK_N (so the band is whole blocks of the inner loop
and the loops' multiple_of hints hold). Grids: forward, preprocess and dq (cdiv(seq_len, BLOCK_M),
batch * heads); dkdv (cdiv(seq_len, BLOCK_N), batch * heads).

Suggested specialisations (fp16, head_dim 128, non-causal, sm_90a; strides
in elements; the ones bench/attention_bundle.sh compiles):
  attention_fwd             "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, i32:16, i32:16,
                             i32:16, i32, i32, 128, 128, 64, False"  8 warps, 2 stages
  attention_bwd_preprocess  "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32, i32, 128, 64"
                             4 warps
  attention_bwd_dkdv        "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16,
                             *fp32:16, fp32, i32:16, i32:16, i32:16, i32, i32, 128, 32, 128, False"
                             8 warps, 2 stages
  attention_bwd_dq          "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16,
                             fp32, i32:16, i32:16, i32:16, i32, i32, 128, 128, 64, False"
                             8 warps, 2 stages
"""
import triton
import triton.language as tl


@triton.jit
def _head_offset(bh, n_heads, stride_b, stride_h):
    # In 64 bits: batch * heads * seq_len * HEAD_DIM passes 2^31 at long sequences.
    return (bh // n_heads).to(tl.int64) * stride_b + (bh % n_heads).to(tl.int64) * stride_h


# ---- forward ---------------------------------------------------------------

@triton.jit
def _fwd_block(acc, row_sum, row_max, q, k_head, v_head, stride_s, rows, start, seq_len, qk_scale, band,
               CAUSAL: tl.constexpr, HEAD_DIM: tl.constexpr, BLOCK_N: tl.constexpr):
    d = tl.arange(0, HEAD_DIM)
    keys = start + tl.arange(0, BLOCK_N)
    # K is read as a [HEAD_DIM, BLOCK_N] tile through its strides, ready to
    # be the right-hand operand. The key mask is uniform along HEAD_DIM, so
    # it costs the loads no width.
    k_t = tl.load(k_head + d[:, None] + keys[None, :] * stride_s, mask=keys[None, :] < seq_len, other=0.0)
    v = tl.load(v_head + keys[:, None] * stride_s + d[None, :], mask=keys[:, None] < seq_len, other=0.0)
    s = tl.dot(q, k_t) * qk_scale
    # Only the blocks that need it pay for the mask: the band the causal
    # diagonal crosses (where the causal test also hides the keys past
    # seq_len from every row that is stored), or else the last, ragged block.
    if CAUSAL:
        if start + BLOCK_N > band:
            s = tl.where(rows[:, None] >= keys[None, :], s, float("-inf"))
    else:
        if start + BLOCK_N > seq_len:
            s = tl.where(keys[None, :] < seq_len, s, float("-inf"))
    # Every row meets key 0 in its first block, so its maximum is finite
    # from then on and exp2 never sees -inf - -inf.
    new_max = tl.maximum(row_max, tl.max(s, 1))
    p = tl.math.exp2(s - new_max[:, None])
    shrink = tl.math.exp2(row_max - new_max)
    row_sum = row_sum * shrink + tl.sum(p, 1)
    acc = tl.dot(p.to(v.dtype), v, acc * shrink[:, None])
    return acc, row_sum, new_max


@triton.jit
def attention_fwd(q_ptr, k_ptr, v_ptr, out_ptr, lse_ptr, sm_scale, stride_b, stride_h, stride_s, n_heads, seq_len,
                  HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    tl.static_assert(BLOCK_M % BLOCK_N == 0)
    q_block = tl.program_id(0)
    bh = tl.program_id(1)
    head = _head_offset(bh, n_heads, stride_b, stride_h)
    rows = q_block * BLOCK_M + tl.arange(0, BLOCK_M)
    row_in = rows < seq_len
    d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + head + rows[:, None] * stride_s + d[None, :], mask=row_in[:, None], other=0.0)
    qk_scale = sm_scale * 1.4426950408889634  # log2(e)
    k_head = k_ptr + head
    v_head = v_ptr + head

    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    row_sum = tl.zeros([BLOCK_M], dtype=tl.float32)
    row_max = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    band = q_block * BLOCK_M
    hi = seq_len
    if CAUSAL:
        # Keys after the band are masked for every row: never visit them.
        hi = min(band + BLOCK_M, seq_len)
    for start in range(0, hi, BLOCK_N):
        start = tl.multiple_of(start, BLOCK_N)
        acc, row_sum, row_max = _fwd_block(acc, row_sum, row_max, q, k_head, v_head, stride_s, rows, start, seq_len,
                                           qk_scale, band, CAUSAL, HEAD_DIM, BLOCK_N)

    tl.store(lse_ptr + bh * seq_len + rows, row_max + tl.math.log2(row_sum), mask=row_in)
    out = acc / row_sum[:, None]
    tl.store(out_ptr + head + rows[:, None] * stride_s + d[None, :], out.to(out_ptr.dtype.element_ty),
             mask=row_in[:, None])


# ---- backward --------------------------------------------------------------

@triton.jit
def attention_bwd_preprocess(out_ptr, dout_ptr, delta_ptr, stride_b, stride_h, stride_s, n_heads, seq_len,
                             HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr):
    bh = tl.program_id(1)
    head = _head_offset(bh, n_heads, stride_b, stride_h)
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    row_in = rows < seq_len
    d = tl.arange(0, HEAD_DIM)
    offs = head + rows[:, None] * stride_s + d[None, :]
    o = tl.load(out_ptr + offs, mask=row_in[:, None], other=0.0).to(tl.float32)
    do = tl.load(dout_ptr + offs, mask=row_in[:, None], other=0.0).to(tl.float32)
    tl.store(delta_ptr + bh * seq_len + rows, tl.sum(o * do, 1), mask=row_in)


@triton.jit
def _dkdv_block(dk, dv, k, v, q_head, do_head, lse_row, delta_row, stride_s, keys, start, seq_len, qk_scale, band,
                CAUSAL: tl.constexpr, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    d = tl.arange(0, HEAD_DIM)
    rows = start + tl.arange(0, BLOCK_M)
    row_in = rows < seq_len
    # q and dout are each read twice, as [BLOCK_M, HEAD_DIM] and, through
    # the strides, as [HEAD_DIM, BLOCK_M]: a tile that feeds one product
    # directly can be copied ahead into shared memory (software pipelining).
    q = tl.load(q_head + rows[:, None] * stride_s + d[None, :], mask=row_in[:, None], other=0.0)
    q_t = tl.load(q_head + d[:, None] + rows[None, :] * stride_s, mask=row_in[None, :], other=0.0)
    do = tl.load(do_head + rows[:, None] * stride_s + d[None, :], mask=row_in[:, None], other=0.0)
    do_t = tl.load(do_head + d[:, None] + rows[None, :] * stride_s, mask=row_in[None, :], other=0.0)
    # An infinite lse gives the rows past seq_len p = 0: they add nothing.
    lse = tl.load(lse_row + rows, mask=row_in, other=float("inf"))
    delta = tl.load(delta_row + rows, mask=row_in, other=0.0)
    # Transposed scores, keys along the rows as in dk and dv, so that p^T
    # and ds^T are already the left operands of the products that follow.
    s_t = tl.dot(k, q_t)
    p_t = tl.math.exp2(s_t * qk_scale - lse[None, :])
    if CAUSAL:
        if start < band + BLOCK_N:
            p_t = tl.where(rows[None, :] >= keys[:, None], p_t, 0.0)
    dv = tl.dot(p_t.to(do.dtype), do, dv)
    dp_t = tl.dot(v, do_t)
    ds_t = p_t * (dp_t - delta[None, :])
    dk = tl.dot(ds_t.to(q.dtype), q, dk)
    return dk, dv


@triton.jit
def attention_bwd_dkdv(q_ptr, k_ptr, v_ptr, dout_ptr, dk_ptr, dv_ptr, lse_ptr, delta_ptr, sm_scale,
                       stride_b, stride_h, stride_s, n_heads, seq_len,
                       HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    tl.static_assert(BLOCK_N % BLOCK_M == 0)
    key_block = tl.program_id(0)
    bh = tl.program_id(1)
    head = _head_offset(bh, n_heads, stride_b, stride_h)
    keys = key_block * BLOCK_N + tl.arange(0, BLOCK_N)
    key_in = keys < seq_len
    d = tl.arange(0, HEAD_DIM)
    kv_offs = head + keys[:, None] * stride_s + d[None, :]
    # Keys past seq_len load as zeros; their rows of dk and dv are not stored.
    k = tl.load(k_ptr + kv_offs, mask=key_in[:, None], other=0.0)
    v = tl.load(v_ptr + kv_offs, mask=key_in[:, None], other=0.0)
    qk_scale = sm_scale * 1.4426950408889634  # log2(e)
    q_head = q_ptr + head
    do_head = dout_ptr + head
    lse_row = lse_ptr + bh * seq_len
    delta_row = delta_ptr + bh * seq_len

    dk = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    band = key_block * BLOCK_N
    lo = 0
    if CAUSAL:
        # Queries before this key block see none of it.
        lo = band
    for start in range(lo, seq_len, BLOCK_M):
        start = tl.multiple_of(start, BLOCK_M)
        dk, dv = _dkdv_block(dk, dv, k, v, q_head, do_head, lse_row, delta_row, stride_s, keys, start, seq_len,
                             qk_scale, band, CAUSAL, HEAD_DIM, BLOCK_M, BLOCK_N)

    tl.store(dk_ptr + kv_offs, (dk * sm_scale).to(dk_ptr.dtype.element_ty), mask=key_in[:, None])
    tl.store(dv_ptr + kv_offs, dv.to(dv_ptr.dtype.element_ty), mask=key_in[:, None])


@triton.jit
def _dq_block(dq, q, do, lse, delta, k_head, v_head, stride_s, rows, start, seq_len, qk_scale, band,
              CAUSAL: tl.constexpr, HEAD_DIM: tl.constexpr, BLOCK_N: tl.constexpr):
    d = tl.arange(0, HEAD_DIM)
    keys = start + tl.arange(0, BLOCK_N)
    key_in = keys < seq_len
    # The keys past seq_len load as zero rows of k: their ds meets only
    # zeros, so p needs no mask for them. k is read twice, as in _dkdv_block.
    k = tl.load(k_head + keys[:, None] * stride_s + d[None, :], mask=key_in[:, None], other=0.0)
    k_t = tl.load(k_head + d[:, None] + keys[None, :] * stride_s, mask=key_in[None, :], other=0.0)
    v_t = tl.load(v_head + d[:, None] + keys[None, :] * stride_s, mask=key_in[None, :], other=0.0)
    s = tl.dot(q, k_t)
    p = tl.math.exp2(s * qk_scale - lse[:, None])
    if CAUSAL:
        if start + BLOCK_N > band:
            p = tl.where(rows[:, None] >= keys[None, :], p, 0.0)
    dp = tl.dot(do, v_t)
    ds = p * (dp - delta[:, None])
    return tl.dot(ds.to(k.dtype), k, dq)


@triton.jit
def attention_bwd_dq(q_ptr, k_ptr, v_ptr, dout_ptr, dq_ptr, lse_ptr, delta_ptr, sm_scale,
                     stride_b, stride_h, stride_s, n_heads, seq_len,
                     HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    tl.static_assert(BLOCK_M % BLOCK_N == 0)
    q_block = tl.program_id(0)
    bh = tl.program_id(1)
    head = _head_offset(bh, n_heads, stride_b, stride_h)
    rows = q_block * BLOCK_M + tl.arange(0, BLOCK_M)
    row_in = rows < seq_len
    d = tl.arange(0, HEAD_DIM)
    offs = head + rows[:, None] * stride_s + d[None, :]
    q = tl.load(q_ptr + offs, mask=row_in[:, None], other=0.0)
    do = tl.load(dout_ptr + offs, mask=row_in[:, None], other=0.0)
    # Rows past seq_len: an infinite lse gives them p = 0 everywhere.
    lse = tl.load(lse_ptr + bh * seq_len + rows, mask=row_in, other=float("inf"))
    delta = tl.load(delta_ptr + bh * seq_len + rows, mask=row_in, other=0.0)
    qk_scale = sm_scale * 1.4426950408889634  # log2(e)
    k_head = k_ptr + head
    v_head = v_ptr + head

    dq = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    band = q_block * BLOCK_M
    hi = seq_len
    if CAUSAL:
        hi = min(band + BLOCK_M, seq_len)
    for start in range(0, hi, BLOCK_N):
        start = tl.multiple_of(start, BLOCK_N)
        dq = _dq_block(dq, q, do, lse, delta, k_head, v_head, stride_s, rows, start, seq_len, qk_scale, band, CAUSAL,
                       HEAD_DIM, BLOCK_N)

    tl.store(dq_ptr + offs, (dq * sm_scale).to(dq_ptr.dtype.element_ty), mask=row_in[:, None])
