"""Vector add under OpenAI Triton and torch, timed the way the tritonc host
program times it, and the comparison table.

The kernel is imported from the very file tritonc compiled
(samples/vector_add.py), so both compilers see one source. Correctness is
checked bitwise against torch's x + y on fresh random data with the output
poisoned first. Timing: CUDA events around each launch, warm-up, median of
100 runs, GB/s = 3 * 4 * n / time.

    python3 vector_add_triton.py --kernel-file vector_add.py \
        --sizes 268435459 268435456 --tritonc 268435459=4300.1,268435456=4310.2

Exit status: 1 if a correctness check failed.
"""

import argparse
import importlib.util
import statistics
import sys

import torch
import triton

BLOCK_SIZE = 1024
NUM_WARPS = 4
WARMUP = 20
RUNS = 100
POISON = 0x7FC0DEAD  # a NaN no addition produces


def load_kernel(path):
    spec = importlib.util.spec_from_file_location("vector_add_sample", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.add_kernel


def random_floats(n, generator):
    # Spread over many exponents, never zero, like the C++ host program.
    magnitude = torch.exp2(torch.randint(-20, 21, (n,), device="cuda", generator=generator).float())
    mantissa = 1 + torch.rand(n, device="cuda", generator=generator)
    sign = torch.randint(0, 2, (n,), device="cuda", generator=generator).float() * 2 - 1
    return sign * mantissa * magnitude


def median_ms(fn):
    for _ in range(WARMUP):
        fn()
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
              for _ in range(RUNS)]
    for start, end in events:
        start.record()
        fn()
        end.record()
    torch.cuda.synchronize()
    return statistics.median(start.elapsed_time(end) for start, end in events)


def gbps(n, ms):
    return 3 * 4 * n / (ms * 1e-3) / 1e9


def parse_tritonc(text):
    result = {}
    for item in filter(None, text.split(",")):
        size, value = item.split("=")
        result[int(size)] = float(value)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernel-file", required=True)
    parser.add_argument("--sizes", type=int, nargs="+", required=True)
    parser.add_argument("--tritonc", default="", help="SIZE=GBPS,... measured by the host program")
    args = parser.parse_args()

    add_kernel = load_kernel(args.kernel_file)
    tritonc = parse_tritonc(args.tritonc)
    generator = torch.Generator(device="cuda")
    generator.seed()
    print(f"seed {generator.initial_seed()}; torch {torch.__version__}, triton {triton.__version__}, "
          f"{torch.cuda.get_device_name()}")

    ok = True
    rows = []
    for n in args.sizes:
        x = random_floats(n, generator)
        y = random_floats(n, generator)
        out = torch.full((n,), POISON, dtype=torch.int32, device="cuda").view(torch.float32)
        grid = (triton.cdiv(n, BLOCK_SIZE),)

        def run_triton():
            add_kernel[grid](x, y, out, n, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)

        run_triton()
        expected = x + y
        same = torch.equal(out.view(torch.int32), expected.view(torch.int32))
        print(f"{'PASS' if same else 'FAIL'} triton n={n}")
        ok &= same

        triton_ms = median_ms(run_triton)
        torch_ms = median_ms(lambda: torch.add(x, y, out=out))
        rows.append((n, tritonc.get(n), gbps(n, triton_ms), gbps(n, torch_ms)))
        del x, y, out, expected

    print()
    print(f"{'size':>12} {'tritonc GB/s':>13} {'Triton GB/s':>12} {'torch GB/s':>11} {'tritonc/Triton':>15}")
    for n, ours, theirs, torch_gbps in rows:
        ours_text = f"{ours:13.1f}" if ours is not None else f"{'-':>13}"
        ratio = f"{ours / theirs:15.3f}" if ours is not None else f"{'-':>15}"
        print(f"{n:>12} {ours_text} {theirs:12.1f} {torch_gbps:11.1f} {ratio}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
