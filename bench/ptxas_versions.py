"""Which assembler made the difference? The matmul sample's tritonc PTX and
Triton's own PTX for the same configuration, each turned into machine code
by the driver's JIT, by the toolkit's ptxas and by the ptxas Triton ships,
timed in interleaved rounds beside Triton's native launch.

    python3 ptxas_versions.py BUNDLE_DIR [--case mm_f16_sm90a] [--size 4096]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys

import cupy
import numpy as np
import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from matmul_bench import CONFIG, STAGES, WARPS, cdiv, matmul_args  # noqa: E402
from samples_bench import TritoncKernel, load_module, median_ms, rotation  # noqa: E402


def assemble(ptxas, ptx, cubin):
    subprocess.run([ptxas, "-arch=sm_90a", "-v", ptx, "-o", cubin], check=True, capture_output=True)
    return cubin


class RawKernel:
    """A kernel from a PTX or cubin file, its arguments given as numpy scalars."""

    def __init__(self, path, entry, threads, shared):
        self.function = cupy.RawModule(path=path).get_function(entry)
        self.function.max_dynamic_shared_size_bytes = shared
        self.threads, self.shared = threads, shared

    def __call__(self, grid, args):
        self.function((grid, 1, 1), (self.threads, 1, 1), args, shared_mem=self.shared)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--case", default="mm_f16_sm90a")
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    out = os.environ.get("OUT", args.bundle)
    n = args.size
    make = lambda: (torch.randn(n, n, device="cuda", dtype=torch.float16),
                    torch.randn(n, n, device="cuda", dtype=torch.float16),
                    torch.empty(n, n, device="cuda", dtype=torch.float16), torch.randn(n, device="cuda", dtype=torch.float16))
    grid = cdiv(n, CONFIG["BLOCK_M"]) * cdiv(n, CONFIG["BLOCK_N"])
    sets = rotation(4 * n * n * 2, make)

    mod = load_module(os.path.join(args.bundle, "matmul.py"), "matmul_ptxas_versions")
    native = lambda s: mod.matmul_bias_act.fn[(grid,)](*matmul_args(*s), ACTIVATION="gelu", num_warps=WARPS,
                                                      num_stages=STAGES, **CONFIG)
    compiled = native(sets[0])
    triton_ptx = os.path.join(out, "triton_matmul.ptx")
    with open(triton_ptx, "w") as f:
        f.write(compiled.asm["ptx"])
    triton_shared = compiled.metadata.shared

    toolkit_ptxas = shutil.which("ptxas")
    triton_ptxas = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "ptxas")
    for name, path in (("toolkit", toolkit_ptxas), ("Triton's", triton_ptxas)):
        version = subprocess.run([path, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-1]
        print(f"{name} ptxas: {path}: {version}")

    ours = TritoncKernel(args.bundle, args.case)
    ours_ptx = os.path.join(args.bundle, args.case + ".ptx")
    entry, threads, shared = ours.meta["entry"], ours.meta["threads_per_block"], ours.meta["shared_bytes"]

    def ours_from(path):
        k = RawKernel(path, entry, threads, shared)
        def run(s):
            values = []
            for param, value in zip(ours.meta["params"], matmul_args(*s)):
                values.append(np.uint64(value.data_ptr()) if param["type"].startswith("*") else np.int32(value))
            k(grid, tuple(values))
        return run

    def triton_from(path):
        k = RawKernel(path, "matmul_bias_act", 32 * WARPS, triton_shared)
        def run(s):
            a, b, c, bias = s
            M, K = a.shape
            N = b.shape[1]
            k(grid, tuple(np.uint64(t.data_ptr()) for t in (a, b, c, bias)) +
              tuple(np.int32(v) for v in (M, N, K, a.stride(0), b.stride(0), c.stride(0))) + (np.uint64(0), np.uint64(0)))
        return run

    runs = {
        "tritonc PTX, driver JIT": ours_from(ours_ptx),
        "tritonc PTX, toolkit ptxas": ours_from(assemble(toolkit_ptxas, ours_ptx, os.path.join(out, "ours_toolkit.cubin"))),
        "tritonc PTX, Triton's ptxas": ours_from(assemble(triton_ptxas, ours_ptx, os.path.join(out, "ours_triton.cubin"))),
        "Triton PTX, driver JIT": triton_from(triton_ptx),
        "Triton PTX, toolkit ptxas": triton_from(assemble(toolkit_ptxas, triton_ptx, os.path.join(out, "triton_toolkit.cubin"))),
        "Triton PTX, Triton's ptxas": triton_from(assemble(triton_ptxas, triton_ptx, os.path.join(out, "triton_triton.cubin"))),
        "Triton native": native,
    }
    reference = None
    for name, run in runs.items():
        c = sets[0][2]
        c.fill_(float("nan"))
        run(sets[0])
        torch.cuda.synchronize()
        if reference is None:
            reference = c.clone()
        print(f"{name}: output {'equal' if torch.equal(c, reference) else 'DIFFERS'}")
    times = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            times[name].append(median_ms(run, sets, batch=10, repeats=10))
    for name, ts in times.items():
        flops = [2.0 * n ** 3 / (t * 1e-3) / 1e12 for t in ts]
        print(f"{name:30s} {statistics.median(flops):7.1f} TFLOP/s  (rounds: {' '.join(f'{f:.0f}' for f in flops)})")


if __name__ == "__main__":
    main()
