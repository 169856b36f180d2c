"""Kernels written with tensor descriptors (tests/gpu/kernels/tensor_descriptors.py),
compiled by tritonc (bundle cases desc_mm_f16, desc_nan_rows) and by Triton
on the same file: results against float64 references at ragged sizes, then
the matmul's speed (tritonc lowers descriptor accesses to cp.async copies;
Triton to TMA bulk copies).

    python3 tensor_descriptor_check.py BUNDLE_DIR [--small]
"""
import argparse
import os
import sys

import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from samples_bench import TritoncKernel, check, load_module, median_ms, poisoned_like, rotation  # noqa: E402


def cdiv(a, b):
    return (a + b - 1) // b


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--small", action="store_true")
    args = parser.parse_args()
    # Triton builds descriptors made in the kernel in global scratch memory.
    triton.set_allocator(lambda size, alignment, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    mod = load_module(os.path.join(args.bundle, "tensor_descriptors.py"), "tensor_descriptors")
    mm = TritoncKernel(args.bundle, "desc_mm_f16")
    nan_rows = TritoncKernel(args.bundle, "desc_nan_rows")
    ok = True
    sizes = [(200, 136, 72)] if args.small else [(1000, 1000, 504), (130, 8, 64), (4096, 4096, 4096)]
    for M, N, K in sizes:
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        ref = a.double() @ b.double()
        grid = (cdiv(M, 128), cdiv(N, 128), 1)
        c = poisoned_like(torch.empty(M, N, device="cuda", dtype=torch.float16))
        mm(grid, a, b, c, M, N, K)
        ok &= check(f"tritonc desc_matmul {M}x{N}x{K}", c, ref, 2e-3)
        c2 = poisoned_like(c)
        mod.desc_matmul[grid[:2]](a, b, c2, M, N, K, 128, 128, 64, num_warps=8, num_stages=3)
        ok &= check(f"triton  desc_matmul {M}x{N}x{K}", c2, ref, 2e-3)
    # cols keeps the `i32:4` promise (16-byte rows), as Triton requires of descriptors too.
    for rows, cols in [(19, 68), (64, 128), (1, 20)]:
        x = torch.randn(rows, cols, device="cuda", dtype=torch.float32)
        overhang = torch.zeros(cols, dtype=torch.bool, device="cuda")
        overhang[(cols // 64) * 64:] = cols % 64 != 0
        expected = torch.where(overhang[None, :], torch.full_like(x, -1.0), x * 0.5)
        grid = (cdiv(rows, 16), cdiv(cols, 64), 1)
        out = poisoned_like(x)
        nan_rows(grid, x, out, rows, cols)
        same = torch.equal(out, expected)
        out2 = poisoned_like(x)
        mod.desc_nan_rows[grid[:2]](x, out2, rows, cols, 16, 64, num_warps=4)
        agree = torch.equal(out, out2)
        print(f"{'PASS' if same and agree else 'FAIL'} desc_nan_rows {rows}x{cols}: "
              f"{'matches' if same else 'differs from'} the reference, {'equals' if agree else 'differs from'} Triton")
        ok &= same and agree
    if not args.small:
        n = 4096
        make = lambda: (torch.randn(n, n, device="cuda", dtype=torch.float16),
                        torch.randn(n, n, device="cuda", dtype=torch.float16),
                        torch.empty(n, n, device="cuda", dtype=torch.float16))
        sets = rotation(3 * n * n * 2, make)
        grid = (n // 128, n // 128, 1)
        t_ours = median_ms(lambda s: mm(grid, s[0], s[1], s[2], n, n, n), sets, batch=10, repeats=10)
        t_triton = median_ms(lambda s: mod.desc_matmul[grid[:2]](s[0], s[1], s[2], n, n, n, 128, 128, 64,
                                                                 num_warps=8, num_stages=3), sets, batch=10, repeats=10)
        flops = 2.0 * n ** 3
        print(f"desc_matmul fp16 {n}^3: tritonc {flops / t_ours / 1e9:.1f} TFLOP/s, Triton {flops / t_triton / 1e9:.1f} "
              f"TFLOP/s, ratio {t_triton / t_ours:.2f}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
