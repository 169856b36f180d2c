"""Rotary position embedding (RoPE) in the [seq, batch, heads, head_dim]
layout that TransformerEngine's fused RoPE uses, with cos/sin tables of
shape [seq, head_dim] (each frequency repeated in both halves, as in the
non-interleaved "rotate half" form). One program handles all heads of one
(seq, batch) position. The backward pass is the same rotation by -theta."""
import triton
import triton.language as tl


@triton.jit
def rope_kernel(X, OUT, COS, SIN, stride_s, stride_b, stride_h, n_batch, n_heads,
                HEAD_DIM: tl.constexpr, BLOCK_H: tl.constexpr, BACKWARD: tl.constexpr):
    pid = tl.program_id(0)
    s = pid // n_batch
    b = pid % n_batch
    HALF: tl.constexpr = HEAD_DIM // 2
    h = tl.arange(0, BLOCK_H)
    d = tl.arange(0, HALF)
    offs = h[:, None] * stride_h + d[None, :]
    mask = h[:, None] < n_heads
    x_base = X + s * stride_s + b * stride_b
    x1 = tl.load(x_base + offs, mask=mask, other=0.0).to(tl.float32)
    x2 = tl.load(x_base + offs + HALF, mask=mask, other=0.0).to(tl.float32)
    cos = tl.load(COS + s * HEAD_DIM + d).to(tl.float32)[None, :]
    sin = tl.load(SIN + s * HEAD_DIM + d).to(tl.float32)[None, :]
    if BACKWARD:
        sin = -sin
    o1 = x1 * cos - x2 * sin
    o2 = x2 * cos + x1 * sin
    out_base = OUT + s * stride_s + b * stride_b
    tl.store(out_base + offs, o1.to(OUT.dtype.element_ty), mask=mask)
    tl.store(out_base + offs + HALF, o2.to(OUT.dtype.element_ty), mask=mask)
