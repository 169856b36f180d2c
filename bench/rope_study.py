"""The RoPE study: samples/rope.py compiled by tritonc and launched through
its generated C++ header, the same file under Triton's JIT, a fused RoPE
written in CUDA C++ (rope_cuda.cu) and torch's unfused "rotate half" RoPE,
forward and backward, sweeping seq_length, batch_size, head_num and
hidden_size (heads x head_dim) one at a time around a base point. Then, more
briefly, the softmax and matmul samples (tritonc through its header, Triton,
torch / cuBLAS). Prints tables, writes study_results.json and PNG plots.

On the build machine, bench/rope_study.sh BUILD_DIR OUT_DIR compiles every
specialisation listed here and copies this script, the samples and
rope_cuda.cu into OUT_DIR. On the GPU machine (nvcc, torch, triton;
matplotlib for the plots):

    python3 OUT_DIR/rope_study.py OUT_DIR [--plots DIR] [--rope-only] [--quick]

builds OUT_DIR/build/librope_study.so with nvcc (one extern "C" wrapper per
tritonc header plus the CUDA kernel; loaded with ctypes), then runs. Every
output is checked against float64 on fresh random data before anything is
timed; a wrong output is reported, left out of the plots, and makes the exit
status 1. Times: median of CUDA-event timings of CUDA-graph replays after
warm-up, input sets rotated so that the working set exceeds L2. GB/s counts
the tensor read once plus the tensor written once (the small cos/sin tables
are left out, as in samples_bench.py).

Other modes (no GPU needed):
    rope_study.py --list                 specialisations, one per line, for rope_study.sh
    rope_study.py --write-wrappers DIR   the C++ wrappers, from DIR's metadata
    rope_study.py --plot-only RESULTS.json [--plots DIR]
"""

import argparse
import ctypes
import importlib.util
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

# ---- what is measured (no torch needed: rope_study.sh reads this) ---------

BASE = {"seq": 4096, "batch": 4, "heads": 32, "dim": 128}
# (key, varied field, values, axis label). hidden_size varies head_dim at
# the base's 32 heads, so that it differs from the head_num sweep, which
# varies the heads at head_dim 128. tl.arange needs head_dim / 2 to be a
# power of two, hence no 96 or 192.
SWEEPS = [
    ("seq_length", "seq", [1024, 2048, 4096, 8192, 16384], "seq_length"),
    ("batch_size", "batch", [1, 2, 4, 8, 16], "batch_size"),
    ("head_num", "heads", [8, 16, 24, 32, 48, 64], "head_num"),
    ("hidden_size", "dim", [16, 32, 64, 128, 256], "hidden_size = 32 heads x head_dim"),
]
SOFTMAX_ROWS = 4096
SOFTMAX_COLS = [1024, 2048, 4096, 8192, 16384]
MATMUL_SIZES = [1024, 2048, 3072, 4096, 6144, 8192]
MATMUL_CONFIG = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}
MATMUL_WARPS, MATMUL_STAGES = 8, 3

IMPLS = ["tritonc", "triton", "cuda", "torch"]
LABELS = {"tritonc": "tritonc (generated header)", "triton": "Triton JIT", "cuda": "CUDA fused (ours)",
          "torch": "torch unfused", "cublas": "cuBLAS (torch.matmul, no epilogue)"}
STYLE = {"tritonc": ("tab:blue", "o"), "triton": ("tab:orange", "s"), "cuda": ("tab:green", "^"),
         "torch": ("tab:red", "v"), "cublas": ("tab:purple", "D")}


def point_with(field, value):
    point = dict(BASE)
    point[field] = value
    return point


def shape_of(point):
    return point["seq"], point["batch"], point["heads"], point["dim"]


def hint(value):
    """The hint Triton's JIT infers for an int argument, in signature form."""
    return ":1" if value == 1 else (":16" if value % 16 == 0 else "")


def block_heads(heads):
    return 1 << max(0, (heads - 1).bit_length())


def rope_name(point, backward):
    # The int hints are part of the name: one compiled launcher per set of
    # promises, as Triton's JIT keeps one kernel per specialisation.
    tag = lambda v: {":1": "1", ":16": "16", "": "x"}[hint(v)]
    return (f"rope_{'bwd' if backward else 'fwd'}_d{point['dim']}_bh{block_heads(point['heads'])}"
            f"_nh{tag(point['heads'])}_nb{tag(point['batch'])}")


