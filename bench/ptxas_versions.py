"""Which assembler made the difference? The matmul sample's tritonc PTX and
Triton's own PTX for the same configuration, each turned into machine code
by the driver's JIT, by the toolkit's ptxas and by the ptxas Triton ships,
timed in interleaved rounds beside Triton's native launch.

    python3 ptxas_versions.py BUNDLE_DIR [--case mm_f16_sm90a] [--size 4096]
"""
import argparse
import os
import shutil
import subprocess
import sys

import cupy
import numpy as np
import triton

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from matmul_bench import CONFIG, WARPS, cdiv, compare_and_time, matmul_args, square_sets, triton_native  # noqa: E402
from samples_bench import TritoncKernel, load_module  # noqa: E402


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


def tritonc_raw(path, meta, grid):
    """A launch of tritonc's matmul from `path` (its PTX, or machine code
    made from it), its parameters as the metadata `meta` lists them."""
    k = RawKernel(path, meta["entry"], meta["threads_per_block"], meta["shared_bytes"])
    return lambda s: k(grid, tuple(np.uint64(v.data_ptr()) if p["type"].startswith("*") else np.int32(v)
                                   for p, v in zip(meta["params"], matmul_args(*s))))


def triton_raw(path, shared, grid):
    """A launch of Triton's matmul from `path`: the run-time arguments its
    specialisation kept (unit strides are constants there), then its two
    scratch pointers, passed as 0."""
    k = RawKernel(path, "matmul_bias_act", 32 * WARPS, shared)

    def run(s):
        a, b, c, bias = s
        M, K = a.shape
        k(grid, tuple(np.uint64(t.data_ptr()) for t in (a, b, c, bias)) +
          tuple(np.int32(v) for v in (M, b.shape[1], K, a.stride(0), b.stride(0), c.stride(0))) +
          (np.uint64(0), np.uint64(0)))
    return run


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--case", default="mm_f16_sm90a")
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    out = os.environ.get("OUT", args.bundle)
    n = args.size
    grid = cdiv(n, CONFIG["BLOCK_M"]) * cdiv(n, CONFIG["BLOCK_N"])
    sets = square_sets(n)

    mod = load_module(os.path.join(args.bundle, "matmul.py"), "matmul_ptxas_versions")
    native = triton_native(mod, grid)
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

    meta = TritoncKernel(args.bundle, args.case).meta
    ours_ptx = os.path.join(args.bundle, args.case + ".ptx")
    ours_from = lambda path: tritonc_raw(path, meta, grid)
    triton_from = lambda path: triton_raw(path, triton_shared, grid)

    runs = {
        "tritonc PTX, driver JIT": ours_from(ours_ptx),
        "tritonc PTX, toolkit ptxas": ours_from(assemble(toolkit_ptxas, ours_ptx, os.path.join(out, "ours_toolkit.cubin"))),
        "tritonc PTX, Triton's ptxas": ours_from(assemble(triton_ptxas, ours_ptx, os.path.join(out, "ours_triton.cubin"))),
        "Triton PTX, driver JIT": triton_from(triton_ptx),
        "Triton PTX, toolkit ptxas": triton_from(assemble(toolkit_ptxas, triton_ptx, os.path.join(out, "triton_toolkit.cubin"))),
        "Triton PTX, Triton's ptxas": triton_from(assemble(triton_ptxas, triton_ptx, os.path.join(out, "triton_triton.cubin"))),
        "Triton native": native,
    }
    compare_and_time(runs, sets, n, args.rounds)


if __name__ == "__main__":
    main()
