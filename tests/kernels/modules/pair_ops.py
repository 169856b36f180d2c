# Pairs of values swapped and squashed by a helper of `normlib.pairs`,
# which picks its `tanh` import in a `try`, as libraries written for
# several Triton versions do.
import triton
import triton.language as tl
import torch

from normlib.pairs import pair_count, swap_pairs

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def pair_swap_kernel(x_ptr, out_ptr, n_pairs, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    live = rows < n_pairs
    offs = rows[:, None] * 2 + tl.arange(0, 2)[None, :]
    x = tl.load(x_ptr + offs, mask=live[:, None], other=0.0)
    y = swap_pairs(x)
    tl.store(out_ptr + offs, y, mask=offs < pair_count(n_pairs))


def pair_swap(x: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n = x.numel() // 2
    pair_swap_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
    return out
