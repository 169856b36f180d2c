"""The matmul sample (bias + GELU) on Hopper against cuBLAS and Triton
(issue 28): every configuration in the bundle, fp16 and bf16, 4096^3 and
8192^3, each checked against a float64 product first, then timed two ways
in interleaved rounds:

- burst: a CUDA graph of 10 launches replayed 10 times, the median (what
  the other benches report; the clocks are still at their boost),
- sustained: the same graph replayed for `--seconds` first, then timed, as
  a training step sees the GPU after its power limit has cut the clocks.

Triton runs the same file in the same configuration (its autotuner left
out); a Triton tensor-descriptor kernel, persistent over the tiles, is the
form Triton's own Hopper tutorials recommend (bare product, no epilogue).

    python3 hopper_matmul.py BUNDLE_DIR [--sizes 4096,8192] [--seconds 1.0]

Files mm_DTYPE_[TAG_]BMxBNxBK_wW_sS.ptx are the sample's specialisations
(a TAG tells two builds of one configuration apart).
"""
import argparse
import glob
import os
import re
import statistics
import sys
import time

import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from samples_bench import TritoncKernel, check, load_module, median_ms, poisoned_like, rotation  # noqa: E402


@triton.jit
def _tile_of(t, tiles_m, tiles_n, GROUP_M: tl.constexpr):
    band_size = GROUP_M * tiles_n
    band = t // band_size
    rows = min(tiles_m - band * GROUP_M, GROUP_M)
    return band * GROUP_M + (t % band_size) % rows, (t % band_size) // rows


@triton.jit
def persistent_descriptor_mm(a_d, b_d, c_d, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                             SMS: tl.constexpr):
    tiles_m = tl.cdiv(M, BM)
    tiles_n = tl.cdiv(N, BN)
    for t in tl.range(tl.program_id(0), tiles_m * tiles_n, SMS, flatten=True):
        tm, tn = _tile_of(t, tiles_m, tiles_n, 8)
        acc = tl.zeros((BM, BN), tl.float32)
        for ki in range(tl.cdiv(K, BK)):
            acc = tl.dot(a_d.load([tm * BM, ki * BK]), b_d.load([ki * BK, tn * BN]), acc)
        c_d.store([tm * BM, tn * BN], acc.to(c_d.dtype))


def sustained_ms(launch, sets, seconds, batch=10):
    """Per-launch time after `seconds` of back-to-back replays."""
    for i in range(2 * len(sets)):
        launch(sets[i % len(sets)])
    graph = torch.cuda.CUDAGraph()
    import cupy
    with torch.cuda.graph(graph), cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream):
        for i in range(batch):
            launch(sets[i % len(sets)])
    torch.cuda.synchronize()
    end_at = time.time() + seconds
    while time.time() < end_at:
        for _ in range(20):
            graph.replay()
        torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(20):
        graph.replay()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / (20 * batch)


