"""RMSNorm, forward and backward, where models disagree about which steps
run in fp32. MODE, a compile-time constant compared with the module-level
constexprs below, picks one of three recipes:

  MODE_NATIVE     everything in the input type, eps and the weight offset
                  converted to it;
  MODE_STAT_FP32  the statistic in fp32, x / rms rounded back to the input
                  type before the weight multiplies it;
  MODE_ALL_FP32   everything in fp32, rounded once when stored.

The weight enters as (w + w_offset), for models that store w - 1. The
forward pass saves 1 / rms per row; the backward pass walks
ROWS_PER_PROGRAM rows per program and writes one partial dw row each.

Suggested signatures:
  rms_norm_fwd_modes: "*fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, *fp32:16, i32, fp32, fp32, 0, 1024"
  rms_norm_bwd_modes: "*fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, *fp32:16, *fp32:16, i32, i32, fp32, tl.float16, 4, 0, 1024"
"""
import triton
import triton.language as tl

MODE_NATIVE: tl.constexpr = tl.constexpr(-1)
MODE_STAT_FP32: tl.constexpr = tl.constexpr(0)
MODE_ALL_FP32: tl.constexpr = tl.constexpr(1)


@triton.jit
def rms_norm_fwd_modes(x_ptr, x_stride, y_ptr, y_stride, w_ptr, inv_rms_ptr, n_cols, eps, w_offset,
                       MODE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    ok = cols < n_cols
    x = tl.load(x_ptr + row * x_stride + cols, mask=ok, other=0)
    w = tl.load(w_ptr + cols, mask=ok, other=0)
    io_type = x.dtype
    if MODE == MODE_ALL_FP32:
        x = x.to(tl.float32)
        w = w.to(tl.float32)
    elif MODE == MODE_STAT_FP32:
        x = x.to(tl.float32)
    else:
        eps = eps.to(io_type)
        w_offset = w_offset.to(io_type)

    inv_rms = tl.rsqrt(tl.sum(x * x, axis=0) / n_cols + eps)
    tl.store(inv_rms_ptr + row, inv_rms)

    xn = x * inv_rms
    if MODE == MODE_STAT_FP32:
        xn = xn.to(io_type)
    y = xn * (w + w_offset)
    tl.store(y_ptr + row * y_stride + cols, y.to(io_type), mask=ok)


@triton.jit
def rms_norm_bwd_modes(dy_ptr, dy_stride, x_ptr, x_stride, dx_ptr, dx_stride, w_ptr, inv_rms_ptr, dw_part_ptr,
                       n_rows, n_cols, w_offset, IO_DTYPE: tl.constexpr, ROWS_PER_PROGRAM: tl.constexpr,
                       MODE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    """With g = dy * (w + w_offset) and s = 1 / rms of the row:
        dx = s * g - s^3 / n_cols * sum(g * x) * x,
        dw = the sum over rows of dy * x * s."""
    prog = tl.program_id(0)
    first = prog * ROWS_PER_PROGRAM
    stop = min(first + ROWS_PER_PROGRAM, n_rows)
    cols = tl.arange(0, BLOCK_SIZE)
    ok = cols < n_cols
    w = tl.load(w_ptr + cols, mask=ok, other=0.0) + w_offset
    dw = tl.zeros((BLOCK_SIZE,), dtype=tl.float32)

    dy_ptr += first * dy_stride
    x_ptr += first * x_stride
    dx_ptr += first * dx_stride
    inv_rms_ptr += first
    for _ in range(first, stop):
        dy = tl.load(dy_ptr + cols, mask=ok, other=0.0)
        x = tl.load(x_ptr + cols, mask=ok, other=0.0).to(tl.float32)
        s = tl.load(inv_rms_ptr)
        if MODE == MODE_STAT_FP32:
            # The forward pass multiplied by w in the input type.
            g = (dy * w).to(tl.float32)
        elif MODE == MODE_ALL_FP32:
            dy = dy.to(tl.float32)
            g = dy * w
        else:
            g = dy * w
        dx = s * g - (s * s * s / n_cols) * tl.sum(g * x, axis=0) * x
        if MODE == MODE_STAT_FP32:
            dw += dy * (x * s).to(IO_DTYPE)
        else:
            dw += dy * (x * s)
        tl.store(dx_ptr + cols, dx.to(IO_DTYPE), mask=ok)
        dy_ptr += dy_stride
        x_ptr += x_stride
        dx_ptr += dx_stride
        inv_rms_ptr += 1

    tl.store(dw_part_ptr + prog * n_cols + cols, dw, mask=ok)