def rope_signature(point, backward):
    seq, batch, heads, dim = shape_of(point)
    if dim % 16 != 0:
        raise ValueError("head_dim must be a multiple of 16: the names assume 16-divisible strides")
    strides = (batch * heads * dim, heads * dim, dim)
    ints = ", ".join(f"i32{hint(v)}" for v in (*strides, batch, heads))
    return f"*bf16:16, *bf16:16, *fp32:16, *fp32:16, {ints}, {dim}, {block_heads(heads)}, {backward}"


def rope_points():
    points = []
    for _, field, values, _ in SWEEPS:
        for value in values:
            point = point_with(field, value)
            if point not in points:
                points.append(point)
    return points


def softmax_warps(cols):
    return 4 if cols <= 2048 else (8 if cols <= 8192 else 16)


def specialisations():
    """(name, file in the repo, kernel, signature, num_warps, extra options)."""
    specs, seen = [], set()
    for point in rope_points():
        for backward in (False, True):
            name = rope_name(point, backward)
            if name not in seen:
                seen.add(name)
                specs.append((name, "samples/rope.py", "rope_kernel", rope_signature(point, backward), 4, ""))
    for cols in SOFTMAX_COLS:
        # Row strides, rows, columns; one row per program, BLOCK_SIZE = the row.
        ints = ", ".join(f"i32{hint(v)}" for v in (cols, cols, SOFTMAX_ROWS, cols))
        specs.append((f"softmax_n{cols}", "samples/softmax.py", "softmax_kernel",
                      f"*fp32:16, *fp32:16, {ints}, {cols}, 4", softmax_warps(cols), ""))
    c = MATMUL_CONFIG
    specs.append(("matmul_f16", "samples/matmul.py", "matmul_bias_act",
                  "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, "
                  f"i32:16, i32:1, {c['BLOCK_M']}, {c['BLOCK_N']}, {c['BLOCK_K']}, {c['GROUP_M']}, 'gelu'",
                  MATMUL_WARPS, f"--num-stages {MATMUL_STAGES}"))
    return specs


# ---- C entry points around the generated headers ---------------------------

# Signature types -> the C++ types of the header's launch() and the ctypes
# ones that match them.
C_TYPES = {"ptr": ("CUdeviceptr", ctypes.c_uint64), "i32": ("int32_t", ctypes.c_int32),
           "i64": ("int64_t", ctypes.c_int64), "fp32": ("float", ctypes.c_float)}


def param_kind(type_text):
    base = type_text.split(":")[0]
    kind = "ptr" if base.startswith("*") else base
    if kind not in C_TYPES:
        raise ValueError(f"no wrapper for parameter type {type_text}")
    return kind


def write_wrappers(bundle):
    # Each header defines tritonc_kernels::<kernel>::launch, so two
    # specialisations of one kernel cannot share a translation unit: one
    # small .cpp each, all linked into one library.
    folder = os.path.join(bundle, "wrappers")
    os.makedirs(folder, exist_ok=True)
    for name, *_ in specialisations():
        with open(os.path.join(bundle, name + ".json")) as f:
            meta = json.load(f)
        kinds = [param_kind(p["type"]) for p in meta["params"]]
        params = "".join(f", {C_TYPES[k][0]} a{i}" for i, k in enumerate(kinds))
        args = "".join(f", a{i}" for i in range(len(kinds)))
        source = (f"// Written by rope_study.py --write-wrappers: a C entry point, for ctypes, around\n"
                  f"// the launch() of {name}.h.\n"
                  f"#include \"{name}.h\"\n\n"
                  f"extern \"C\" int tritonc_{name}(void *stream, unsigned gx, unsigned gy, unsigned gz{params}) {{\n"
                  f"  return static_cast<int>(tritonc_kernels::{meta['name']}::launch(\n"
                  f"      static_cast<CUstream>(stream), tritonc_kernels::Grid{{gx, gy, gz}}{args}));\n"
                  f"}}\n")
        with open(os.path.join(folder, name + ".cpp"), "w") as f:
            f.write(source)
    print(f"wrappers written to {folder}")


