"""Liger-Kernel's fused gate/up projection with SwiGLU (ops/mlp.py,
`gemm_swiglu`): host tensor descriptors, 3-D for the input and the
outputs (`desc.load([b, m, k])` reshaped to 2-D, `tl.reshape(acc, [1, M,
N])` stored), autotuned over 32 configurations. Liger's tests do not
reach it; this runs it as training (G and U kept) and inference do, then
the whole MLP forward and backward (LigerMLPFunction: its two backward
kernels too), under the drop-in:

    TRITON_DROPIN_MODE=time python3 -m triton_dropin bench/realcode/liger_mlp.py [small|large]

LIGER_MLP_CONFIGS="forward=BM,BK,GS,warps,stages inference=... dI=..."
keeps only that autotuning configuration of each kernel named (BN is 128
in all; the dGU kernel takes the forward's): two runs, say with two
tritonc binaries, then time the same specialisations.
"""
import os
import sys

import torch
from liger_kernel.ops import mlp
from liger_kernel.ops.mlp import LigerMLPFunction, gemm_swiglu

SIZES = {"small": (2, 1000, 1024, 2816), "large": (4, 2048, 4096, 11008)}


def pin_configs(spec):
    tuners = {"forward": mlp._swiglu_kernel_forward, "inference": mlp._swiglu_kernel_forward_inference,
              "dI": mlp._swiglu_kernel_backward_dI}
    for item in spec.split():
        name, values = item.split("=")
        wanted = tuple(int(x) for x in values.split(","))
        tuner = tuners[name]
        tuner.configs = [c for c in tuner.configs if (c.kwargs["BLOCK_M"], c.kwargs["BLOCK_K"],
                                                      c.kwargs["GROUP_SIZE_M"], c.num_warps, c.num_stages) == wanted]
        assert tuner.configs, "no configuration %s of %s" % (values, name)


def main():
    if os.environ.get("LIGER_MLP_CONFIGS"):
        pin_configs(os.environ["LIGER_MLP_CONFIGS"])
    batch, seq, dim, hidden = SIZES[sys.argv[1] if len(sys.argv) > 1 else "small"]
    gen = torch.Generator(device="cuda").manual_seed(0)
    x = torch.randn(batch, seq, dim, device="cuda", dtype=torch.bfloat16, generator=gen) * 0.5
    w_gate = torch.randn(hidden, dim, device="cuda", dtype=torch.bfloat16, generator=gen) * 0.02
    w_up = torch.randn(hidden, dim, device="cuda", dtype=torch.bfloat16, generator=gen) * 0.02
    for store_preact in (True, False):
        out, _ = gemm_swiglu(x, w_gate, w_up, 1.0, store_preact=store_preact)
        gate, up = (x.float() @ w_gate.float().T), (x.float() @ w_up.float().T)
        want = gate * torch.sigmoid(gate) * up
        got = out[..., :hidden].float()
        print("store_preact=%s max |error| %.3g (|want| %.3g)" % (store_preact, (got - want).abs().max().item(),
                                                                   want.abs().max().item()))
    w_down = torch.randn(dim, hidden, device="cuda", dtype=torch.bfloat16, generator=gen) * 0.02
    grad = torch.randn(batch, seq, dim, device="cuda", dtype=torch.bfloat16, generator=gen)
    leaves = [t.clone().requires_grad_() for t in (x, w_gate, w_up, w_down)]
    LigerMLPFunction.apply(*leaves).backward(grad)
    exact = [t.float().requires_grad_() for t in (x, w_gate, w_up, w_down)]
    gate, up = exact[0] @ exact[1].T, exact[0] @ exact[2].T
    ((gate * torch.sigmoid(gate) * up) @ exact[3].T).backward(grad.float())
    for name, ours, want in zip(("x", "w_gate", "w_up", "w_down"), leaves, exact):
        print("grad %s max |error| %.3g (|want| %.3g)" % (name, (ours.grad.float() - want.grad).abs().max().item(),
                                                          want.grad.abs().max().item()))


if __name__ == "__main__":
    main()
