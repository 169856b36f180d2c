"""Correctness and speed of every sample: tritonc's PTX against OpenAI
Triton compiling the same .py file, and torch, on one GPU in one run.

tritonc's kernels are loaded from the bundle (PTX + metadata JSON, see
bench/make_bundle.sh) with CuPy's module loader and launched with the
metadata's block size and shared memory. Inputs are fresh random data;
outputs are poisoned (NaN) first and every element is checked against a
float64 torch reference. Timing: CUDA events around batches of
back-to-back launches after warm-up, median per launch, input sets rotated
so that the working set is larger than L2.

    python3 samples_bench.py BUNDLE_DIR [--quick] [--host-results FILE]

Prints one table; exits 1 if any correctness check failed. FILE holds the
`HOSTBENCH <workload> <GB/s>` lines of host/bench_main.cpp (the same PTX
launched through its generated C++ header); they become a table column.
"""

import argparse
import ctypes
import importlib.util
import json
import math
import os
import statistics
import sys
import warnings

import cupy
import numpy as np
import torch
import triton

L2_BYTES = 64 << 20


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# cuda.h's enumerators for cuTensorMapEncodeTiled, by the metadata's spellings.
TENSOR_MAP_TYPES = {"fp16": 6, "bf16": 9, "fp32": 7}
TENSOR_MAP_SWIZZLES = {"none": 0, "32B": 1, "64B": 2, "128B": 3}
TENSOR_MAP_L2_256B = 3


def encode_tensor_map(spec, values):
    """The 128-byte CUtensorMap the metadata's `spec` describes, for the
    launch's argument `values` (by parameter name), as the generated C++
    launcher builds it."""
    libcuda = ctypes.CDLL("libcuda.so.1")
    size = lambda v: values[v] if isinstance(v, str) else v
    rank = len(spec["global_dims"])
    dims = (ctypes.c_uint64 * rank)(*[size(v) for v in spec["global_dims"]])
    strides = (ctypes.c_uint64 * (rank - 1))(*[size(v) * spec["element_bytes"]
                                              for v in spec["global_strides_elements"]])
    box = (ctypes.c_uint32 * rank)(*spec["box_dims"])
    element_strides = (ctypes.c_uint32 * rank)(*spec["element_strides"])
    tensor_map = (ctypes.c_uint8 * 128)()
    base = values[spec["global_address"]]
    status = libcuda.cuTensorMapEncodeTiled(
        tensor_map, ctypes.c_int(TENSOR_MAP_TYPES.get(spec["dtype"], 0)), ctypes.c_uint32(rank),
        ctypes.c_void_p(base.data_ptr()), dims, strides, box, element_strides, ctypes.c_int(0),
        ctypes.c_int(TENSOR_MAP_SWIZZLES[spec["swizzle"]]), ctypes.c_int(TENSOR_MAP_L2_256B), ctypes.c_int(0))
    if status != 0:
        raise RuntimeError(f"cuTensorMapEncodeTiled failed ({status}) for {spec}")
    return tensor_map


class TritoncKernel:
    """A tritonc specialisation, launched from its PTX and metadata; the
    tensor maps the metadata lists follow the parameters, built on the host
    (through the driver: CuPy passes no 128-byte structs)."""

    def __init__(self, bundle, name):
        with open(os.path.join(bundle, name + ".json")) as f:
            self.meta = json.load(f)
        self.module = cupy.RawModule(path=os.path.join(bundle, name + ".ptx"))
        self.function = self.module.get_function(self.meta["entry"])
        if self.meta["shared_bytes"] > 48 * 1024:
            self.function.max_dynamic_shared_size_bytes = self.meta["shared_bytes"]
        self.maps_cache = {}

    def __call__(self, grid, *args):
        converted = []
        for param, value in zip(self.meta["params"], args):
            kind = param["type"].split(":")[0]
            if kind.startswith("*"):
                converted.append(np.uint64(value.data_ptr()))
            elif kind in ("i32",):
                converted.append(np.int32(value))
            elif kind in ("i64",):
                converted.append(np.int64(value))
            elif kind == "fp32":
                converted.append(np.float32(value))
            else:
                raise ValueError("unsupported parameter type " + kind)
        if "tensor_maps" not in self.meta:
            self.function(grid, (self.meta["threads_per_block"], 1, 1), tuple(converted),
                          shared_mem=self.meta["shared_bytes"])
            return
        values = {p["name"]: v for p, v in zip(self.meta["params"], args)}
        key = tuple(v.data_ptr() if isinstance(v, torch.Tensor) else v for v in args)
        if key not in self.maps_cache:
            self.maps_cache[key] = [encode_tensor_map(m, values) for m in self.meta["tensor_maps"]]
        held = [np.array([v]) for v in converted] + self.maps_cache[key]
        params = (ctypes.c_void_p * len(held))(*[ctypes.c_void_p(h.ctypes.data) if isinstance(h, np.ndarray)
                                                 else ctypes.cast(h, ctypes.c_void_p) for h in held])
        libcuda = ctypes.CDLL("libcuda.so.1")
        grid = tuple(grid) + (1,) * (3 - len(grid))
        status = libcuda.cuLaunchKernel(
            ctypes.c_void_p(self.function.kernel.ptr), *[ctypes.c_uint(g) for g in grid],
            ctypes.c_uint(self.meta["threads_per_block"]), ctypes.c_uint(1), ctypes.c_uint(1),
            ctypes.c_uint(self.meta["shared_bytes"]), ctypes.c_void_p(cupy.cuda.get_current_stream().ptr),
            params, None)
        if status != 0:
            raise RuntimeError(f"cuLaunchKernel failed ({status})")


def median_ms(launch, sets, batch=20, repeats=15):
    """Median GPU time of one launch; `launch(s)` runs on input set s.

    The `batch` launches are captured once in a CUDA graph and replayed, so
    the time is the kernels' own: a small kernel launched from Python would
    otherwise measure the launcher (cupy's for tritonc, Triton's for Triton),
    not the code."""
    for i in range(3 * len(sets)):
        launch(sets[i % len(sets)])
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # cupy would rather see Stream.from_external
        with cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream):
            for i in range(batch):
                launch(sets[i % len(sets)])
    graph.replay()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeats):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        graph.replay()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / batch)
    return statistics.median(times)