# ---- building and loading the library (GPU machine) -----------------------

def find_nvcc():
    cuda = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH") or "/usr/local/cuda"
    for candidate in (shutil.which("nvcc"), os.path.join(cuda, "bin", "nvcc")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate, os.path.dirname(os.path.dirname(os.path.realpath(candidate)))
    sys.exit("nvcc not found on PATH, in $CUDA_HOME/bin or /usr/local/cuda/bin: it builds the study's library")


def build_library(bundle, arch):
    nvcc, cuda_root = find_nvcc()
    out = os.path.join(bundle, "build")
    os.makedirs(out, exist_ok=True)
    library = os.path.join(out, "librope_study.so")
    jobs = [(os.path.join(bundle, "rope_cuda.cu"), os.path.join(out, "rope_cuda.o"), [f"-arch={arch}"])]
    for name, *_ in specialisations():
        jobs.append((os.path.join(bundle, "wrappers", name + ".cpp"), os.path.join(out, name + ".o"), []))
    inputs = [source for source, _, _ in jobs] + [os.path.join(bundle, name + ".h") for name, *_ in specialisations()]
    if os.path.exists(library) and all(os.path.getmtime(p) <= os.path.getmtime(library) for p in inputs):
        return library

    def compile_one(job):
        source, obj, extra = job
        command = [nvcc, "-O3", "-std=c++17", "-Xcompiler", "-fPIC", "-I", bundle, *extra, "-c", source, "-o", obj]
        done = subprocess.run(command, capture_output=True, text=True)
        return command, done

    print(f"building {library} with {nvcc} ({len(jobs)} sources, CUDA kernel for {arch})", flush=True)
    with ThreadPoolExecutor(max_workers=max(1, min(16, os.cpu_count() or 1))) as pool:
        for command, done in pool.map(compile_one, jobs):
            if done.returncode != 0:
                sys.exit(f"failed: {' '.join(command)}\n{done.stdout}{done.stderr}")
    link = [nvcc, "-shared", *[obj for _, obj, _ in jobs], "-o", library, "-lcuda"]
    stubs = os.path.join(cuda_root, "lib64", "stubs")
    if os.path.isdir(stubs):
        link[-1:-1] = ["-L", stubs]  # libcuda.so for the link; the driver's libcuda.so.1 at run time
    done = subprocess.run(link, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(link)}\n{done.stdout}{done.stderr}")
    return library


class HeaderKernel:
    """One tritonc specialisation, launched by its header's launch() through
    the C wrapper; arguments in the kernel's order, tensors for pointers."""

    def __init__(self, lib, bundle, name):
        with open(os.path.join(bundle, name + ".json")) as f:
            meta = json.load(f)
        self.name = name
        self.kinds = [param_kind(p["type"]) for p in meta["params"]]
        self.function = getattr(lib, "tritonc_" + name)
        self.function.argtypes = ([ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint] +
                                  [C_TYPES[k][1] for k in self.kinds])
        self.function.restype = ctypes.c_int

    def __call__(self, grid, *args):
        import torch
        values = [a.data_ptr() if k == "ptr" else a for k, a in zip(self.kinds, args)]
        status = self.function(torch.cuda.current_stream().cuda_stream, *grid, *values)
        if status != 0:
            raise RuntimeError(f"{self.name}: launch() returned CUresult {status}")


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---- timing -----------------------------------------------------------------

def l2_bytes():
    import torch
    return getattr(torch.cuda.get_device_properties(0), "L2_cache_size", 0) or (64 << 20)


def input_sets(bytes_per_call, make):
    """Enough input/output sets that consecutive launches miss in L2."""
    count = max(1, min(8, math.ceil(4 * l2_bytes() / max(1, bytes_per_call))))
    return [make() for _ in range(count)]


def gpu_ms(launch, sets, batch=20, repeats=15):
    """Median GPU time of one `launch(set)`. The launches are captured in a
    CUDA graph and replayed, so that Python's launch cost (ctypes, Triton's
    launcher, torch's dispatcher) does not stand in for the kernels' time."""
    import torch
    for i in range(2 * len(sets) + 2):  # compiles, loads modules, warms clocks: none of it may happen in capture
        launch(sets[i % len(sets)])
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph, capture_error_mode="relaxed"):
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
    del graph
    return statistics.median(times)


