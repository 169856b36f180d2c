"""The attention sample (samples/attention.py) on a GPU: correctness of the
forward and backward at ragged sequence lengths, then speed, for tritonc's
PTX, Triton compiling the same file with the same configuration, and
torch's scaled_dot_product_attention on its flash backend.

    python3 attention_bench.py BUNDLE_DIR [--check-only] [--small]

BUNDLE_DIR is what bench/attention_bundle.sh wrote. Checks: fresh random
inputs, NaN-poisoned outputs with a NaN guard after each (a stray store
past the end shows there), every output against a float64 torch reference:
out, the saved log-sum-exp (base 2), dq, dk and dv, for fp16 and bf16,
head_dim 64 and 128, causal or not, batch 2, 3 heads, seq_len 1000 and 77;
tritonc's sm_90a and sm_80 code and Triton. Timing: batch 4, 32 heads,
fp16, CUDA-graph replays (torch's backward runs eagerly: autograd), in
TFLOP/s counting 4·b·h·s²·d for the forward (half of it when causal) and
2.5 times that for the backward. --check-only skips the timing (with
--small: seq_len 77 only, for compute-sanitizer). Exits 1 if a check failed.
"""

import argparse
import json
import math
import os
import sys
import time

import torch
import torch.nn.functional as F
import triton
from torch.nn.attention import SDPBackend, sdpa_kernel

BUNDLE = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else
                         os.path.dirname(__file__))
sys.path.insert(0, BUNDLE)
from samples_bench import TritoncKernel, check, load_module, median_ms  # noqa: E402

LOG2E = 1.4426950408889634
DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16}
# Relative Frobenius error bounds: about 8x what a correct kernel shows
# (the rounding of p and ds to the input type dominates).
TOLERANCE = {"fp16": (2e-3, 4e-3), "bf16": (1.6e-2, 3.2e-2)}  # (forward, gradients)
GUARD = 4096  # elements of NaN after each output
_loaded = {}


def tritonc_kernel(name):
    # Loading a module makes the driver compile its PTX: once per name.
    if name not in _loaded:
        _loaded[name] = TritoncKernel(BUNDLE, name)
    return _loaded[name]


def guarded(shape, dtype):
    """An output poisoned with NaN, followed in memory by a NaN guard."""
    numel = math.prod(shape)
    flat = torch.full((numel + GUARD,), float("nan"), device="cuda", dtype=dtype)
    return flat[:numel].view(shape), flat[numel:]


class Launcher:
    """Forward and backward of the sample through one implementation:
    tritonc's PTX (`arch`, `suffix` picks the specialisation) or, with
    arch None, Triton's JIT on the same file with tritonc's configuration."""

    def __init__(self, mod, dtype, dim, causal, arch, suffix=""):
        self.mod, self.causal, self.arch = mod, causal, arch
        tag = "_causal" if causal else ""
        names = {"fwd": f"fwd_{dtype}_d{dim}{tag}", "pre": f"preprocess_{dtype}_d{dim}",
                 "dkdv": f"dkdv_{dtype}_d{dim}{tag}", "dq": f"dq_{dtype}_d{dim}{tag}"}
        # The Triton runs take tritonc's configuration of the same kernel.
        self.meta = {}
        self.kernels = {}
        for key, name in names.items():
            name += f"_{arch or 'sm_90a'}{suffix}"
            with open(os.path.join(BUNDLE, name + ".json")) as f:
                self.meta[key] = json.load(f)
            if arch:
                self.kernels[key] = tritonc_kernel(name)

    def _launch(self, key, jit_fn, grid_rows, args, batch_heads):
        meta = self.meta[key]
        c = meta["constexprs"]
        grid = (triton.cdiv(grid_rows, c["BLOCK_N"] if key == "dkdv" else c["BLOCK_M"]), batch_heads, 1)
        if self.arch:
            self.kernels[key](grid, *args)
        else:
            jit_fn[grid[:2]](*args, **c, num_warps=meta["num_warps"], num_stages=meta["num_stages"])

    def forward(self, q, k, v, o, lse, scale):
        b, h, s, _ = q.shape
        self._launch("fwd", self.mod.attention_fwd, s, (q, k, v, o, lse, scale, *q.stride()[:3], h, s), b * h)

    def backward(self, q, k, v, o, lse, do, dq, dk, dv, delta, scale):
        b, h, s, _ = q.shape
        strides = q.stride()[:3]
        self._launch("pre", self.mod.attention_bwd_preprocess, s, (o, do, delta, *strides, h, s), b * h)
        self._launch("dkdv", self.mod.attention_bwd_dkdv, s,
                     (q, k, v, do, dk, dv, lse, delta, scale, *strides, h, s), b * h)
        self._launch("dq", self.mod.attention_bwd_dq, s, (q, k, v, do, dq, lse, delta, scale, *strides, h, s), b * h)


