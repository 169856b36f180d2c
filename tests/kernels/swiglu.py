"""SwiGLU, out = silu(gate) * up, the gated MLP activation.

`swiglu_fwd` and `swiglu_bwd` work on rows of a [tokens, n_cols] pair of
tensors, one program per row, through a `@triton.jit` helper for silu;
the forward pass computes silu in fp32 and rounds it back with `.cast`
before multiplying by `up` in the input type. The backward pass
recomputes silu instead of saving it and writes both gradients over its
inputs. `swiglu_flat` is the element-wise form over a flat range, with
silu written out inline.

Suggested signatures:
  swiglu_fwd:  "*bf16:16, *bf16:16, *bf16:16, i32:16, 4096, 4096"
  swiglu_bwd:  "*bf16:16, *bf16:16, *bf16:16, i32:16, 4096, 4096"
  swiglu_flat: "*fp16:16, *fp16:16, *fp16:16, i32, 1024"
"""
import triton
import triton.language as tl


@triton.jit
def silu(x):
    return x * tl.sigmoid(x)


@triton.jit
def swiglu_fwd(gate_ptr, up_ptr, out_ptr, row_stride, n_cols: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    start = tl.program_id(0).to(tl.int64) * row_stride
    cols = tl.arange(0, BLOCK_SIZE)
    ok = cols < n_cols
    # tl.sigmoid needs fp32 (or fp64) input.
    gate = tl.load(gate_ptr + start + cols, mask=ok, other=0).to(tl.float32)
    up = tl.load(up_ptr + start + cols, mask=ok, other=0)
    out = silu(gate).cast(up.dtype) * up
    tl.store(out_ptr + start + cols, out, mask=ok)


@triton.jit
def swiglu_bwd(dout_ptr, gate_ptr, up_ptr, row_stride, n_cols: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    start = tl.program_id(0).to(tl.int64) * row_stride
    cols = tl.arange(0, BLOCK_SIZE)
    ok = cols < n_cols
    dout = tl.load(dout_ptr + start + cols, mask=ok, other=0)
    gate = tl.load(gate_ptr + start + cols, mask=ok, other=0).to(tl.float32)
    up = tl.load(up_ptr + start + cols, mask=ok, other=0)
    # silu'(g) = s + g * s * (1 - s) with s = sigmoid(g).
    s = tl.sigmoid(gate)
    d_up = dout * (gate * s)
    d_gate = dout * (s * (1 + gate * (1 - s))) * up
    tl.store(gate_ptr + start + cols, d_gate, mask=ok)
    tl.store(up_ptr + start + cols, d_up, mask=ok)


@triton.jit
def swiglu_flat(gate_ptr, up_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    i = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    ok = i < n
    gate = tl.load(gate_ptr + i, mask=ok, other=0).to(tl.float32)
    up = tl.load(up_ptr + i, mask=ok, other=0)
    act = (gate * tl.sigmoid(gate)).to(up.dtype)
    tl.store(out_ptr + i, act * up, mask=ok)