# ---- RoPE -------------------------------------------------------------------

def rope_tables(seq, dim):
    """cos/sin [seq, dim] fp32, each of the dim/2 frequencies in both halves
    (the layout samples/rope.py documents), angles as in real models."""
    import torch
    half = dim // 2
    inv_freq = 10000.0 ** (-torch.arange(half, dtype=torch.float64, device="cuda") / half)
    theta = torch.arange(seq, dtype=torch.float64, device="cuda")[:, None] * inv_freq[None, :]
    return (torch.cos(theta).repeat(1, 2).float().contiguous(), torch.sin(theta).repeat(1, 2).float().contiguous())


def rope_reference(x, cos, sin, backward):
    """samples/rope.py's function in whatever precision it is given."""
    import torch
    half = x.shape[-1] // 2
    c, s = cos[:, None, None, :half], sin[:, None, None, :half]
    if backward:
        s = -s
    x1, x2 = x[..., :half], x[..., half:]
    return torch.cat((x1 * c - x2 * s, x2 * c + x1 * s), dim=-1)


def rotate_half(t):
    import torch
    half = t.shape[-1] // 2
    return torch.cat((-t[..., half:], t[..., :half]), dim=-1)


def torch_rope_forward(x, cos, sin):
    # The usual unfused form: cos/sin [seq, 1, 1, dim] in x's dtype.
    return x * cos + rotate_half(x) * sin


def torch_rope_backward(dy, cos, sin):
    # What autograd runs for torch_rope_forward: the adjoint of rotate_half
    # moves the halves back the other way, (a, b) -> (b, -a).
    import torch
    half = dy.shape[-1] // 2
    g = dy * sin
    return dy * cos + torch.cat((g[..., half:], -g[..., :half]), dim=-1)


def rope_tolerances(name, x_abs_max):
    # Fused kernels round once, from fp32, to bf16: torch.testing's bf16
    # defaults hold. torch rounds five times to bf16 (cos and sin, both
    # products, the sum); each error is at most 2^-8 of a value no larger
    # than |x1| + |x2|, which bounds the total by 2^-6 * max|x| plus 2^-8
    # of the result.
    if name == "torch":
        return 1.6e-2, 2.0 ** -6 * x_abs_max * 1.05
    return 1.6e-2, 1e-5


