"""The attention sample's forward (or a variant of its file) at one shape,
compiled by tritonc (a PTX + metadata pair in the bundle) and by Triton on
the same file, timed in interleaved rounds; for looking closely at the
difference on the GPU machine.

    python3 profile_attention.py BUNDLE_DIR FILE.py:CASE [FILE.py:CASE ...] [--seq 4096] [--dim 128]

CASE names tritonc's compilation of FILE (fp16, non-causal, BLOCK_M 128,
BLOCK_N 64, as bench/attention.txt); Triton runs FILE with the warps and
stages in CASE's metadata.
"""
import argparse
import os
import statistics
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from samples_bench import TritoncKernel, load_module, median_ms  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("entries", nargs="+")
    parser.add_argument("--seq", type=int, default=4096)
    parser.add_argument("--dim", type=int, default=128)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    b, h, s, d = 4, 32, args.seq, args.dim
    q, k, v = (torch.randn(b, h, s, d, device="cuda", dtype=torch.float16) for _ in range(3))
    o = torch.empty_like(q)
    lse = torch.empty(b * h, s, device="cuda")
    scale = d ** -0.5
    call = (q, k, v, o, lse, scale, q.stride(0), q.stride(1), q.stride(2), h, s)
    grid = ((s + 127) // 128, b * h, 1)
    ref = torch.nn.functional.scaled_dot_product_attention(q, k, v)
    runs = {}
    for entry in args.entries:
        path, case = entry.split(":")
        kernel = TritoncKernel(args.bundle, case)
        mod = load_module(os.path.join(args.bundle, path), "attn_" + case)
        warps, stages = kernel.meta["num_warps"], kernel.meta["num_stages"]
        runs[f"tritonc {case}"] = lambda kernel=kernel: kernel(grid, *call)
        runs[f"triton  {case}"] = lambda mod=mod, warps=warps, stages=stages: mod.attention_fwd[grid[:2]](
            *call, HEAD_DIM=d, BLOCK_M=128, BLOCK_N=64, CAUSAL=False, num_warps=warps, num_stages=stages)
    for name, run in runs.items():
        o.fill_(float("nan"))
        run()
        err = ((o.float() - ref.float()).norm() / ref.float().norm()).item()
        print(f"{name}: relative error {err:.1e}{'' if err < 2e-3 else '  FAIL'}")
    times = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            times[name].append(median_ms(lambda _s: run(), [None], batch=5, repeats=5))
    flops = 4.0 * b * h * s * s * d
    for name, ts in times.items():
        print(f"{name:24s} {flops / statistics.median(ts) / 1e9:7.1f} TFLOP/s")


if __name__ == "__main__":
    main()
