"""Attention forward, out = softmax(q k^T * sm_scale) v, without ever
storing the [SEQ_LEN, SEQ_LEN] probabilities (the FlashAttention scheme).

A program owns BLOCK_M query rows of one (batch, head): program_id(0)
picks the query block, program_id(1) the (batch, head) pair. Its q tile
stays in registers while a `@triton.jit` helper visits the keys and values
BLOCK_N at a time. Per query row it keeps the largest score seen so far
and the sum of exp2(score - that maximum); when a block raises the
maximum, the sum and the output accumulator are scaled down to match.
Scores are multiplied by sm_scale * log2(e), so exp2 does the
exponentials.

With CAUSAL, a query block first visits the key blocks wholly before it
(nothing to mask) and then the one on the diagonal, masked with tl.where;
otherwise it visits all of them. K is read as a [HEAD_DIM, BLOCK_N] tile
through its strides, so tl.dot takes it without a transpose. Each row's
max + log2(sum) is stored for a backward pass. SEQ_LEN must be a multiple
of BLOCK_M and of BLOCK_N.

Suggested signature (q, k, v, out of shape [batch, heads, SEQ_LEN, HEAD_DIM], contiguous):
  attention_fwd: "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32, 1024, 64, 128, 64, True"
"""
import triton
import triton.language as tl


@triton.jit
def _visit_keys(acc, row_sum, row_max, q, k_head, v_head, stride_ks, stride_vs, q_block, qk_scale, rows,
                SPAN: tl.constexpr, SEQ_LEN: tl.constexpr, HEAD_DIM: tl.constexpr,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # SPAN: "before" the diagonal block, the "diagonal" block itself, or "all".
    if SPAN == "before":
        lo, hi = 0, q_block * BLOCK_M
    elif SPAN == "diagonal":
        lo, hi = q_block * BLOCK_M, (q_block + 1) * BLOCK_M
        lo = tl.multiple_of(lo, BLOCK_M)
    else:
        lo, hi = 0, SEQ_LEN
    d = tl.arange(0, HEAD_DIM)
    n = tl.arange(0, BLOCK_N)
    for start in range(lo, hi, BLOCK_N):
        start = tl.multiple_of(start, BLOCK_N)
        keys = start + n
        k_t = tl.load(k_head + d[:, None] + keys[None, :] * stride_ks)
        s = tl.dot(q, k_t) * qk_scale
        if SPAN == "diagonal":
            s = tl.where(rows[:, None] >= keys[None, :], s, float("-inf"))
        new_max = tl.maximum(row_max, tl.max(s, 1))
        p = tl.math.exp2(s - new_max[:, None])
        shrink = tl.math.exp2(row_max - new_max)
        row_sum = row_sum * shrink + tl.sum(p, 1)
        v = tl.load(v_head + keys[:, None] * stride_vs + d[None, :])
        acc = tl.dot(p.to(v.dtype), v, acc * shrink[:, None])
        row_max = new_max
    return acc, row_sum, row_max


@triton.jit
def attention_fwd(q_ptr, k_ptr, v_ptr, out_ptr, lse_ptr, sm_scale,
                  stride_qb, stride_qh, stride_qs, stride_kb, stride_kh, stride_ks,
                  stride_vb, stride_vh, stride_vs, stride_ob, stride_oh, stride_os,
                  n_heads, SEQ_LEN: tl.constexpr, HEAD_DIM: tl.constexpr,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    tl.static_assert(BLOCK_N <= HEAD_DIM)
    q_block = tl.program_id(0)
    bh = tl.program_id(1)
    # 64-bit head offsets: batch * heads * SEQ_LEN * HEAD_DIM can pass 2^31.
    b = (bh // n_heads).to(tl.int64)
    h = (bh % n_heads).to(tl.int64)
    q_head = q_ptr + b * stride_qb + h * stride_qh
    k_head = k_ptr + b * stride_kb + h * stride_kh
    v_head = v_ptr + b * stride_vb + h * stride_vh
    o_head = out_ptr + b * stride_ob + h * stride_oh

    rows = q_block * BLOCK_M + tl.arange(0, BLOCK_M)
    d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_head + rows[:, None] * stride_qs + d[None, :])
    qk_scale = sm_scale * 1.4426950408889634  # log2(e)

    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    row_sum = tl.zeros([BLOCK_M], dtype=tl.float32)
    row_max = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    if CAUSAL:
        acc, row_sum, row_max = _visit_keys(acc, row_sum, row_max, q, k_head, v_head, stride_ks, stride_vs,
                                            q_block, qk_scale, rows, "before", SEQ_LEN, HEAD_DIM,
                                            BLOCK_M, BLOCK_N)
        acc, row_sum, row_max = _visit_keys(acc, row_sum, row_max, q, k_head, v_head, stride_ks, stride_vs,
                                            q_block, qk_scale, rows, "diagonal", SEQ_LEN, HEAD_DIM,
                                            BLOCK_M, BLOCK_N)
    else:
        acc, row_sum, row_max = _visit_keys(acc, row_sum, row_max, q, k_head, v_head, stride_ks, stride_vs,
                                            q_block, qk_scale, rows, "all", SEQ_LEN, HEAD_DIM,
                                            BLOCK_M, BLOCK_N)

    tl.store(lse_ptr + bh * SEQ_LEN + rows, row_max + tl.math.log2(row_sum))
    out = acc / row_sum[:, None]
    tl.store(o_head + rows[:, None] * stride_os + d[None, :], out.to(out_ptr.type.element_ty))