def check_rope(outputs, x, cos, sin, backward):
    """Element by element against float64, a slab of positions at a time to
    bound memory. Returns name -> (ok, mismatches, largest error)."""
    import torch
    x_abs_max = x.abs().max().item()
    per_position = x[0].numel()
    step = max(1, (1 << 24) // per_position)
    tally = {name: [0, 0.0] for name in outputs}
    for first in range(0, x.shape[0], step):
        rows = slice(first, first + step)
        ref = rope_reference(x[rows].double(), cos[rows].double(), sin[rows].double(), backward)
        for name, out in outputs.items():
            rtol, atol = rope_tolerances(name, x_abs_max)
            diff = (out[rows].double() - ref).abs()
            tally[name][0] += int((~(diff <= atol + rtol * ref.abs())).sum().item())  # NaN counts as wrong
            tally[name][1] = max(tally[name][1], torch.nan_to_num(diff, nan=math.inf).max().item())
        del ref
    return {name: (bad == 0, bad, worst) for name, (bad, worst) in tally.items()}


def rope_measure(lib, bundle, rope_mod, point, backward, quick):
    import torch
    seq, batch, heads, dim = shape_of(point)
    shape = (seq, batch, heads, dim)
    cos, sin = rope_tables(seq, dim)
    cos_t = cos.to(torch.bfloat16)[:, None, None, :]
    sin_t = sin.to(torch.bfloat16)[:, None, None, :]
    kernel = HeaderKernel(lib, bundle, rope_name(point, backward))
    bh = block_heads(heads)
    grid = (seq * batch, 1, 1)

    def tritonc(x, out):
        kernel(grid, x, out, cos, sin, x.stride(0), x.stride(1), x.stride(2), batch, heads)
        return out

    def triton_jit(x, out):
        rope_mod.rope_kernel[(seq * batch,)](x, out, cos, sin, x.stride(0), x.stride(1), x.stride(2), batch, heads,
                                             HEAD_DIM=dim, BLOCK_H=bh, BACKWARD=backward, num_warps=4)
        return out

    def cuda(x, out):
        status = lib.rope_cuda(torch.cuda.current_stream().cuda_stream, x.data_ptr(), out.data_ptr(), cos.data_ptr(),
                               sin.data_ptr(), seq, batch, heads, dim, x.stride(0), x.stride(1), x.stride(2),
                               int(backward))
        if status != 0:
            raise RuntimeError(f"rope_cuda returned cudaError_t {status}")
        return out

    def torch_unfused(x, out):
        return torch_rope_backward(x, cos_t, sin_t) if backward else torch_rope_forward(x, cos_t, sin_t)

    impls = {"tritonc": tritonc, "triton": triton_jit, "cuda": cuda, "torch": torch_unfused}
    x = torch.randn(shape, device="cuda", dtype=torch.bfloat16)
    outputs, refused = {}, {}
    for name, impl in impls.items():
        try:
            outputs[name] = impl(x, torch.full_like(x, float("nan")))
        except RuntimeError as error:  # a launch that returned an error: that column fails, the study goes on
            refused[name] = str(error)
    torch.cuda.synchronize()
    verdicts = check_rope(outputs, x, cos, sin, backward)
    verdicts.update({name: (False, -1, math.inf) for name in refused})
    del outputs, x
    label = f"[{seq},{batch},{heads},{dim}] {'bwd' if backward else 'fwd'}"
    for name, error in refused.items():
        print(f"FAIL {label} {name}: {error}")
    print(f"check {label}: " + ", ".join(
        f"{name} {'PASS' if ok else 'FAIL'} (max err {worst:.1e}{'' if ok else f', {bad} wrong'})"
        for name, (ok, bad, worst) in verdicts.items()), flush=True)
    nbytes = 2 * seq * batch * heads * dim * 2
    sets = input_sets(nbytes, lambda: (torch.randn(shape, device="cuda", dtype=torch.bfloat16),
                                       torch.empty(shape, device="cuda", dtype=torch.bfloat16)))
    results = {}
    for name, impl in impls.items():
        ok = verdicts[name][0]
        ms = gpu_ms(lambda s: impl(*s), sets, batch=10 if quick else 20, repeats=5 if quick else 15) if ok else None
        results[name] = {"ok": ok, "ms": ms, "gbps": nbytes / (ms * 1e-3) / 1e9 if ms else None}
    del sets
    torch.cuda.empty_cache()
    return results


def rope_study(lib, bundle, quick):
    rope_mod = load_module(os.path.join(bundle, "rope.py"), "rope_sample")
    lib.rope_cuda.argtypes = ([ctypes.c_void_p] * 5 + [ctypes.c_int] * 4 + [ctypes.c_longlong] * 3 + [ctypes.c_int])
    lib.rope_cuda.restype = ctypes.c_int
    cache, records = {}, []
    for key, field, values, _ in SWEEPS:
        for value in (values[::2] if quick else values):
            point = point_with(field, value)
            for backward in (False, True):
                memo = (tuple(shape_of(point)), backward)
                if memo not in cache:
                    cache[memo] = rope_measure(lib, bundle, rope_mod, point, backward, quick)
                for impl, r in cache[memo].items():
                    records.append({"study": "rope", "sweep": key, "x": value, "shape": list(shape_of(point)),
                                    "direction": "backward" if backward else "forward", "impl": impl, **r})
    return records


# ---- softmax and matmul -------------------------------------------------------

def relative_error(got, ref):
    import torch
    got64 = got.double()
    if not torch.isfinite(got64).all():
        return math.inf
    return ((got64 - ref).norm() / max(ref.norm().item(), 1e-30)).item()


def softmax_study(lib, bundle, quick):
    import torch
    mod = load_module(os.path.join(bundle, "softmax.py"), "softmax_sample")
    rows, records = SOFTMAX_ROWS, []
    for cols in (SOFTMAX_COLS[::2] if quick else SOFTMAX_COLS):
        kernel, warps = HeaderKernel(lib, bundle, f"softmax_n{cols}"), softmax_warps(cols)
        impls = {
            "tritonc": lambda x, y, k=kernel, n=cols: (k((rows, 1, 1), y, x, n, n, rows, n), y)[1],
            "triton": lambda x, y, n=cols, w=warps: (mod.softmax_kernel[(rows,)](
                y, x, n, n, rows, n, BLOCK_SIZE=n, STAGES=4, num_warps=w), y)[1],
            "torch": lambda x, y: torch.softmax(x, dim=1),
        }
        x = torch.randn(rows, cols, device="cuda")
        ref = torch.softmax(x.double(), dim=1)
        errors = {name: relative_error(impl(x, torch.full_like(x, float("nan"))), ref) for name, impl in impls.items()}
        print(f"check softmax fp32 {rows}x{cols}: " + ", ".join(
            f"{name} {'PASS' if e <= 1e-5 else 'FAIL'} (relative error {e:.1e})" for name, e in errors.items()))
        nbytes = 2 * rows * cols * 4
        sets = input_sets(nbytes, lambda: (torch.randn(rows, cols, device="cuda"), torch.empty(rows, cols, device="cuda")))
        for name, impl in impls.items():
            ok = errors[name] <= 1e-5
            ms = gpu_ms(lambda s: impl(*s), sets) if ok else None
            records.append({"study": "softmax", "x": cols, "shape": [rows, cols], "impl": name, "ok": ok, "ms": ms,
                            "gbps": nbytes / (ms * 1e-3) / 1e9 if ms else None})
        del sets, x, ref
    return records


def matmul_study(lib, bundle, quick):
    import torch
    mod = load_module(os.path.join(bundle, "matmul.py"), "matmul_sample")
    kernel = HeaderKernel(lib, bundle, "matmul_f16")
    records = []
    for n in (MATMUL_SIZES[::2] if quick else MATMUL_SIZES):
        a, b = (torch.randn(n, n, device="cuda", dtype=torch.float16) for _ in range(2))
        bias = torch.randn(n, device="cuda", dtype=torch.float16)
        tiles = math.ceil(n / MATMUL_CONFIG["BLOCK_M"]) * math.ceil(n / MATMUL_CONFIG["BLOCK_N"])

        def args(a, b, c, bias):
            return (a, b, c, bias, n, n, n, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))

        impls = {
            "tritonc": lambda a, b, c, bias: (kernel((tiles, 1, 1), *args(a, b, c, bias)), c)[1],
            "triton": lambda a, b, c, bias: (mod.matmul_bias_act.fn[(tiles,)](
                *args(a, b, c, bias), ACTIVATION="gelu", num_warps=MATMUL_WARPS, num_stages=MATMUL_STAGES,
                **MATMUL_CONFIG), c)[1],
            "cublas": lambda a, b, c, bias: torch.matmul(a, b),
        }
        product = a.double() @ b.double()
        z = product + bias.double()
        gelu = z * torch.sigmoid(2 * 0.7978845608028654 * (z + 0.044715 * z ** 3))
        del z
        errors = {}
        for name, impl in impls.items():
            got = impl(a, b, torch.full((n, n), float("nan"), device="cuda", dtype=torch.float16), bias)
            errors[name] = relative_error(got, product if name == "cublas" else gelu)
        del product, gelu
        print(f"check matmul fp16 {n}^3: " + ", ".join(
            f"{name} {'PASS' if e <= 2e-3 else 'FAIL'} (relative error {e:.1e})" for name, e in errors.items()))
        sets = [(a, b, torch.empty(n, n, device="cuda", dtype=torch.float16), bias)]
        for name, impl in impls.items():
            ok = errors[name] <= 2e-3
            ms = gpu_ms(lambda s: impl(*s), sets, batch=10, repeats=5 if quick else 10) if ok else None
            records.append({"study": "matmul", "x": n, "shape": [n, n, n], "impl": name, "ok": ok, "ms": ms,
                            "tflops": 2.0 * n ** 3 / (ms * 1e-3) / 1e12 if ms else None})
        del sets, a, b, bias
        torch.cuda.empty_cache()
    return records


