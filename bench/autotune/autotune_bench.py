"""The matmul sample's configurations on the GPU: for each shape of
shapes.txt, the configuration the tuning file picks (as the generated
launch() does: the exact key, else the nearest in log2), each fixed
configuration, and Triton's own run-time autotune over the same
configurations (the sample's @triton.autotune), all timed the same way
(triton.testing.do_bench: L2 flushed before each run, median), in TFLOP/s.
Each is timed in several rounds, every candidate once a round, and keeps
the median of its rounds: the GPU's clock drifts over a long run, and
timing one candidate after all others would favour the first ones.
Outputs are checked against torch first. With --baked (tritonc-tune's
output for the header built with the tuning file, --with-launch), a second
table compares the header's own launch() with each configuration.

    python3 autotune_bench.py BUNDLE_DIR TUNE_JSON [--json OUT.json] [--baked TUNE_BAKED.json]
"""

import argparse
import importlib.util
import json
import math
import os
import statistics

import cupy
import numpy as np
import torch
import triton
import triton.testing


def cdiv(a, b):
    return (a + b - 1) // b


def gelu(x):
    u = 0.7978845608028654 * (x + 0.044715 * x ** 3)
    return x * torch.sigmoid(2 * u)


class Configuration:
    """One configuration of the tritonc header, launched from its PTX."""

    def __init__(self, bundle, meta, config):
        compilation = config["compilations"][0]
        self.label = config["label"]
        self.block_m = config["constexprs"]["BLOCK_M"]
        self.block_n = config["constexprs"]["BLOCK_N"]
        self.threads = config["threads_per_block"]
        self.shared = compilation["shared_bytes"]
        self.module = cupy.RawModule(path=os.path.join(bundle, compilation["file"]))
        self.function = self.module.get_function(meta["entry"])
        if self.shared > 48 * 1024:
            self.function.max_dynamic_shared_size_bytes = self.shared

    def __call__(self, a, b, c, bias):
        M, K = a.shape
        N = b.shape[1]
        grid = cdiv(M, self.block_m) * cdiv(N, self.block_n)
        ints = [M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1)]
        args = tuple(np.uint64(t.data_ptr()) for t in (a, b, c, bias)) + tuple(np.int32(v) for v in ints)
        self.function((grid, 1, 1), (self.threads, 1, 1), args, shared_mem=self.shared)


def tuned_index(tune, labels, key):
    """The configuration the generated launch() runs for `key`."""
    best, best_distance = 0, math.inf
    for result in tune["results"]:
        if result.get("best") is None:
            continue
        distance = sum(abs(math.log2(max(a, 1)) - math.log2(max(b, 1))) for a, b in zip(key, result["key"]))
        if distance < best_distance:
            best, best_distance = labels.index(result["best"]), distance
    return best


