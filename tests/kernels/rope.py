"""Rotary position embedding applied in place to a query and a key tensor
laid out [batch, seq_len, heads, head_dim] (heads and head_dim contiguous).

One program per (batch, position) row turns every head of q and of k at
once, each as a 2-D tile [heads, head_dim / 2] padded to powers of two,
through a `@triton.jit` helper returning both halves. cos and sin are
tables [1 or batch, seq_len, head_dim] in the "rotate half" form, where
each frequency appears in both halves, so only the first half is read;
SHARED_TABLE says the batch shares one table. BACKWARD turns by -theta,
which is how the gradient flows back through the rotation.

Suggested signature (seq_len = 128, 32 query heads, 8 key heads, head_dim = 128):
  rope_qk_inplace: "*bf16:16, *bf16:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32, 32, 8, 128, 32, 8, 128, True, False"
"""
import triton
import triton.language as tl


@triton.jit
def _turn(lo, hi, cos, sin):
    # Each pair (lo[j], hi[j]) is a point in the plane, turned by its own angle.
    return lo * cos - hi * sin, hi * cos + lo * sin


@triton.jit
def rope_qk_inplace(q_ptr, k_ptr, cos_ptr, sin_ptr, q_row_stride, k_row_stride, table_row_stride, seq_len,
                    N_Q_HEADS: tl.constexpr, N_K_HEADS: tl.constexpr, HEAD_DIM: tl.constexpr,
                    Q_HEADS_P2: tl.constexpr, K_HEADS_P2: tl.constexpr, HEAD_DIM_P2: tl.constexpr,
                    SHARED_TABLE: tl.constexpr, BACKWARD: tl.constexpr = False):
    # row = b * seq_len + position, in 64 bits so that row * stride cannot wrap.
    row = tl.program_id(0).to(tl.int64)
    table_row = tl.where(SHARED_TABLE, row % seq_len, row)
    j = tl.arange(0, HEAD_DIM_P2 // 2)
    j_ok = j < HEAD_DIM // 2
    cos = tl.load(cos_ptr + table_row * table_row_stride + j, mask=j_ok, other=0)
    sin = tl.load(sin_ptr + table_row * table_row_stride + j, mask=j_ok, other=0)
    if BACKWARD:
        sin = -sin

    qh = tl.arange(0, Q_HEADS_P2)
    q_lo = q_ptr + row * q_row_stride + qh[:, None] * HEAD_DIM + j[None, :]
    q_ok = (qh[:, None] < N_Q_HEADS) & j_ok[None, :]
    kh = tl.arange(0, K_HEADS_P2)
    k_lo = k_ptr + row * k_row_stride + kh[:, None] * HEAD_DIM + j[None, :]
    k_ok = (kh[:, None] < N_K_HEADS) & j_ok[None, :]

    # The halves are widened to the tables' type; the stores round back.
    q1 = tl.load(q_lo, mask=q_ok, other=0).to(cos.dtype)
    q2 = tl.load(q_lo + HEAD_DIM // 2, mask=q_ok, other=0).to(cos.dtype)
    k1 = tl.load(k_lo, mask=k_ok, other=0).to(cos.dtype)
    k2 = tl.load(k_lo + HEAD_DIM // 2, mask=k_ok, other=0).to(cos.dtype)
    q1, q2 = _turn(q1, q2, cos, sin)
    k1, k2 = _turn(k1, k2, cos, sin)
    tl.store(q_lo, q1, mask=q_ok)
    tl.store(q_lo + HEAD_DIM // 2, q2, mask=q_ok)
    tl.store(k_lo, k1, mask=k_ok)
    tl.store(k_lo + HEAD_DIM // 2, k2, mask=k_ok)