# ---- tables and plots -----------------------------------------------------------

FIELD_NAMES = {"seq": "seq_length", "batch": "batch_size", "heads": "head_num", "dim": "head_dim"}


def fixed_text(field):
    """The base point's other sizes, which a sweep holds still."""
    return ", ".join(f"{FIELD_NAMES[k]} {v}" for k, v in BASE.items() if k != field)


def fmt(value, width):
    return f"{value:>{width}.1f}" if value is not None else f"{'-':>{width}}"


def ratio(a, b):
    return f"{a / b:>8.3f}" if a and b else f"{'-':>8}"


def print_tables(records):
    rope = [r for r in records if r["study"] == "rope"]
    for key, field, values, _ in SWEEPS:
        for direction in ("forward", "backward"):
            rows = [r for r in rope if r["sweep"] == key and r["direction"] == direction]
            if not rows:
                continue
            print(f"\nRoPE {direction} bf16, sweep {key} ({fixed_text(field)}): GB/s")
            print(f"{key:>12} {'tritonc .h':>11} {'Triton':>9} {'CUDA':>9} {'torch':>9} {'/Triton':>8} {'/CUDA':>8}")
            for value in values:
                got = {r["impl"]: r["gbps"] for r in rows if r["x"] == value}
                if not got:
                    continue
                shown = value * BASE["heads"] if key == "hidden_size" else value
                print(f"{shown:>12} {fmt(got.get('tritonc'), 11)} {fmt(got.get('triton'), 9)} "
                      f"{fmt(got.get('cuda'), 9)} {fmt(got.get('torch'), 9)} "
                      f"{ratio(got.get('tritonc'), got.get('triton'))} {ratio(got.get('tritonc'), got.get('cuda'))}")
    for study, unit, others in (("softmax", "gbps", ("triton", "torch")), ("matmul", "tflops", ("triton", "cublas"))):
        rows = [r for r in records if r["study"] == study]
        if not rows:
            continue
        what = f"softmax fp32, {SOFTMAX_ROWS} rows: GB/s" if study == "softmax" else \
            "matmul fp16 n x n x n (tritonc and Triton with bias + GELU): TFLOP/s"
        print(f"\n{what}")
        print(f"{'n':>8} {'tritonc .h':>11} " + " ".join(f"{o:>9}" for o in others) + f" {'/' + others[0]:>8}")
        for value in sorted({r["x"] for r in rows}):
            got = {r["impl"]: r[unit] for r in rows if r["x"] == value}
            print(f"{value:>8} {fmt(got.get('tritonc'), 11)} " + " ".join(fmt(got.get(o), 9) for o in others) +
                  f" {ratio(got.get('tritonc'), got.get(others[0]))}")