def baked_table(path, labels):
    """launch() of the header with the tuning table baked in, against each
    configuration, as tritonc-tune timed them (TFLOP/s)."""
    with open(path) as f:
        baked = json.load(f)
    print()
    print("The baked header's launch() (tritonc-tune --with-launch: C++, events, L2 flushed, median), TFLOP/s")
    header = ["shape", "launch()"] + [f"cfg {i}" for i in range(len(labels))] + ["launch() / best fixed"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for r in baked["results"]:
        sizes = r["sizes"]
        flops = 2.0 * sizes["M"] * sizes["N"] * sizes["K"]
        rate = lambda ms: flops / (ms * 1e-3) / 1e12 if ms else 0.0
        fixed = [rate(ms) for ms in r["times_ms"]]
        launch = rate(r.get("launch_ms"))
        cells = [f"{sizes['M']}x{sizes['N']}x{sizes['K']}", f"{launch:.0f}"] + [f"{t:.0f}" for t in fixed]
        cells.append(f"{launch / max(fixed):.3f}")
        print("| " + " | ".join(cells) + " |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("tune")
    parser.add_argument("--json")
    parser.add_argument("--baked")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with open(os.path.join(args.bundle, "matmul.json")) as f:
        meta = json.load(f)
    with open(args.tune) as f:
        tune = json.load(f)
    configs = [Configuration(args.bundle, meta, c) for c in meta["configurations"]]
    labels = [c.label for c in configs]
    spec = importlib.util.spec_from_file_location("matmul_sample", os.path.join(args.bundle, "matmul.py"))
    sample = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sample)
    shapes = []
    with open(os.path.join(args.bundle, "shapes.txt")) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line:
                sizes = dict(item.split("=") for item in line.split(","))
                shapes.append((int(sizes["M"]), int(sizes["N"]), int(sizes["K"])))

    print(f"device: {torch.cuda.get_device_name()}; tuning file's device: {tune['device']}")
    for i, label in enumerate(labels):
        print(f"  config {i}: {label}")
    rows, ok = [], True
    for M, N, K in shapes:
        torch.manual_seed(M * 31 + N * 7 + K)
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        bias = torch.randn(N, device="cuda", dtype=torch.float16)
        c = torch.empty(M, N, device="cuda", dtype=torch.float16)
        ref = gelu(a.float() @ b.float() + bias.float())
        chosen = tuned_index(tune, labels, (M, N, K))

        def triton_autotuned():
            grid = lambda meta: (cdiv(M, meta["BLOCK_M"]) * cdiv(N, meta["BLOCK_N"]),)
            sample.matmul_bias_act[grid](a, b, c, bias, M, N, K, a.stride(0), a.stride(1), b.stride(0),
                                         b.stride(1), c.stride(0), c.stride(1), ACTIVATION="gelu")

        def error():
            return ((c.float() - ref).norm() / ref.norm()).item()

        c.fill_(float("nan"))
        configs[chosen](a, b, c, bias)
        tuned_error = error()
        c.fill_(float("nan"))
        triton_autotuned()  # Triton tunes here, on its first call for this key
        triton_error = error()
        triton_label = str(sample.matmul_bias_act.best_config)
        for name, err in (("tritonc tuned", tuned_error), ("Triton autotune", triton_error)):
            good = err < 1e-2
            ok &= good
            print(f"{'PASS' if good else 'FAIL'} {name} {M}x{N}x{K}: relative error {err:.2e}")
        candidates = [lambda cfg=cfg: cfg(a, b, c, bias) for cfg in configs]
        candidates += [lambda: configs[chosen](a, b, c, bias), triton_autotuned]
        times = [[] for _ in candidates]
        for _ in range(args.rounds):
            for fn, runs in zip(candidates, times):
                runs.append(triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median"))
        flops = 2.0 * M * N * K
        tflops = [flops / (statistics.median(runs) * 1e-3) / 1e12 for runs in times]
        fixed, tuned, triton_tuned = tflops[:len(configs)], tflops[-2], tflops[-1]
        rows.append({"shape": [M, N, K], "tuned_config": chosen, "tuned": tuned, "fixed": fixed,
                     "triton": triton_tuned, "triton_config": triton_label})

    header = ["shape", "tuned (config)"] + [f"cfg {i}" for i in range(len(configs))] + \
             ["best fixed", "tuned / best fixed", "Triton autotune", "tuned / Triton"]
    print()
    print("TFLOP/s, fp16 in, fp32 accumulate, bias + GELU, median of do_bench (L2 flushed)")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for r in rows:
        best = max(r["fixed"])
        cells = [f"{r['shape'][0]}x{r['shape'][1]}x{r['shape'][2]}", f"{r['tuned']:.0f} ({r['tuned_config']})"]
        cells += [f"{t:.0f}" for t in r["fixed"]]
        cells += [f"{best:.0f} ({r['fixed'].index(best)})", f"{r['tuned'] / best:.3f}", f"{r['triton']:.0f}",
                  f"{r['tuned'] / r['triton']:.3f}"]
        print("| " + " | ".join(cells) + " |")
    print()
    for r in rows:
        print(f"Triton's choice for {r['shape']}: {r['triton_config']}")
    beaten = [any(r["tuned"] > r["fixed"][i] for r in rows) for i in range(len(configs))]
    within = all(r["tuned"] >= 0.97 * max(r["fixed"]) for r in rows)
    print(f"tuned beats every fixed configuration on some shape: {all(beaten)} "
          f"(not beaten: {[i for i, b in enumerate(beaten) if not b]})")
    print(f"tuned within 3% of the best fixed configuration on every shape: {within}")
    if args.baked:
        baked_table(args.baked, labels)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"device": torch.cuda.get_device_name(), "labels": labels, "rows": rows}, f, indent=1)
    if not ok:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
