"""Compiled variants of desc_attention_fwd (tests/gpu/kernels/tensor_descriptors.py)
side by side with Triton on the same configuration, read back from each
variant's metadata (head_dim, blocks, warps, stages):

    python3 desc_attention_variants.py BUNDLE CASE [CASE ...] [--ptx-dir DIR]

Each CASE is a bundle name (CASE.ptx + CASE.json). Checked against float64
first; then TFLOP/s at 64 heads of 4096, and Triton's register count beside
ptxas's for ours (run `ptxas -v` on the bundle for that). --ptx-dir writes
Triton's PTX of each configuration there, to diff against ours.
"""

import argparse
import os
import sys

import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from samples_bench import TritoncKernel, check, load_module, median_ms, poisoned_like, rotation  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("cases", nargs="+")
    parser.add_argument("--ptx-dir")
    args = parser.parse_args()
    triton.set_allocator(lambda size, alignment, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    mod = load_module(os.path.join(args.bundle, "tensor_descriptors.py"), "tensor_descriptors")
    ok = True
    for case in args.cases:
        ours = TritoncKernel(args.bundle, case)
        meta = ours.meta
        d, block_m, block_n = (meta["constexprs"][k] for k in ("HEAD_DIM", "BLOCK_M", "BLOCK_N"))
        warps, stages = meta["num_warps"], meta["num_stages"]

        def theirs(grid, q, k, v, o, rows, scale, n):
            return mod.desc_attention_fwd[grid[:2]](q, k, v, o, rows, scale, n, d, block_m, block_n,
                                                    num_warps=warps, num_stages=stages)

        heads, n = 3, 1024
        q, k, v = (torch.randn(heads * n, d, device="cuda", dtype=torch.float16) for _ in range(3))
        scale = d ** -0.5
        scores = (q.double().view(heads, n, d) @ k.double().view(heads, n, d).transpose(1, 2)) * scale
        ref = (torch.softmax(scores, dim=-1) @ v.double().view(heads, n, d)).view(heads * n, d)
        grid = (n // block_m, heads, 1)
        compiled = None
        for name, kernel in (("tritonc", ours), ("triton", theirs)):
            o = poisoned_like(torch.empty(heads * n, d, device="cuda", dtype=torch.float16))
            result = kernel(grid, q, k, v, o, heads * n, scale, n)
            if name == "triton":
                compiled = result
            ok &= check(f"{name} {case} {heads}x{n}", o, ref, 1e-2)
        if args.ptx_dir:
            os.makedirs(args.ptx_dir, exist_ok=True)
            with open(os.path.join(args.ptx_dir, f"triton_{case}.ptx"), "w") as f:
                f.write(compiled.asm["ptx"])
        heads, n = 64, 4096
        make = lambda: tuple(torch.randn(heads * n, d, device="cuda", dtype=torch.float16) for _ in range(4))
        sets = rotation(4 * heads * n * d * 2, make)
        grid = (n // block_m, heads, 1)
        flops = 4.0 * heads * n * n * d
        t_ours, t_theirs = (median_ms(lambda s: kernel(grid, s[0], s[1], s[2], s[3], heads * n, d ** -0.5, n), sets,
                                      batch=10, repeats=10) for kernel in (ours, theirs))
        print(f"{case} (d{d}, {block_m}x{block_n}, {warps} warps, {stages} stages): tritonc "
              f"{flops / t_ours / 1e9:.1f} TFLOP/s, Triton {flops / t_theirs / 1e9:.1f} "
              f"({compiled.n_regs} regs, {compiled.n_spills} spills), ratio {t_theirs / t_ours:.2f}")
    print("ALL PASS" if ok else "SOME CHECKS FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