def plot_all(records, folder, device):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("\nmatplotlib is not installed, so no plots were drawn. Install it (pip install matplotlib) and "
              "redraw them from the saved timings, no GPU needed:\n    python3 rope_study.py --plot-only "
              "study_results.json --plots DIR")
        return
    os.makedirs(folder, exist_ok=True)
    written = []

    def draw(ax, rows, impls, unit, xs, xlabels):
        for impl in impls:
            points = sorted((r["x"], r[unit]) for r in rows if r["impl"] == impl and r[unit] is not None)
            wrong = sum(1 for r in rows if r["impl"] == impl and not r["ok"])
            # A wrong result is never drawn as a speed, but the legend says so.
            label = LABELS[impl] + (f" (wrong at {wrong} sizes: not drawn)" if wrong else "")
            color, marker = STYLE[impl]
            ax.plot([p[0] for p in points], [p[1] for p in points], color=color, marker=marker, label=label)
        ax.set_xscale("log", base=2)
        ax.set_xticks(xs)
        ax.set_xticklabels(xlabels)
        ax.minorticks_off()
        ax.set_ylim(bottom=0)
        ax.grid(True, alpha=0.3)

    rope = [r for r in records if r["study"] == "rope"]
    for key, field, values, label in SWEEPS:
        rows = [r for r in rope if r["sweep"] == key]
        if not rows:
            continue
        xs = sorted({r["x"] for r in rows})
        xlabels = [str(v * BASE["heads"]) if key == "hidden_size" else str(v) for v in xs]
        fig, axes = plt.subplots(1, 2, figsize=(13, 4.8), sharey=True)
        for ax, direction in zip(axes, ("forward", "backward")):
            draw(ax, [r for r in rows if r["direction"] == direction], IMPLS, "gbps", xs, xlabels)
            ax.set_title(f"RoPE {direction}")
            ax.set_xlabel(label)
            ax.legend(loc="best", fontsize=8)
        axes[0].set_ylabel("GB/s (input read + output written)")
        fig.suptitle(f"RoPE bf16 [seq, batch, heads, head_dim], {fixed_text(field)}; {device}")
        fig.tight_layout()
        path = os.path.join(folder, f"rope_{key}.png")
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    for study, unit, impls, title, ylabel, xlabel in (
            ("softmax", "gbps", ["tritonc", "triton", "torch"], f"softmax fp32, {SOFTMAX_ROWS} rows; {device}",
             "GB/s (input read + output written)", "columns"),
            ("matmul", "tflops", ["tritonc", "triton", "cublas"],
             f"matmul fp16 n x n x n (tritonc, Triton: + bias + GELU); {device}", "TFLOP/s", "n")):
        rows = [r for r in records if r["study"] == study]
        if not rows:
            continue
        xs = sorted({r["x"] for r in rows})
        fig, ax = plt.subplots(figsize=(7, 4.8))
        draw(ax, rows, impls, unit, xs, [str(v) for v in xs])
        ax.set_title(title, fontsize=10)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.legend(loc="best", fontsize=9)
        fig.tight_layout()
        path = os.path.join(folder, f"{study}.png")
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    print("\nplots: " + " ".join(written))