def reference(q, k, v, do, causal, scale):
    """out, base-2 lse, dq, dk, dv in float64."""
    q64, k64, v64 = (x.double().requires_grad_() for x in (q, k, v))
    scores = (q64 @ k64.transpose(-1, -2)) * scale
    if causal:
        s = q.shape[2]
        scores = scores.masked_fill(torch.ones(s, s, device="cuda", dtype=torch.bool).triu(1), float("-inf"))
    lse = torch.logsumexp(scores, dim=-1) * LOG2E
    out = torch.softmax(scores, dim=-1) @ v64
    dq, dk, dv = torch.autograd.grad(out, (q64, k64, v64), do.double())
    return out.detach(), lse.detach(), dq, dk, dv


def check_one(who, launcher, name, q, k, v, do, scale, refs, tol_fwd, tol_bwd):
    batch, heads, seq, _ = q.shape
    ref_o, ref_lse, ref_dq, ref_dk, ref_dv = refs
    o, o_guard = guarded(q.shape, q.dtype)
    lse, lse_guard = guarded((batch * heads, seq), torch.float32)
    launcher.forward(q, k, v, o, lse, scale)
    dq, dq_guard = guarded(q.shape, q.dtype)
    dk, dk_guard = guarded(q.shape, q.dtype)
    dv, dv_guard = guarded(q.shape, q.dtype)
    delta, delta_guard = guarded((batch * heads, seq), torch.float32)
    launcher.backward(q, k, v, o, lse, do, dq, dk, dv, delta, scale)
    torch.cuda.synchronize()
    ok = check(f"attention {who} {name} out", o, ref_o, tol_fwd)
    ok &= check(f"attention {who} {name} lse", lse.view(batch, heads, seq), ref_lse, 1e-4)
    ok &= check(f"attention {who} {name} dq ", dq, ref_dq, tol_bwd)
    ok &= check(f"attention {who} {name} dk ", dk, ref_dk, tol_bwd)
    ok &= check(f"attention {who} {name} dv ", dv, ref_dv, tol_bwd)
    spoiled = [n for n, g in (("out", o_guard), ("lse", lse_guard), ("dq", dq_guard), ("dk", dk_guard),
                              ("dv", dv_guard), ("delta", delta_guard)) if not torch.isnan(g).all()]
    if spoiled:
        print(f"FAIL attention {who} {name}: stores past the end of {', '.join(spoiled)}")
        ok = False
    return ok


def check_case(mod, dtype_name, dim, causal, batch, heads, seq):
    dtype = DTYPES[dtype_name]
    shape = (batch, heads, seq, dim)
    q, k, v, do = (torch.randn(shape, device="cuda", dtype=dtype) for _ in range(4))
    scale = dim ** -0.5
    ref_o, ref_lse, ref_dq, ref_dk, ref_dv = reference(q, k, v, do, causal, scale)
    tol_fwd, tol_bwd = TOLERANCE[dtype_name]
    ok = True
    name = f"{dtype_name} d{dim} [{batch},{heads},{seq}]{' causal' if causal else ''}"
    for who, arch in (("tritonc sm_90a", "sm_90a"), ("tritonc sm_80 ", "sm_80"), ("triton        ", None)):
        try:
            ok &= check_one(who, Launcher(mod, dtype_name, dim, causal, arch), name, q, k, v, do, scale,
                            (ref_o, ref_lse, ref_dq, ref_dk, ref_dv), tol_fwd, tol_bwd)
        except Exception as e:  # one failing implementation must not hide the others' results
            print(f"FAIL attention {who} {name}: {type(e).__name__}: {str(e)[:2000]}")
            ok = False
    # The same measure for torch's flash kernels, for scale (not a check).
    qg, kg, vg = (x.clone().requires_grad_() for x in (q, k, v))
    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        out = F.scaled_dot_product_attention(qg, kg, vg, is_causal=causal, scale=scale)
    out.backward(do)
    err = lambda got, ref: ((got.double() - ref).norm() / ref.norm()).item()
    print(f"     torch flash    {name}: out {err(out, ref_o):.1e}, dq {err(qg.grad, ref_dq):.1e}, "
          f"dk {err(kg.grad, ref_dk):.1e}, dv {err(vg.grad, ref_dv):.1e} (for scale)")
    return ok


def eager_ms(fn, calls):
    """Mean time of `fn` run back to back (for torch's autograd backward,
    which a CUDA graph would not take as it stands)."""
    for _ in range(2):
        fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(calls):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / calls


def graph_ms(launch, estimate_ms):
    # Graphs of about 10 ms of GPU time each: long kernels get fewer launches
    # per replay and fewer replays, so the longest points stay near a second.
    batch = max(1, min(20, int(10 / max(estimate_ms, 1e-3))))
    repeats = 3 if estimate_ms > 20 else 7
    return median_ms(lambda _: launch(), [None], batch=batch, repeats=repeats)


