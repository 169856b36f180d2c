"""The attention sample's forward and backward at one shape for several
builds of the same tritonc specialisations, beside Triton: for finding
which compiler change moved a kernel. A variant is a name suffix after
`_s16` in the bundle (fwd_fp16_d64_sm_90a_s16SUFFIX.ptx and its peers).

    python3 attention_variants.py BUNDLE_DIR --dim 64 --variants "" _A _B [--causal] [--seq 4096]
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import attention_bench as ab  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--dim", type=int, default=64)
    parser.add_argument("--seq", type=int, default=4096)
    parser.add_argument("--causal", action="store_true")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--variants", nargs="+", default=[""])
    args = parser.parse_args()
    mod = ab.load_module(os.path.join(ab.BUNDLE, "attention.py"), "attention_variants")
    batch, heads, seq, dim = 4, 32, args.seq, args.dim
    shape = (batch, heads, seq, dim)
    q, k, v, do = (torch.randn(shape, device="cuda", dtype=torch.float16) for _ in range(4))
    scale = dim ** -0.5
    o, dq, dk, dv = (torch.empty_like(q) for _ in range(4))
    lse, delta = (torch.empty(batch * heads, seq, device="cuda") for _ in range(2))
    flops_fwd = 4.0 * batch * heads * seq * seq * dim / (2 if args.causal else 1)
    estimate = flops_fwd / 200e12 * 1e3
    launchers = {f"tritonc _s16{v}": ab.Launcher(mod, "fp16", dim, args.causal, "sm_90a", "_s16" + v) for v in args.variants}
    launchers["Triton"] = ab.Launcher(mod, "fp16", dim, args.causal, None)
    times = {name: ([], []) for name in launchers}
    for _ in range(args.rounds):
        for name, launcher in launchers.items():
            fwd = lambda: launcher.forward(q, k, v, o, lse, scale)
            fwd()
            bwd = lambda: launcher.backward(q, k, v, o, lse, do, dq, dk, dv, delta, scale)
            times[name][0].append(ab.graph_ms(fwd, estimate))
            times[name][1].append(ab.graph_ms(bwd, 2.5 * estimate))
    print(f"[{batch},{heads},{seq},{dim}]{' causal' if args.causal else ''}: TFLOP/s (median of {args.rounds} rounds)")
    for name, (f, b) in times.items():
        med = lambda xs: sorted(xs)[len(xs) // 2]
        print(f"  {name:24s} fwd {flops_fwd / med(f) / 1e9:7.1f}   bwd {2.5 * flops_fwd / med(b) / 1e9:7.1f}")


if __name__ == "__main__":
    main()