def rotation(bytes_per_call, make):
    count = max(1, min(8, math.ceil(4 * L2_BYTES / max(1, bytes_per_call))))
    return [make() for _ in range(count)]


def check(name, got, ref, tol):
    got64, ref64 = got.double(), ref.double()
    if not torch.isfinite(got64).all():
        print(f"FAIL {name}: non-finite output (unwritten elements?)")
        return False
    err = (got64 - ref64).norm() / max(ref64.norm(), 1e-30)
    ok = bool(err <= tol)
    print(f"{'PASS' if ok else 'FAIL'} {name}: relative error {err:.2e} (tolerance {tol:.0e})")
    return ok


def poisoned_like(x, dtype=None):
    return torch.full_like(x, float("nan"), dtype=dtype or x.dtype)


# ---- softmax -------------------------------------------------------------

def softmax_case(bundle, mod, case, rows, cols, dtype, warps, block, timed):
    kernel = TritoncKernel(bundle, case)
    x = torch.randn(rows, cols, device="cuda", dtype=dtype)
    ref = torch.softmax(x.double(), dim=1)
    y = poisoned_like(x)
    kernel((rows, 1, 1), y, x, x.stride(0), y.stride(0), rows, cols)
    ok = check(f"{case} tritonc {rows}x{cols}", y, ref, 1e-5 if dtype == torch.float32 else 5e-3)
    yt = poisoned_like(x)
    mod.softmax_kernel[(rows,)](yt, x, x.stride(0), yt.stride(0), rows, cols, BLOCK_SIZE=block, STAGES=4,
                                num_warps=warps)
    ok &= check(f"{case} triton  {rows}x{cols}", yt, ref, 1e-5 if dtype == torch.float32 else 5e-3)
    if not timed:
        return ok, None
    nbytes = 2 * x.numel() * x.element_size()
    sets = rotation(nbytes, lambda: (torch.randn(rows, cols, device="cuda", dtype=dtype),
                                     torch.empty(rows, cols, device="cuda", dtype=dtype)))
    t_ours = median_ms(lambda s: kernel((rows, 1, 1), s[1], s[0], cols, cols, rows, cols), sets)
    t_triton = median_ms(lambda s: mod.softmax_kernel[(rows,)](s[1], s[0], cols, cols, rows, cols, BLOCK_SIZE=block,
                                                               STAGES=4, num_warps=warps), sets)
    t_torch = median_ms(lambda s: torch.softmax(s[0], dim=1), sets)
    return ok, (f"softmax {str(dtype)[6:]} {rows}x{cols}", nbytes, t_ours, t_triton, t_torch)


# ---- layer norm ----------------------------------------------------------

def layer_norm_case(bundle, mod, case, rows, cols, warps, block, timed):
    kernel = TritoncKernel(bundle, case)
    x = torch.randn(rows, cols, device="cuda", dtype=torch.float16)
    w = torch.rand(cols, device="cuda", dtype=torch.float16) + 0.5
    b = torch.randn(cols, device="cuda", dtype=torch.float16)
    eps = 1e-5
    ref = torch.nn.functional.layer_norm(x.double(), (cols,), w.double(), b.double(), eps)
    y, mean, rstd = poisoned_like(x), torch.empty(rows, device="cuda"), torch.empty(rows, device="cuda")
    kernel((rows, 1, 1), x, y, w, b, mean, rstd, x.stride(0), cols, eps)
    ok = check(f"{case} tritonc {rows}x{cols}", y, ref, 5e-3)
    yt = poisoned_like(x)
    mod.layer_norm_fwd[(rows,)](x, yt, w, b, mean, rstd, x.stride(0), cols, eps, BLOCK_SIZE=block,
                                num_warps=warps)
    ok &= check(f"{case} triton  {rows}x{cols}", yt, ref, 5e-3)
    if not timed:
        return ok, None
    nbytes = 2 * x.numel() * 2
    sets = rotation(nbytes, lambda: (torch.randn(rows, cols, device="cuda", dtype=torch.float16),
                                     torch.empty(rows, cols, device="cuda", dtype=torch.float16)))
    t_ours = median_ms(lambda s: kernel((rows, 1, 1), s[0], s[1], w, b, mean, rstd, cols, cols, eps), sets)
    t_triton = median_ms(lambda s: mod.layer_norm_fwd[(rows,)](s[0], s[1], w, b, mean, rstd, cols, cols, eps,
                                                               BLOCK_SIZE=block, num_warps=warps), sets)
    t_torch = median_ms(lambda s: torch.nn.functional.layer_norm(s[0], (cols,), w, b, eps), sets)
    return ok, (f"layer norm fp16 {rows}x{cols}", nbytes, t_ours, t_triton, t_torch)


# ---- RMSNorm ---------------------------------------------------------------

def rms_norm_case(bundle, mod, case, rows, cols, warps, block, timed):
    kernel = TritoncKernel(bundle, case)
    x = torch.randn(rows, cols, device="cuda", dtype=torch.float16)
    w = torch.rand(cols, device="cuda", dtype=torch.float16) + 0.5
    eps = 1e-6
    xd = x.double()
    ref = (xd * torch.rsqrt(xd.pow(2).mean(dim=1, keepdim=True) + eps)).half().double() * w.double()
    y, rstd = poisoned_like(x), torch.empty(rows, device="cuda")
    kernel((rows, 1, 1), x, x.stride(0), y, y.stride(0), w, rstd, cols, eps)
    ok = check(f"{case} tritonc {rows}x{cols}", y, ref, 5e-3)
    yt = poisoned_like(x)
    mod.rms_norm_fwd[(rows,)](x, x.stride(0), yt, yt.stride(0), w, rstd, cols, eps, BLOCK_SIZE=block,
                              num_warps=warps)
    ok &= check(f"{case} triton  {rows}x{cols}", yt, ref, 5e-3)
    if not timed:
        return ok, None
    nbytes = 2 * x.numel() * 2
    sets = rotation(nbytes, lambda: (torch.randn(rows, cols, device="cuda", dtype=torch.float16),
                                     torch.empty(rows, cols, device="cuda", dtype=torch.float16)))
    t_ours = median_ms(lambda s: kernel((rows, 1, 1), s[0], cols, s[1], cols, w, rstd, cols, eps), sets)
    t_triton = median_ms(lambda s: mod.rms_norm_fwd[(rows,)](s[0], cols, s[1], cols, w, rstd, cols, eps,
                                                            BLOCK_SIZE=block, num_warps=warps), sets)

    def torch_rms(s):
        xf = s[0].float()
        return (xf * torch.rsqrt(xf.pow(2).mean(dim=1, keepdim=True) + eps)).half() * w

    t_torch = median_ms(torch_rms, sets)
    return ok, (f"RMSNorm fp16 {rows}x{cols}", nbytes, t_ours, t_triton, t_torch)