def time_case(mod, dim, causal, batch, heads, seq):
    shape = (batch, heads, seq, dim)
    q, k, v, do = (torch.randn(shape, device="cuda", dtype=torch.float16) for _ in range(4))
    scale = dim ** -0.5
    o, dq, dk, dv = (torch.empty_like(q) for _ in range(4))
    lse, delta = (torch.empty(batch * heads, seq, device="cuda") for _ in range(2))
    flops_fwd = 4.0 * batch * heads * seq * seq * dim / (2 if causal else 1)
    flops_bwd = 2.5 * flops_fwd
    estimate_fwd = flops_fwd / 200e12 * 1e3  # ms at 200 TFLOP/s, to size the batches
    results = {}
    for who, arch, suffix in (("tritonc", "sm_90a", "_s16"), ("triton", None, "")):
        try:
            launcher = Launcher(mod, "fp16", dim, causal, arch, suffix)
            fwd = lambda: launcher.forward(q, k, v, o, lse, scale)
            fwd()
            bwd = lambda: launcher.backward(q, k, v, o, lse, do, dq, dk, dv, delta, scale)
            results[who] = (graph_ms(fwd, estimate_fwd), graph_ms(bwd, 2.5 * estimate_fwd))
        except Exception as e:
            print(f"{who} failed at {dim} {seq} {causal}: {type(e).__name__}: {str(e)[:2000]}")
            results[who] = (math.nan, math.nan)

    for who, backend in (("torch", SDPBackend.FLASH_ATTENTION), ("cudnn", SDPBackend.CUDNN_ATTENTION)):
        def torch_fwd(backend=backend):
            with sdpa_kernel(backend):
                return F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale)

        try:
            t_fwd = graph_ms(torch_fwd, estimate_fwd)
            qg, kg, vg = (x.clone().requires_grad_() for x in (q, k, v))
            with sdpa_kernel(backend):
                out = F.scaled_dot_product_attention(qg, kg, vg, is_causal=causal, scale=scale)
            calls = max(2, min(20, int(200 / max(2.5 * estimate_fwd, 1e-3))))
            t_bwd = eager_ms(lambda: torch.autograd.grad(out, (qg, kg, vg), do, retain_graph=True), calls)
        except Exception as e:
            print(f"{who} failed at {dim} {seq} {causal}: {type(e).__name__}: {str(e)[:2000]}")
            t_fwd = t_bwd = math.nan
        results[who] = (t_fwd, t_bwd)
    tflops = {who: (flops_fwd / (f * 1e-3) / 1e12, flops_bwd / (b * 1e-3) / 1e12) for who, (f, b) in results.items()}
    return f"[{batch},{heads},{seq},{dim}]{' causal' if causal else ''}", tflops


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--check-only", action="store_true", help="correctness only, no timing")
    parser.add_argument("--small", action="store_true", help="checks at seq_len 77 only (for compute-sanitizer)")
    parser.add_argument("--points", help="timed (head_dim, seq_len) pairs, e.g. 128:4096,128:16384")
    args = parser.parse_args()
    began = time.time()
    seed = int.from_bytes(os.urandom(4), "little")
    torch.manual_seed(seed)
    print(f"torch {torch.__version__}, triton {triton.__version__}, {torch.cuda.get_device_name()}, seed {seed}")
    mod = load_module(os.path.join(BUNDLE, "attention.py"), "attention")
    ok = True
    for seq in ((77,) if args.small else (1000, 77)):
        for dtype_name in ("fp16", "bf16"):
            for dim in (64, 128):
                for causal in (False, True):
                    ok &= check_case(mod, dtype_name, dim, causal, 2, 3, seq)
    print(f"checks took {time.time() - began:.0f} s")
    if not args.check_only:
        points = [(dim, seq) for dim in (64, 128) for seq in (1024, 4096, 16384) if dim == 128 or seq < 16384]
        if args.points:
            points = [tuple(int(x) for x in p.split(":")) for p in args.points.split(",")]
        rows = []
        for dim, seq in points:
            for causal in (False, True):
                rows.append(time_case(mod, dim, causal, 4, 32, seq))
                print(f"timed {rows[-1][0]} ({time.time() - began:.0f} s)", flush=True)
        print("\nTFLOP/s, fp16, tritonc sm_90a vs Triton (same file and configuration) vs torch SDPA on its flash "
              "and cuDNN backends; forward 4bhs²d (halved causal), backward 2.5x that")
        head = f"{'shape [b,h,s,d]':28} {'fwd tritonc':>11} {'Triton':>7} {'flash':>7} {'cuDNN':>7} {'ratio':>6} " \
               f"{'/cuDNN':>6}   {'bwd tritonc':>11} {'Triton':>7} {'flash':>7} {'cuDNN':>7} {'ratio':>6} {'/cuDNN':>6}"
        print(head)
        for name, t in rows:
            line = f"{name:28}"
            for i in (0, 1):
                line += (f" {t['tritonc'][i]:11.1f} {t['triton'][i]:7.1f} {t['torch'][i]:7.1f} {t['cudnn'][i]:7.1f} "
                         f"{t['tritonc'][i] / t['triton'][i]:6.2f} {t['tritonc'][i] / t['cudnn'][i]:6.2f}  ")
            print(line)
        print("ratio: tritonc / Triton; torch's backward is timed eagerly (autograd), the rest as CUDA-graph replays")
    print(f"took {time.time() - began:.0f} s")
    print("RESULT:", "PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
