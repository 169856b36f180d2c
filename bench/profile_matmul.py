"""The matmul sample at one size, compiled by tritonc (bundle cases) and by
Triton natively, for looking closely at the difference on the GPU machine.

    python3 profile_matmul.py BUNDLE_DIR --launch tritonc:CASE    (under ncu: a few launches)
    python3 profile_matmul.py BUNDLE_DIR --launch triton:gelu     (also writes Triton's PTX and cubin to $OUT)
    python3 profile_matmul.py BUNDLE_DIR --time tritonc:CASE triton:gelu ...   (TFLOP/s of each, one table)

A tritonc case is a specialisation in the bundle (its activation is baked
in); a Triton entry names the activation its launch passes. --size and
--dtype pick the problem (square).
"""
import argparse
import os
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from matmul_bench import CONFIG, cdiv, matmul_args, square_sets, triton_native  # noqa: E402
from samples_bench import TritoncKernel, load_module, median_ms, poisoned_like  # noqa: E402


def launcher(bundle, entry, grid):
    compiler, what = entry.split(":", 1)
    if compiler in ("tritonc", "tritonc-carveout"):
        kernel = TritoncKernel(bundle, what)
        if compiler == "tritonc-carveout":
            # All of L1 as shared memory, as Triton's launcher asks for.
            kernel.function.preferred_shared_memory_carveout = 100
        return lambda s: kernel((grid, 1, 1), *matmul_args(*s))
    mod = load_module(os.path.join(bundle, "matmul.py"), "matmul_profiled_" + what)
    return triton_native(mod, grid, activation=what)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--launch")
    parser.add_argument("--time", nargs="+", default=[])
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--sustain", type=float, default=0.0, help="with --launch: keep launching for this many seconds")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--dtype", default="fp16", choices=["fp16", "bf16"])
    args = parser.parse_args()
    dtype = torch.float16 if args.dtype == "fp16" else torch.bfloat16
    n = args.size
    grid = cdiv(n, CONFIG["BLOCK_M"]) * cdiv(n, CONFIG["BLOCK_N"])
    if args.launch:
        s = square_sets(n, dtype)[0]
        run = launcher(args.bundle, args.launch, grid)
        compiled = run(s)
        if args.launch.startswith("triton:"):
            out = os.environ.get("OUT", ".")
            with open(os.path.join(out, f"triton_{args.dtype}.ptx"), "w") as f:
                f.write(compiled.asm["ptx"])
            with open(os.path.join(out, f"triton_{args.dtype}.cubin"), "wb") as f:
                f.write(compiled.asm["cubin"])
        for _ in range(3):
            run(s)
        torch.cuda.synchronize()
        start = time.time()
        while time.time() - start < args.sustain:
            for _ in range(50):
                run(s)
            torch.cuda.synchronize()
        return
    sets = square_sets(n, dtype)
    a, b, _, bias = sets[0]
    ok = True
    runs = {}
    for entry in args.time:
        runs[entry] = launcher(args.bundle, entry, grid)
        c = poisoned_like(sets[0][2])
        runs[entry]((a, b, c, bias))
        ok &= bool(torch.isfinite(c.double()).all())
    # Rounds interleave the entries so that clock and temperature drift
    # reach all of them alike; the median round is reported.
    times = {entry: [] for entry in runs}
    for _ in range(args.rounds):
        for entry, run in runs.items():
            times[entry].append(median_ms(run, sets, batch=10, repeats=10))
    for entry, ts in times.items():
        flops = [2.0 * n ** 3 / (t * 1e-3) / 1e12 for t in ts]
        print(f"{entry:32s} {statistics.median(flops):7.1f} TFLOP/s  (rounds: {' '.join(f'{f:.0f}' for f in flops)})")
    sys.exit(0 if ok else 1)

if __name__ == "__main__":
    main()