# ---- RoPE ------------------------------------------------------------------

def rope_reference(x, cos, sin, backward):
    half = x.shape[-1] // 2
    x1, x2 = x[..., :half], x[..., half:]
    c, s = cos[:, None, None, :half], sin[:, None, None, :half]
    if backward:
        s = -s
    return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], dim=-1)


def rope_case(bundle, mod, case, seq, batch, heads, dim, block_h, backward, timed):
    kernel = TritoncKernel(bundle, case)
    x = torch.randn(seq, batch, heads, dim, device="cuda", dtype=torch.bfloat16)
    theta = torch.rand(seq, dim // 2, device="cuda") * 6.28
    cos = torch.cos(theta).repeat(1, 2).contiguous()
    sin = torch.sin(theta).repeat(1, 2).contiguous()
    ref = rope_reference(x.double(), cos.double(), sin.double(), backward)
    args = lambda inp, out: (inp, out, cos, sin, inp.stride(0), inp.stride(1), inp.stride(2), batch, heads)
    y = poisoned_like(x)
    kernel((seq * batch, 1, 1), *args(x, y))
    ok = check(f"{case} tritonc [{seq},{batch},{heads},{dim}]", y, ref, 1e-2)
    yt = poisoned_like(x)
    mod.rope_kernel[(seq * batch,)](*args(x, yt), HEAD_DIM=dim, BLOCK_H=block_h, BACKWARD=backward, num_warps=4)
    ok &= check(f"{case} triton  [{seq},{batch},{heads},{dim}]", yt, ref, 1e-2)
    if not timed:
        return ok, None
    nbytes = 2 * x.numel() * 2
    sets = rotation(nbytes, lambda: (torch.randn(seq, batch, heads, dim, device="cuda", dtype=torch.bfloat16),
                                     torch.empty(seq, batch, heads, dim, device="cuda", dtype=torch.bfloat16)))
    t_ours = median_ms(lambda s: kernel((seq * batch, 1, 1), *args(s[0], s[1])), sets)
    t_triton = median_ms(lambda s: mod.rope_kernel[(seq * batch,)](*args(s[0], s[1]), HEAD_DIM=dim, BLOCK_H=block_h,
                                                                   BACKWARD=backward, num_warps=4), sets)
    t_torch = median_ms(lambda s: rope_reference(s[0], cos.to(torch.bfloat16), sin.to(torch.bfloat16), backward), sets)
    kind = "bwd" if backward else "fwd"
    return ok, (f"RoPE {kind} bf16 [{seq},{batch},{heads},{dim}]", nbytes, t_ours, t_triton, t_torch)


# ---- dropout ---------------------------------------------------------------

def dropout_case(bundle, mod, case, n, timed):
    kernel = TritoncKernel(bundle, case)
    x = torch.randn(n, device="cuda")
    p, seed, block = 0.3, 1234567, 1024
    grid = (triton.cdiv(n, block), 1, 1)
    y, yt = poisoned_like(x), poisoned_like(x)
    kernel(grid, x, y, n, p, seed)
    mod.dropout_kernel[grid[:1]](x, yt, n, p, seed, BLOCK_SIZE=block)
    # Same Philox stream, same rounding: the outputs must agree exactly.
    same = bool(torch.equal(y, yt))
    kept = (y != 0)
    scaled = bool(torch.allclose(y[kept], x[kept] / (1 - p)))
    fraction = kept.float().mean().item()
    ok = same and scaled and abs(fraction - (1 - p)) < 0.01
    print(f"{'PASS' if ok else 'FAIL'} {case} tritonc {n}: identical to Triton: {same}, kept {fraction:.3f}")
    if not timed:
        return ok, None
    nbytes = 2 * n * 4
    sets = rotation(nbytes, lambda: (torch.randn(n, device="cuda"), torch.empty(n, device="cuda")))
    t_ours = median_ms(lambda s: kernel(grid, s[0], s[1], n, p, seed), sets)
    t_triton = median_ms(lambda s: mod.dropout_kernel[grid[:1]](s[0], s[1], n, p, seed, BLOCK_SIZE=block), sets)
    t_torch = median_ms(lambda s: torch.nn.functional.dropout(s[0], p), sets)
    return ok, (f"dropout fp32 {n}", nbytes, t_ours, t_triton, t_torch)


# ---- cross entropy ---------------------------------------------------------

def cross_entropy_case(bundle, mod, case, rows, vocab, block, warps, timed):
    kernel = TritoncKernel(bundle, case)
    ignore = -100
    logits = torch.randn(rows, vocab, device="cuda")
    labels = torch.randint(0, vocab, (rows,), device="cuda")
    labels[::7] = ignore
    ref_loss = torch.nn.functional.cross_entropy(logits.double(), labels, ignore_index=ignore, reduction="none")
    ref_grad = torch.softmax(logits.double(), dim=1)
    valid = labels != ignore
    ref_grad[valid, labels[valid]] -= 1
    ref_grad[~valid] = 0
    ok = True
    for name, run in (("tritonc", lambda x, l: kernel((rows, 1, 1), x, x.stride(0), labels, l, vocab, ignore)),
                      ("triton ", lambda x, l: mod.cross_entropy_kernel[(rows,)](x, x.stride(0), labels, l, vocab, ignore,
                                                                                 BLOCK_SIZE=block, num_warps=warps))):
        x, loss = logits.clone(), torch.full((rows,), float("nan"), device="cuda")
        run(x, loss)
        ok &= check(f"{case} {name} loss {rows}x{vocab}", loss, ref_loss, 1e-5)
        ok &= check(f"{case} {name} grad {rows}x{vocab}", x, ref_grad, 1e-4)
    if not timed:
        return ok, None
    nbytes = 2 * logits.numel() * 4 # read twice in place, write once: count one read, one write
    sets = rotation(nbytes, lambda: (torch.randn(rows, vocab, device="cuda"), torch.empty(rows, device="cuda")))
    t_ours = median_ms(lambda s: kernel((rows, 1, 1), s[0], vocab, labels, s[1], vocab, ignore), sets)
    t_triton = median_ms(lambda s: mod.cross_entropy_kernel[(rows,)](s[0], vocab, labels, s[1], vocab, ignore,
                                                                    BLOCK_SIZE=block, num_warps=warps), sets)
    t_torch = median_ms(lambda s: torch.nn.functional.cross_entropy(s[0], labels, ignore_index=ignore), sets)
    return ok, (f"cross entropy fp32 {rows}x{vocab}", nbytes, t_ours, t_triton, t_torch)


# ---- layer norm backward ---------------------------------------------------

def layer_norm_bwd_case(bundle, mod, rows, cols, group, block_n, timed):
    dx_kernel = TritoncKernel(bundle, "layer_norm_bwd_dx")
    dwdb_kernel = TritoncKernel(bundle, "layer_norm_bwd_dwdb")
    x = torch.randn(rows, cols, device="cuda", dtype=torch.float16)
    w = (torch.rand(cols, device="cuda") + 0.5).half()
    b = torch.randn(cols, device="cuda", dtype=torch.float16)
    dy = torch.randn(rows, cols, device="cuda", dtype=torch.float16)
    eps = 1e-5
    xr, wr, br = (t.double().requires_grad_() for t in (x, w, b))
    torch.nn.functional.layer_norm(xr, (cols,), wr, br, eps).backward(dy.double())
    mean = x.float().mean(dim=1)
    rstd = torch.rsqrt(x.float().var(dim=1, unbiased=False) + eps)

    def run(dx_launch, dwdb_launch):
        dx = poisoned_like(x)
        partial_dw = torch.zeros(group, cols, device="cuda", dtype=torch.float16)
        partial_db = torch.zeros(group, cols, device="cuda", dtype=torch.float16)
        locks = torch.zeros(2 * group, device="cuda", dtype=torch.int32)
        dw, db = poisoned_like(w), poisoned_like(b)
        dx_launch(dx, partial_dw, partial_db, locks)
        dwdb_launch(partial_dw, partial_db, dw, db)
        return dx, dw, db

    ours = run(lambda dx, pdw, pdb, locks: dx_kernel((rows, 1, 1), dx, dy, pdw, pdb, x, w, mean, rstd, locks,
                                                     x.stride(0), cols),
               lambda pdw, pdb, dw, db: dwdb_kernel((triton.cdiv(cols, 128), 1, 1), pdw, pdb, dw, db, group, cols))
    theirs = run(lambda dx, pdw, pdb, locks: mod.layer_norm_bwd_dx[(rows,)](
                     dx, dy, pdw, pdb, x, w, mean, rstd, locks, x.stride(0), cols, N_GROUPS=group,
                     BLOCK_N=block_n, num_warps=4),
                 lambda pdw, pdb, dw, db: mod.layer_norm_bwd_dwdb[(triton.cdiv(cols, 128),)](
                     pdw, pdb, dw, db, group, cols, BLOCK_M=32, BLOCK_N=128))
    ok = True
    for name, (dx, dw, db) in (("tritonc", ours), ("triton ", theirs)):
        ok &= check(f"layer_norm_bwd {name} dx {rows}x{cols}", dx, xr.grad, 5e-3)
        ok &= check(f"layer_norm_bwd {name} dw {rows}x{cols}", dw, wr.grad, 1e-2)
        ok &= check(f"layer_norm_bwd {name} db {rows}x{cols}", db, br.grad, 1e-2)
    return ok, None


# ---- transpose: loads and stores along different dims ---------------------

def transpose_case(bundle, mod, case, M, N, timed):
    kernel = TritoncKernel(bundle, case)
    x = torch.randn(M, N, device="cuda")
    y = torch.full((N, M), float("nan"), device="cuda")
    grid = (math.ceil(M / 64), math.ceil(N / 64), 1)
    kernel(grid, x, y, M, N, x.stride(0), y.stride(0))
    ok = check(f"{case} tritonc {M}x{N}", y, x.t(), 0.0)
    yt = torch.full((N, M), float("nan"), device="cuda")
    mod.transpose_tiles[grid[:2]](x, yt, M, N, x.stride(0), yt.stride(0), BLOCK=64)
    ok &= check(f"{case} triton  {M}x{N}", yt, x.t(), 0.0)
    if not timed:
        return ok, None
    nbytes = 2 * x.numel() * 4
    sets = rotation(nbytes, lambda: (torch.randn(M, N, device="cuda"), torch.empty(N, M, device="cuda")))
    t_ours = median_ms(lambda s: kernel(grid, s[0], s[1], M, N, N, M), sets)
    t_triton = median_ms(lambda s: mod.transpose_tiles[grid[:2]](s[0], s[1], M, N, N, M, BLOCK=64), sets)
    t_torch = median_ms(lambda s: s[1].copy_(s[0].t()), sets)
    return ok, (f"transpose fp32 {M}x{N}", nbytes, t_ours, t_triton, t_torch)


# ---- a row norm looped over ragged, unhinted rows -------------------------

def row_norm_looped_case(bundle, rows, cols, timed):
    mod = load_module(os.path.join(bundle, "row_norm_looped.py"), "row_norm_looped")
    kernel = TritoncKernel(bundle, "row_norm_looped")
    x = torch.randn(rows, cols, device="cuda", dtype=torch.float16)
    w = torch.rand(cols, device="cuda", dtype=torch.float16) + 0.5
    eps = 1e-6
    xd = x.double()
    ref = xd * torch.rsqrt(xd.pow(2).mean(dim=1, keepdim=True) + eps) * w.double()
    y = poisoned_like(x)
    kernel((rows, 1, 1), x, w, y, x.stride(0), cols, eps)
    ok = check(f"row_norm_looped tritonc {rows}x{cols}", y, ref, 5e-3)
    yt = poisoned_like(x)
    mod.rms_norm_rows[(rows,)](x, w, yt, x.stride(0), cols, eps, BLOCK=1024, num_warps=4)
    ok &= check(f"row_norm_looped triton  {rows}x{cols}", yt, ref, 5e-3)
    if not timed:
        return ok, None
    nbytes = 3 * x.numel() * 2  # x read twice, y written once
    sets = rotation(nbytes, lambda: (torch.randn(rows, cols, device="cuda", dtype=torch.float16),
                                     torch.empty(rows, cols, device="cuda", dtype=torch.float16)))
    t_ours = median_ms(lambda s: kernel((rows, 1, 1), s[0], w, s[1], cols, cols, eps), sets)
    t_triton = median_ms(lambda s: mod.rms_norm_rows[(rows,)](s[0], w, s[1], cols, cols, eps, BLOCK=1024,
                                                             num_warps=4), sets)
    t_torch = median_ms(lambda s: (s[0].float() * torch.rsqrt(s[0].float().pow(2).mean(dim=1, keepdim=True) + eps)
                                   * w).half(), sets)
    return ok, (f"RMSNorm looped fp16 {rows}x{cols} (unhinted)", nbytes, t_ours, t_triton, t_torch)


# ---- real-code-base forms: block pointers, kernels split over modules ------

def code_base_checks(bundle):
    """The block-pointer kernels at ragged sizes and the kernels importing
    a package beside them, each against torch and against Triton running
    the same file."""
    ok = True
    bp = load_module(os.path.join(bundle, "block_pointers.py"), "block_pointers")
    M, N, K = 1000, 1008, 1008
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    ref = a.double() @ b.double()
    args = lambda c: (a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    grid = (math.ceil(M / 128) * math.ceil(N / 128), 1, 1)
    c = poisoned_like(torch.empty(M, N, device="cuda", dtype=torch.float16))
    TritoncKernel(bundle, "bp_matmul")(grid, *args(c))
    ok &= check(f"block-pointer matmul tritonc {M}x{N}x{K}", c, ref, 2e-3)
    ct = poisoned_like(c)
    bp.matmul_block_ptr_kernel[grid[:1]](*args(ct), 128, 128, 32)
    ok &= check(f"block-pointer matmul triton  {M}x{N}x{K}", ct, ref, 2e-3)
    for M, N in [(1001, 999), (64, 7)]:
        x = torch.randn(M, N, device="cuda")
        grid = (math.ceil(M / 64), math.ceil(N / 64), 1)
        y = torch.full((N, M), float("nan"), device="cuda")
        TritoncKernel(bundle, "bp_transpose")(grid, x, y, M, N, x.stride(0), y.stride(0))
        ok &= check(f"block-pointer transpose tritonc {M}x{N}", y, x.t(), 0.0)
        yt = torch.full((N, M), float("nan"), device="cuda")
        bp.transpose_block_ptr_kernel[grid[:2]](x, yt, M, N, x.stride(0), yt.stride(0), 64, 64)
        ok &= check(f"block-pointer transpose triton  {M}x{N}", yt, x.t(), 0.0)
    # Triton imports the package the way tritonc finds it: beside the file.
    sys.path.insert(0, os.path.join(bundle, "modules"))
    rms = load_module(os.path.join(bundle, "modules", "rms_silu.py"), "rms_silu")
    pairs = load_module(os.path.join(bundle, "modules", "pair_ops.py"), "pair_ops")
    rows, cols = 33, 1000  # a row in one block of ROW_BLOCK = 1024
    x = torch.randn(rows, cols, device="cuda", dtype=torch.float16)
    w = torch.rand(cols, device="cuda", dtype=torch.float16) + 0.5
    xd = x.double()
    ref = torch.nn.functional.silu(xd * torch.rsqrt(xd.pow(2).mean(dim=1, keepdim=True) + 1e-6) * w.double())
    out = poisoned_like(x)
    TritoncKernel(bundle, "mod_rms_silu")((rows, 1, 1), x, w, out, x.stride(0), cols)
    ok &= check(f"modules rms_silu tritonc {rows}x{cols}", out, ref, 5e-3)
    outt = poisoned_like(x)
    rms.rms_silu_kernel[(rows,)](x, w, outt, x.stride(0), cols)
    ok &= check(f"modules rms_silu triton  {rows}x{cols}", outt, ref, 5e-3)
    n = 1000
    x = torch.randn(2 * n, device="cuda")
    ref = torch.stack([torch.tanh(x[1::2].double()), x[0::2].double()], dim=1).reshape(-1)
    out = poisoned_like(x)
    TritoncKernel(bundle, "mod_pair_swap")((math.ceil(n / 256), 1, 1), x, out, n)
    ok &= check(f"modules pair_swap tritonc {n} pairs", out, ref, 1e-6)
    outt = poisoned_like(x)
    pairs.pair_swap_kernel[(math.ceil(n / 256),)](x, outt, n, BLOCK=256)
    ok &= check(f"modules pair_swap triton  {n} pairs", outt, ref, 1e-6)
    return ok, None


# ---- matmul (the test kernel; bench/matmul_bench.py times the sample) ------

def matmul_case(bundle, M, N, K, timed):
    kernel = TritoncKernel(bundle, "matmul_fma")
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
    grid = (triton.cdiv(M, 128) * triton.cdiv(N, 128), 1, 1)
    launch = lambda a, b, c: kernel(grid, a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                    c.stride(0), c.stride(1))
    launch(a, b, c)
    ok = check(f"matmul_fma tritonc {M}x{N}x{K} fp16", c, a.double() @ b.double(), 2e-3)
    if not timed:
        return ok, None
    mod = load_module(os.path.join(bundle, "matmul.py"), "matmul")
    triton_launch = lambda a, b, c: mod.matmul_kernel[lambda meta: (triton.cdiv(M, meta["BLOCK_M"]) *
                                                                  triton.cdiv(N, meta["BLOCK_N"]),)](
        a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1), ACTIVATION="")
    sets = [(a, b, c)]
    t_ours = median_ms(lambda s: launch(*s), sets, batch=5, repeats=5)
    t_triton = median_ms(lambda s: triton_launch(*s), sets, batch=5, repeats=5)
    t_torch = median_ms(lambda s: torch.matmul(s[0], s[1]), sets, batch=5, repeats=5)
    tflops = lambda ms: 2 * M * N * K / (ms * 1e-3) / 1e12
    print(f"matmul fp16 {M}x{N}x{K} TFLOP/s: tritonc {tflops(t_ours):.1f}, "
          f"Triton {tflops(t_triton):.1f}, cuBLAS {tflops(t_torch):.1f}")
    return ok, None


# ---- codegen checks written in tile IR (tests/gpu/kernels) -----------------

def cumsum_cases(bundle):
    ok = True
    x = torch.randn(256, device="cuda")
    y = poisoned_like(x)
    TritoncKernel(bundle, "cumsum_1d")((1, 1, 1), x, y)
    ok &= check("cumsum_1d tritonc 256", y, torch.cumsum(x.double(), 0), 1e-5)
    x = torch.randn(32, 64, device="cuda")
    rows, cols = poisoned_like(x), poisoned_like(x)
    TritoncKernel(bundle, "cumsum_2d")((1, 1, 1), x, rows, cols)
    ok &= check("cumsum_2d tritonc 32x64 axis 1", rows, torch.cumsum(x.double(), 1), 1e-5)
    ok &= check("cumsum_2d tritonc 32x64 axis 0", cols, torch.cumsum(x.double(), 0), 1e-5)
    a = torch.randn(32, 16, device="cuda", dtype=torch.float16)
    b = torch.randn(16, 32, device="cuda", dtype=torch.float16)
    c = torch.full((32, 32), float("nan"), device="cuda")
    TritoncKernel(bundle, "dot_f16")((1, 1, 1), a, b, c)
    ok &= check("dot_f16 tritonc 32x16 @ 16x32", c, a.double() @ b.double(), 1e-6)
    x = torch.randn(16, 32, device="cuda")
    t, r = torch.full((32, 16), float("nan"), device="cuda"), torch.full((32, 16), float("nan"), device="cuda")
    TritoncKernel(bundle, "trans_reshape")((1, 1, 1), x, t, r)
    ok &= check("trans tritonc 16x32", t, x.t().double(), 0)
    ok &= check("reshape tritonc 16x32 -> 32x16", r, x.reshape(32, 16).double(), 0)
    x = torch.randn(32, 64, device="cuda")
    h = torch.randn(32, 64, device="cuda", dtype=torch.float16)
    q, g = poisoned_like(x), poisoned_like(h)
    TritoncKernel(bundle, "convert_2d")((1, 1, 1), x, q, h, g)
    ok &= check("convert_layout row- to column-major tritonc 32x64 fp32", q, x.double(), 0)
    ok &= check("convert_layout row- to column-major tritonc 32x64 fp16", g, h.double(), 0)
    p, r = torch.randn(32, device="cuda"), torch.randn(64, device="cuda")
    q, s = poisoned_like(p), poisoned_like(r)
    TritoncKernel(bundle, "convert_warp")((1, 1, 1), p, q, r, s)
    ok &= check("convert_layout within warps (shuffles) tritonc 32", q, p.double(), 0)
    ok &= check("convert_layout across warps (shared memory) tritonc 64", s, r.double(), 0)
    return ok, None


# ---- argmax/argmin and atomics (tests/gpu/kernels/reductions_atomics.py) ---

def check_equal(name, got, ref):
    mismatches = int((got != ref).sum())
    print(f"{'PASS' if mismatches == 0 else 'FAIL'} {name}: {mismatches} of {ref.numel()} elements differ")
    return mismatches == 0


def arg_rows_case(bundle, mod, rows, cols):
    # Small integers make ties common: the lowest index must win, as in torch.
    x = torch.randint(-8, 8, (rows, cols), device="cuda").float()
    ok = True
    for who, launch in (
        ("tritonc", lambda *a: TritoncKernel(bundle, "arg_rows")((triton.cdiv(rows, 4), 1, 1), *a)),
        ("triton ", lambda *a: mod.arg_rows[(triton.cdiv(rows, 4),)](*a, BLOCK_M=4, BLOCK_N=1024, num_warps=4)),
    ):
        max_idx = torch.full((rows,), -1, device="cuda", dtype=torch.int32)
        min_idx = torch.full((rows,), -1, device="cuda", dtype=torch.int32)
        max_val = torch.full((rows,), float("nan"), device="cuda")
        launch(x, max_idx, max_val, min_idx, rows, cols, x.stride(0))
        ok &= check_equal(f"argmax {who} {rows}x{cols}", max_idx.long(), torch.argmax(x, dim=1))
        ok &= check_equal(f"max value {who} {rows}x{cols}", max_val, torch.amax(x, dim=1))
        ok &= check_equal(f"argmin {who} {rows}x{cols}", min_idx.long(), torch.argmin(x, dim=1))
    return ok


def scatter_add_case(bundle, mod, n, n_bins):
    x = torch.randn(n, device="cuda")
    ref = torch.zeros(n_bins, device="cuda", dtype=torch.float64).index_add_(
        0, torch.arange(n, device="cuda") % n_bins, x.double())
    scale = torch.zeros(n_bins, device="cuda", dtype=torch.float64).index_add_(
        0, torch.arange(n, device="cuda") % n_bins, x.double().abs())
    programs = triton.cdiv(n, 1024)
    ok = True
    for who, launch in (
        ("tritonc", lambda *a: TritoncKernel(bundle, "scatter_add")((programs, 1, 1), *a)),
        ("triton ", lambda *a: mod.scatter_add[(programs,)](*a, BLOCK=1024, num_warps=4)),
    ):
        bins = torch.zeros(n_bins, device="cuda")
        counter = torch.zeros(1, device="cuda", dtype=torch.int32)
        tickets = torch.full((programs,), -1, device="cuda", dtype=torch.int32)
        launch(x, bins, counter, tickets, n, n_bins)
        # fp32 atomics add in whatever order the threads arrive: measure the
        # error against the bin's sum of |x|, the scale of its rounding errors.
        err = float(((bins.double() - ref).abs() / scale).max())
        passed = err <= 1e-6
        print(f"{'PASS' if passed else 'FAIL'} masked atomic_add {who} n={n} into {n_bins} bins: "
              f"error {err:.2e} of the sum of |x| (tolerance 1e-06)")
        ok &= passed
        # Each program drew one ticket: together they are 0 .. programs-1.
        ok &= check_equal(f"scalar atomic_add tickets {who} ({programs} programs)",
                          torch.sort(tickets.long()).values, torch.arange(programs, device="cuda"))
    return ok


def scatter_minmax_case(bundle, mod, n, n_bins, dtype, case):
    # Both signs, no zeros: the bins' extremes are exact, whatever the order.
    x = torch.randn(n, device="cuda", dtype=dtype)
    x = torch.where(x == 0, torch.ones_like(x), x)
    index = torch.arange(n, device="cuda") % n_bins
    ref_max = torch.full((n_bins,), -float("inf"), device="cuda", dtype=dtype).scatter_reduce(0, index, x, "amax")
    ref_min = torch.full((n_bins,), float("inf"), device="cuda", dtype=dtype).scatter_reduce(0, index, x, "amin")
    programs = triton.cdiv(n, 1024)
    ok = True
    for who, launch in (
        ("tritonc", lambda *a: TritoncKernel(bundle, case)((programs, 1, 1), *a)),
        ("triton ", lambda *a: mod.scatter_minmax[(programs,)](*a, BLOCK=1024, num_warps=4)),
    ):
        maxima = torch.full((n_bins,), -float("inf"), device="cuda", dtype=dtype)
        minima = torch.full((n_bins,), float("inf"), device="cuda", dtype=dtype)
        launch(x, maxima, minima, n, n_bins)
        ok &= check_equal(f"{dtype} atomic_max {who} n={n} into {n_bins} bins", maxima, ref_max)
        ok &= check_equal(f"{dtype} atomic_min {who} n={n} into {n_bins} bins", minima, ref_min)
    return ok


def reverse_scans_case(bundle, mod, rows, cols):
    x = torch.randn(rows, cols, device="cuda")
    a = torch.rand(rows, cols, device="cuda") * 2 - 1
    b = torch.rand(rows, cols, device="cuda") * 2 - 1
    ref_sums = torch.flip(torch.cumsum(torch.flip(x.double(), [1]), 1), [1])
    a64, b64 = a.double().cpu().numpy(), b.double().cpu().numpy()  # a CPU loop: no launch per column
    ref_r = np.empty((rows, cols))
    state = np.zeros(rows)
    for j in range(cols - 1, -1, -1):
        state = a64[:, j] * state + b64[:, j]
        ref_r[:, j] = state
    ref_r = torch.from_numpy(ref_r).cuda()
    ok = True
    for who, launch in (
        ("tritonc", lambda *args: TritoncKernel(bundle, "reverse_scans")((triton.cdiv(rows, 4), 1, 1), *args)),
        ("triton ", lambda *args: mod.reverse_scans[(triton.cdiv(rows, 4),)](*args, BLOCK_M=4, BLOCK_N=1024,
                                                                               num_warps=4)),
    ):
        sums, r = poisoned_like(x), poisoned_like(x)
        launch(x, sums, a, b, r, rows, cols)
        ok &= check(f"reverse cumsum {who} {rows}x{cols}", sums, ref_sums, 1e-5)
        ok &= check(f"reverse associative_scan (recurrence) {who} {rows}x{cols}", r, ref_r, 1e-5)
    return ok


def fp8_special_values(n):
    """fp32 values that exercise fp8 rounding: ties, saturation, infinities,
    NaN, subnormals and zeros of both signs, then random magnitudes."""
    special = [0.0, -0.0, 1.0, 1.0625, 1.1875, 448.0, 464.0, 480.0, 1e6, 57344.0, 61440.0, float("inf"),
               -float("inf"), float("nan"), 2.0 ** -9, 2.0 ** -10, 2.0 ** -16, 2.0 ** -17, -3.0e-3]
    x = torch.randn(n, device="cuda") * torch.exp2(torch.randint(-20, 18, (n,), device="cuda").float())
    x[:len(special)] = torch.tensor(special, device="cuda")
    return x


def fp8_cases(bundle, mod, n):
    x = fp8_special_values(n)
    h, b = x.half(), x.bfloat16()
    e4, e5 = torch.float8_e4m3fn, torch.float8_e5m2
    outputs = [(e4, "fp32->e4m3"), (e5, "fp32->e5m2"), (e4, "fp16->e4m3"), (e5, "fp16->e5m2"),
               (e4, "bf16->e4m3"), (e5, "bf16->e5m2"), (torch.float32, "e4m3->fp32"),
               (torch.float16, "e5m2->fp16"), (torch.bfloat16, "e4m3->bf16")]
    results = {}
    programs = triton.cdiv(n, 1024)
    for who, launch in (
        ("tritonc", lambda *a: TritoncKernel(bundle, "fp8_convert")((programs, 1, 1), *a)),
        ("triton", lambda *a: mod.fp8_convert[(programs,)](*a, BLOCK=1024, num_warps=4)),
    ):
        outs = [torch.full((n,), 0x55, device="cuda", dtype=torch.uint8).view(dtype) if dtype.itemsize == 1
                else torch.full((n,), float("nan"), device="cuda", dtype=dtype) for dtype, _ in outputs]
        launch(x, h, b, *outs, n)
        results[who] = outs
    ok = True
    for i, (dtype, what) in enumerate(outputs):
        bits = torch.int8 if dtype.itemsize == 1 else (torch.int16 if dtype.itemsize == 2 else torch.int32)
        ok &= check_equal(f"{what} tritonc vs triton, bitwise, n={n}", results["tritonc"][i].view(bits),
                          results["triton"][i].view(bits))
    # torch rounds in-range values the same way (it does not saturate: compare where |x| <= 448).
    finite = x.abs() <= 448
    ok &= check_equal(f"fp32->e4m3 tritonc vs torch (|x| <= 448), n={n}",
                      results["tritonc"][0].view(torch.int8)[finite], x[finite].to(e4).view(torch.int8))
    # Scaling fp8 through fp32, tritonc vs Triton.
    q = x.clamp(-448, 448).nan_to_num(0.0).to(e4)
    scaled = {}
    for who, launch in (
        ("tritonc", lambda *a: TritoncKernel(bundle, "fp8_scale")((programs, 1, 1), *a)),
        ("triton", lambda *a: mod.fp8_scale[(programs,)](*a, BLOCK=1024, num_warps=4)),
    ):
        y = torch.full((n,), 0x55, device="cuda", dtype=torch.uint8).view(e5)
        launch(q, y, 3.7, n)
        scaled[who] = y
    ok &= check_equal(f"e4m3 * 3.7 -> e5m2 tritonc vs triton, bitwise, n={n}", scaled["tritonc"].view(torch.int8),
                      scaled["triton"].view(torch.int8))
    # fp8 arithmetic, tritonc only: x * 2 + x, each op rounded to e5m2 once.
    small = (torch.randn(n, device="cuda") * 100).to(e5)
    y = torch.full((n,), 0x55, device="cuda", dtype=torch.uint8).view(e5)
    TritoncKernel(bundle, "fp8_arithmetic")((programs, 1, 1), small, y, n)
    ref = ((small.float() * 2).to(e5).float() + small.float()).to(e5)
    ok &= check_equal(f"e5m2 arithmetic x*2+x tritonc vs torch, n={n}", y.view(torch.int8), ref.view(torch.int8))
    return ok


def read_host_results(path):
    """Workload name -> GB/s (as printed) from `HOSTBENCH <workload> <GB/s>` lines."""
    results = {}
    with open(path) as f:
        for line in f:
            if line.startswith("HOSTBENCH ") and len(line.split()) > 2:
                name, gbps = line[len("HOSTBENCH "):].rstrip().rsplit(" ", 1)
                results[name] = gbps
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--quick", action="store_true", help="correctness at small ragged sizes only")
    parser.add_argument("--host-results", help="HOSTBENCH lines of the header-launched benchmark")
    args = parser.parse_args()
    b = args.bundle
    torch.manual_seed(int.from_bytes(os.urandom(4), "little"))
    print(f"torch {torch.__version__}, triton {triton.__version__}, {torch.cuda.get_device_name()}")
    mods = {n: load_module(os.path.join(b, n + ".py"), n)
            for n in ("softmax", "layer_norm", "rms_norm", "rope", "dropout", "cross_entropy", "layer_norm_bwd",
                      "reductions_atomics", "fp8", "transpose")}
    timed = not args.quick
    ok = True
    rows = []
    cases = (
        lambda: softmax_case(b, mods["softmax"], "softmax_ragged", 37, 1000, torch.float32, 4, 1024, False),
        lambda: layer_norm_case(b, mods["layer_norm"], "layer_norm_ragged", 41, 1999, 4, 512, False),
        lambda: rms_norm_case(b, mods["rms_norm"], "rms_norm_ragged", 33, 1500, 4, 2048, False),
        lambda: rope_case(b, mods["rope"], "rope_ragged", 17, 3, 5, 64, 8, False, False),
        lambda: cumsum_cases(b),
        lambda: dropout_case(b, mods["dropout"], "dropout", 1000003, False),
        lambda: cross_entropy_case(b, mods["cross_entropy"], "cross_entropy_ragged", 37, 1000, 1024, 4, False),
        lambda: layer_norm_bwd_case(b, mods["layer_norm_bwd"], 37, 1000, 64, 1024, False),
        lambda: matmul_case(b, 1000, 1008, 512, False),
        lambda: (arg_rows_case(b, mods["reductions_atomics"], 37, 1000), None),
        lambda: (scatter_add_case(b, mods["reductions_atomics"], 1000003, 7), None),
        lambda: (scatter_minmax_case(b, mods["reductions_atomics"], 1000003, 7, torch.float32, "scatter_minmax"), None),
        lambda: (scatter_minmax_case(b, mods["reductions_atomics"], 1000003, 7, torch.float64, "scatter_minmax_f64"),
                 None),
        lambda: (reverse_scans_case(b, mods["reductions_atomics"], 37, 1000), None),
        lambda: (fp8_cases(b, mods["fp8"], 100003), None),
        lambda: transpose_case(b, mods["transpose"], "transpose_ragged", 1001, 999, False),
        lambda: code_base_checks(b),
        lambda: row_norm_looped_case(b, 37, 3001, False),
    )
    if timed:
        cases += (
            lambda: softmax_case(b, mods["softmax"], "softmax_f32", 8192, 8192, torch.float32, 8, 8192, True),
            lambda: softmax_case(b, mods["softmax"], "softmax_f16", 4096, 4096, torch.float16, 8, 4096, True),
            lambda: layer_norm_case(b, mods["layer_norm"], "layer_norm_f16", 8192, 4096, 8, 4096, True),
            lambda: rms_norm_case(b, mods["rms_norm"], "rms_norm_f16", 8192, 4096, 8, 4096, True),
            lambda: row_norm_looped_case(b, 8192, 8269, True),
            lambda: rope_case(b, mods["rope"], "rope_fwd", 4096, 4, 32, 128, 32, False, True),
            lambda: rope_case(b, mods["rope"], "rope_bwd", 4096, 4, 32, 128, 32, True, True),
            lambda: dropout_case(b, mods["dropout"], "dropout", (1 << 26) + 3, True),
            lambda: cross_entropy_case(b, mods["cross_entropy"], "cross_entropy", 4096, 32000, 4096, 8, True),
            lambda: matmul_case(b, 4096, 4096, 4096, True),
            lambda: transpose_case(b, mods["transpose"], "transpose_ragged", 8191, 8193, True),
            lambda: transpose_case(b, mods["transpose"], "transpose_aligned", 8192, 8192, True),
            # The RoPE sweep over sequence length, batch, heads and head size.
            lambda: rope_case(b, mods["rope"], "rope_d64_h16", 2048, 2, 16, 64, 16, False, True),
            lambda: rope_case(b, mods["rope"], "rope_d64_h16", 8192, 1, 16, 64, 16, False, True),
            lambda: rope_case(b, mods["rope"], "rope_fwd", 1024, 16, 32, 128, 32, False, True),
            lambda: rope_case(b, mods["rope"], "rope_fwd", 8192, 1, 32, 128, 32, False, True),
            lambda: rope_case(b, mods["rope"], "rope_d128_h64", 4096, 2, 64, 128, 64, False, True),
        )
    for case in cases:
        case_ok, row = case()
        ok &= case_ok
        if row:
            rows.append(row)
    if rows:
        host = read_host_results(args.host_results) if args.host_results else None
        host_title = f" {'via .h GB/s':>12}" if host is not None else ""
        print(f"\n{'workload':38} {'tritonc GB/s':>13}{host_title} {'Triton GB/s':>12} {'torch GB/s':>11} "
              f"{'tritonc/Triton':>15}")
        for name, nbytes, ours, theirs, torch_ms in rows:
            gbps = lambda ms: nbytes / (ms * 1e-3) / 1e9
            host_column = f" {host.get(name, '-'):>12}" if host is not None else ""
            print(f"{name:38} {gbps(ours):13.1f}{host_column} {gbps(theirs):12.1f} {gbps(torch_ms):11.1f} "
                  f"{theirs / ours:15.3f}")
        if host is not None:
            print("via .h: tritonc's kernel launched from C++ through its generated header (host/bench_main.cpp)")
    print("RESULT:", "PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
