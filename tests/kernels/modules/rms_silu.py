# An RMS norm followed by SiLU whose helpers and constants come from the
# `normlib` package beside this file; the rest of the file is host code,
# as in real kernel libraries, and tritonc skips it.
import math
from typing import Optional

import torch
import triton
import triton.language as tl

import normlib.consts as C
from normlib import ROW_BLOCK, rms_scale
from normlib.math_utils import silu as activation


@triton.autotune(
    configs=[triton.Config({}, num_warps=w) for w in (2, 4, 8)],
    key=["n_cols"],
)
@triton.jit
def rms_silu_kernel(x_ptr, w_ptr, out_ptr, stride, n_cols, BLOCK: tl.constexpr = ROW_BLOCK):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    y = activation(x * rms_scale(x, n_cols, C.EPS_DEFAULT) * w)
    tl.store(out_ptr + row * stride + cols, y.to(tl.float16), mask=mask)


class RmsSilu(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        rms_silu_kernel[(x.shape[0],)](x, w, out, x.stride(0), x.shape[1])
        ctx.save_for_backward(x, w)
        return out


def rms_silu(x: torch.Tensor, w: torch.Tensor, eps: Optional[float] = None) -> torch.Tensor:
    with torch.no_grad():
        return RmsSilu.apply(x, w)


if __name__ == "__main__":
    x = torch.randn(4, 1000, device="cuda", dtype=torch.float16)
    print(f"{rms_silu(x, torch.ones(1000, device='cuda', dtype=torch.float16)).sum():.3f}", math.pi)