def args_of(a, b, c, bias):
    M, K = a.shape
    N = b.shape[1]
    return (a, b, c, bias, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("bundle")
    p.add_argument("--sizes", default="4096,8192")
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--dtypes", default="fp16,bf16")
    # tritonc's kernels checked once at each size, nothing timed and Triton
    # not run (small sizes, under compute-sanitizer).
    p.add_argument("--check-only", action="store_true")
    opts = p.parse_args()
    bundle = os.path.abspath(opts.bundle)
    mod = load_module(os.path.join(bundle, "matmul.py"), "matmul_sample")
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    print(torch.cuda.get_device_name(0), "triton", triton.__version__, "torch", torch.__version__)
    ok = True
    table = []
    for dtype_name, dtype in (("fp16", torch.float16), ("bf16", torch.bfloat16)):
        if dtype_name not in opts.dtypes.split(","):
            continue
        for n in [int(s) for s in opts.sizes.split(",")]:
            make = lambda: (torch.randn(n, n, device="cuda", dtype=dtype), torch.randn(n, n, device="cuda", dtype=dtype),
                            torch.empty(n, n, device="cuda", dtype=dtype), torch.randn(n, device="cuda", dtype=dtype))
            sets = rotation(3 * n * n * 2, make)
            a, b, _, bias = sets[0]
            ref = a.double() @ b.double() + bias.double()
            ref = ref * torch.sigmoid(2 * 0.7978845608028654 * (ref + 0.044715 * ref ** 3))
            runs = {"cuBLAS (bare)": lambda s: torch.matmul(s[0], s[1])}

            def verified(label, launch, expected=ref):
                # One launch on the first set, into a poisoned output.
                c = poisoned_like(sets[0][2])
                launch((a, b, c, bias))
                return check(f"{label} {n}", c, expected, 2e-3 if dtype == torch.float16 else 1e-2)

            # The descriptor forms' arguments (a persistent form's SM count after them).
            desc_args = lambda s, extra=(): (s[0], s[1], s[2], s[3], n, n, n, s[0].stride(0), s[1].stride(0),
                                             s[2].stride(0)) + extra
            for path in sorted(glob.glob(os.path.join(bundle, f"mm_{dtype_name}_*.ptx"))):
                name = os.path.basename(path)[:-4]
                bm, bn, bk, warps, stages = map(int, re.match(r"mm_\w+?_(\d+)x(\d+)x(\d+)_w(\d+)_s(\d+)", name).groups())
                kernel = TritoncKernel(bundle, name)
                grid = triton.cdiv(n, bm) * triton.cdiv(n, bn)
                launch = lambda s, kernel=kernel, grid=grid: kernel((grid, 1, 1), *args_of(*s))
                ok &= verified(f"tritonc {name}", launch)
                runs[f"tritonc {name[len('mm_' + dtype_name) + 1:]}"] = launch
                if f"Triton  {bm}x{bn}x{bk} w{warps} s{stages}" in runs or opts.check_only:
                    continue
                config = dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8)
                native = (lambda s, grid=grid, config=config, warps=warps, stages=stages:
                          mod.matmul_bias_act.fn[(grid,)](*args_of(*s), ACTIVATION="gelu", num_warps=warps,
                                                          num_stages=stages, **config))
                try:
                    ok &= verified(f"triton  {name}", native)
                    runs[f"Triton  {bm}x{bn}x{bk} w{warps} s{stages}"] = native
                except Exception as e:  # Triton refuses some configurations (shared memory)
                    print(f"Triton {name}: {str(e).splitlines()[0][:120]}")
            forms = load_module(os.path.join(bundle, "hopper_forms.py"), "hopper_forms")
            for form in ("mm_desc_gelu", "mm_desc_gelu_persistent", "mm_desc_gelu_persistent_ws"):
                if not os.path.exists(os.path.join(bundle, f"form_{form}_{dtype_name}.ptx")):
                    continue
                kernel = TritoncKernel(bundle, f"form_{form}_{dtype_name}")
                tiles = triton.cdiv(n, 128) * triton.cdiv(n, 256)
                # A persistent form gets a CTA an SM, so that at small sizes
                # some have no tile at all.
                loops_over_tiles = "persistent" in form
                grid = sms if loops_over_tiles else tiles
                extra = (sms,) if loops_over_tiles else ()
                launch = lambda s, kernel=kernel, grid=grid, extra=extra: kernel((grid, 1, 1), *desc_args(s, extra))
                ok &= verified(f"tritonc {form}", launch)
                runs[f"tritonc {form} 128x256x64"] = launch
                if opts.check_only:
                    continue
                jit = getattr(forms, form)
                native = (lambda s, jit=jit, grid=grid, extra=extra:
                          jit[(grid,)](*desc_args(s, extra), 128, 256, 64, 8, num_warps=8, num_stages=3))
                try:
                    ok &= verified(f"triton  {form}", native)
                    runs[f"Triton  {form} 128x256x64"] = native
                except Exception as e:  # Triton 3.6 may refuse warp_specialize on Hopper
                    print(f"Triton {form}: {str(e).splitlines()[0][:160]}")
            # tritonc's own Hopper forms of mm_desc_gelu, launched as written
            # (one CTA a tile): a producer warpgroup, then also persistent.
            # Other tags (form_mm_desc_gelu_wsTAG_DTYPE.ptx) are experimental builds, labelled by their tag.
            labels = {"ws": "warp-specialised", "wsp": "warp-specialised persistent"}
            for path in sorted(glob.glob(os.path.join(bundle, f"form_mm_desc_gelu_ws*_{dtype_name}.ptx"))):
                name = os.path.basename(path)[:-4]
                tag = name[len("form_mm_desc_gelu_"):-len(dtype_name) - 1]
                label = labels.get(tag, tag)
                kernel = TritoncKernel(bundle, name)
                grid = triton.cdiv(n, 128) * triton.cdiv(n, 256)
                launch = lambda s, kernel=kernel, grid=grid: kernel((grid, 1, 1), *desc_args(s))
                ok &= verified(f"tritonc mm_desc_gelu {label}", launch)
                runs[f"tritonc mm_desc_gelu {label}"] = launch
            for path in sorted(glob.glob(os.path.join(bundle, f"variant_*_{dtype_name}.ptx"))):
                name = os.path.basename(path)[:-4]
                epilogue, tma_store = map(int, re.match(r"variant_e(\d)_t(\d)_", name).groups())
                kernel = TritoncKernel(bundle, name)
                grid = min(triton.cdiv(n, 128) * triton.cdiv(n, 256), sms)
                expected = ref if epilogue else torch.matmul(a, b)
                launch = lambda s, kernel=kernel, grid=grid: kernel((grid, 1, 1), *desc_args(s, (sms,)))
                ok &= verified(f"tritonc {name}", launch, expected)
                label = f"{'bias+gelu' if epilogue else 'bare'}, {'TMA' if tma_store else 'pointer'} store"
                runs[f"tritonc persistent {label}"] = launch
                if opts.check_only:
                    continue
                native = (lambda s, grid=grid, epilogue=epilogue, tma_store=tma_store: forms.mm_desc_persistent_variant[
                    (grid,)](*desc_args(s, (sms,)), 128, 256, 64, 8, epilogue, tma_store, num_warps=8, num_stages=3))
                ok &= verified(f"triton  {name}", native, expected)
                runs[f"Triton  persistent {label}"] = native
            if opts.check_only:
                continue
            descs = {}

            def persistent(s):
                key = s[0].data_ptr()
                if key not in descs:
                    descs[key] = (TensorDescriptor.from_tensor(s[0], [128, 64]), TensorDescriptor.from_tensor(s[1], [64, 256]),
                                  TensorDescriptor.from_tensor(s[2], [128, 256]))
                persistent_descriptor_mm[(min(sms, triton.cdiv(n, 128) * triton.cdiv(n, 256)),)](
                    *descs[key], n, n, n, 128, 256, 64, sms, num_warps=8, num_stages=3)
            runs["Triton descriptor persistent 128x256x64 (bare)"] = persistent
            flops = 2.0 * n ** 3
            burst = {k: [] for k in runs}
            sustained = {k: [] for k in runs}
            for _ in range(opts.rounds):
                for k, run in runs.items():
                    burst[k].append(flops / median_ms(run, sets, batch=10, repeats=10) / 1e9)
                for k, run in runs.items():
                    sustained[k].append(flops / sustained_ms(run, sets, opts.seconds) / 1e9)
            for k in runs:
                table.append((f"{dtype_name} {n}^3", k, statistics.median(burst[k]), statistics.median(sustained[k]),
                              burst[k], sustained[k]))
                print(f"{table[-1][0]:<12} {k:<48} burst {table[-1][2]:7.1f}  sustained {table[-1][3]:7.1f}  "
                      f"({' '.join(f'{x:.0f}' for x in burst[k])} | {' '.join(f'{x:.0f}' for x in sustained[k])})",
                      flush=True)
    if opts.check_only:
        sys.exit(0 if ok else 1)
    print()
    print(f"{'size':<12} {'kernel':<48} {'burst':>8} {'/cuBLAS':>8} {'sustained':>10} {'/cuBLAS':>8}   TFLOP/s")
    base = {}
    for size, k, b, s, _, _ in table:
        if k.startswith("cuBLAS"):
            base[size] = (b, s)
    for size, k, b, s, _, _ in table:
        print(f"{size:<12} {k:<48} {b:>8.1f} {b / base[size][0]:>8.2f} {s:>10.1f} {s / base[size][1]:>8.2f}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