# ---- main ---------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bundle", nargs="?", help="the folder rope_study.sh wrote")
    parser.add_argument("--plots", help="where the PNGs go (default: BUNDLE/plots)")
    parser.add_argument("--rope-only", action="store_true", help="skip softmax and matmul")
    parser.add_argument("--quick", action="store_true", help="every other point, fewer repeats")
    parser.add_argument("--list", action="store_true", help="print the specialisations rope_study.sh compiles")
    parser.add_argument("--write-wrappers", metavar="DIR", help="write DIR/wrappers/*.cpp from DIR's metadata")
    parser.add_argument("--plot-only", metavar="RESULTS_JSON", help="draw the plots from saved timings")
    opts = parser.parse_args()
    if opts.list:
        for spec in specialisations():
            print("|".join(str(field) for field in spec))
        return 0
    if opts.write_wrappers:
        write_wrappers(opts.write_wrappers)
        return 0
    if opts.plot_only:
        with open(opts.plot_only) as f:
            saved = json.load(f)
        print_tables(saved["records"])
        plot_all(saved["records"], opts.plots or os.path.join(os.path.dirname(os.path.abspath(opts.plot_only)), "plots"),
                 saved.get("device", "GPU"))
        return 0
    if not opts.bundle:
        parser.error("BUNDLE is required")
    bundle = os.path.abspath(opts.bundle)

    started = time.time()
    import torch
    import triton
    torch.manual_seed(0)
    torch.zeros(1, device="cuda")  # makes torch's context current: the headers launch into it
    props = torch.cuda.get_device_properties(0)
    major, minor = torch.cuda.get_device_capability()
    device = props.name
    print(f"{device}, sm_{major}{minor}; torch {torch.__version__}, Triton {triton.__version__}", flush=True)
    lib = ctypes.CDLL(build_library(bundle, f"sm_{major}{minor}"))

    records = rope_study(lib, bundle, opts.quick)
    if not opts.rope_only:
        # The secondary plots must not cost the RoPE results: any failure
        # here is reported and the run goes on.
        for study in (softmax_study, matmul_study):
            try:
                records += study(lib, bundle, opts.quick)
            except Exception as error:  # noqa: BLE001
                print(f"{study.__name__} did not complete: {type(error).__name__}: {error}")
                records.append({"study": study.__name__, "impl": "-", "ok": False, "error": str(error)})
    results = os.path.join(bundle, "study_results.json")
    with open(results, "w") as f:
        json.dump({"device": device, "torch": torch.__version__, "triton": triton.__version__, "base": BASE,
                   "records": records}, f, indent=1)
    print_tables(records)
    plot_all(records, opts.plots or os.path.join(bundle, "plots"), device)
    failed = [r for r in records if not r["ok"]]
    print(f"\ntimings saved in {results}; the run took {time.time() - started:.0f} s")
    print(f"{len(records) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
