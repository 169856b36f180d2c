"""Tensor-core dots on the GPU: correctness of every tritonc dot
specialisation of bench/tensor_cores.txt against a float64 product at
ragged sizes (outputs poisoned first, fresh random inputs), then the speed
of the matmul sample (samples/matmul.py, bias + GELU epilogue) compiled
four ways on the same GPU: tritonc --arch sm_80 (mma.sync), Triton's own
PTX for target sm_80 from the same file and configuration (loaded through
the driver), Triton native for this GPU, and cuBLAS (torch.matmul, the bare
product).

    python3 matmul_bench.py BUNDLE_DIR [--check-only] [--small] [--quick]
"""

import argparse
import os
import re
import statistics
import sys

import cupy
import numpy as np
import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from samples_bench import TritoncKernel, check, load_module, median_ms, poisoned_like, rotation  # noqa: E402

# One fixed configuration: the sample is autotuned, and `.fn` is its kernel
# without the autotuner, which takes the meta-parameters explicitly.
CONFIG = dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8)
WARPS, STAGES = 8, 3


def cdiv(a, b):
    return (a + b - 1) // b


def activation_ref(x, name):
    if name == "relu":
        return x.clamp_min(0)
    if name == "leaky_relu":
        return torch.where(x >= 0, x, 0.01 * x)
    if name == "gelu":
        u = 0.7978845608028654 * (x + 0.044715 * x ** 3)
        return x * torch.sigmoid(2 * u)
    return x


def matmul_args(a, b, c, bias):
    M, K = a.shape
    N = b.shape[1]
    return (a, b, c, bias, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))


def square_sets(n, dtype=torch.float16):
    """Input sets (A, B, C, bias) of an n x n x n product, enough of them to
    rotate through that each launch reads its inputs from memory, not L2."""
    make = lambda: (torch.randn(n, n, device="cuda", dtype=dtype), torch.randn(n, n, device="cuda", dtype=dtype),
                    torch.empty(n, n, device="cuda", dtype=dtype), torch.randn(n, device="cuda", dtype=dtype))
    return rotation(4 * n * n * 2, make)


def triton_native(mod, grid, activation="gelu", config=None, warps=WARPS):
    """The sample compiled by Triton for this GPU, without its autotuner,
    in one configuration (CONFIG unless given)."""
    return lambda s: mod.matmul_bias_act.fn[(grid,)](*matmul_args(*s), ACTIVATION=activation, num_warps=warps,
                                                     num_stages=STAGES, **(config or CONFIG))


def compare_and_time(runs, sets, n, rounds):
    """Runs each of `runs` (name -> launch on an input set) once on the
    first set and says whether its output equals the first run's, then
    times them in interleaved rounds (so that clock and temperature drift
    reach all alike) and prints each one's median TFLOP/s."""
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
    for _ in range(rounds):
        for name, run in runs.items():
            times[name].append(median_ms(run, sets, batch=10, repeats=10))
    width = max(len(name) for name in runs) + 2
    for name, ts in times.items():
        flops = [2.0 * n ** 3 / (t * 1e-3) / 1e12 for t in ts]
        print(f"{name:{width}s} {statistics.median(flops):7.1f} TFLOP/s  (rounds: {' '.join(f'{f:.0f}' for f in flops)})")


def matmul_check(bundle, case, M, N, K, dtype, block, activation, b_cols=False):
    kernel = TritoncKernel(bundle, case)
    a = torch.randn(M, K, device="cuda", dtype=dtype)
    b = torch.randn(K, N, device="cuda", dtype=dtype)
    b = column_major(b) if b_cols else b
    bias = torch.randn(N, device="cuda", dtype=dtype)
    c = poisoned_like(torch.empty(M, N, device="cuda", dtype=dtype))
    kernel((cdiv(M, block[0]) * cdiv(N, block[1]), 1, 1), *matmul_args(a, b, c, bias))
    ref = activation_ref(a.double() @ b.double() + bias.double(), activation)
    return check(f"{case} {M}x{N}x{K}", c, ref, 2e-3 if dtype == torch.float16 else 1e-2)


def column_major(x):
    """The same matrix, stored column by column (a transposed view)."""
    return x.t().contiguous().t()


def dot_check(bundle, case, M, N, K, kind, a_cols=False, b_cols=False):
    kernel = TritoncKernel(bundle, case)
    blocks = {"dot_f32_ieee": (32, 32)}.get(case, (64, 64))
    if kind == "i8":
        a = torch.randint(-128, 128, (M, K), device="cuda", dtype=torch.int8)
        b = torch.randint(-128, 128, (K, N), device="cuda", dtype=torch.int8)
        c = torch.full((M, N), -12345, device="cuda", dtype=torch.int32)
        a = column_major(a) if a_cols else a
        b = column_major(b) if b_cols else b
    else:
        dtype = {"f16": torch.float16, "f16acc": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32,
                 "e4m3": torch.float8_e4m3fn, "e5m2": torch.float8_e5m2}[kind]
        a = torch.randn(M, K, device="cuda").to(dtype)
        b = torch.randn(K, N, device="cuda").to(dtype)
        # An fp16 accumulator (out_dtype=tl.float16) is stored as fp16.
        c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16 if kind == "f16acc" else torch.float32)
        a = column_major(a) if a_cols else a
        b = column_major(b) if b_cols else b
    kernel((cdiv(M, blocks[0]), cdiv(N, blocks[1]), 1), a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0),
           b.stride(1), c.stride(0), c.stride(1))
    if kind == "i8":  # exact, in 64-bit integers on the CPU (CUDA has no integer matmul)
        ok = bool(torch.equal(c.cpu().long(), a.cpu().long() @ b.cpu().long()))
        print(f"{'PASS' if ok else 'FAIL'} {case} {M}x{N}x{K}: {'exact' if ok else 'differs'}")
        return ok
    # tf32 keeps 10 mantissa bits; tf32x3 recovers nearly all of fp32's.
    tol = {"f32": 1e-5 if case.endswith("ieee") else 3e-5 if case.endswith("tf32x3") else 2e-3,
           "f16acc": 1e-2}.get(kind, 1e-3)
    return check(f"{case} {M}x{N}x{K}", c, a.double() @ b.double(), tol)


class TritonSm80:
    """Triton's PTX for target sm_80 of the sample, loaded through the driver
    (the entry takes the kernel's runtime arguments, then two scratch
    pointers, passed as 0)."""

    def __init__(self, mod, args):
        from triton.backends.compiler import GPUTarget
        active = triton.runtime.driver.active
        native = active.get_current_target
        active.get_current_target = lambda: GPUTarget("cuda", 80, 32)
        try:
            compiled = mod.matmul_bias_act.fn.warmup(*args, ACTIVATION="gelu", num_warps=WARPS, num_stages=STAGES,
                                                     grid=(1,), **CONFIG)
        finally:
            active.get_current_target = native
        self.ptx = compiled.asm["ptx"]
        self.shared = compiled.metadata.shared
        entry = re.search(r"\.entry\s+(\w+)\s*\(([^)]*)\)", self.ptx)
        self.params = re.findall(r"\.param\s+\.(\w+)", entry.group(2))
        # One file per PTX text: CuPy caches modules by path.
        path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"triton_sm80_{abs(hash(self.ptx)):x}.ptx")
        with open(path, "w") as f:
            f.write(self.ptx)
        self.function = cupy.RawModule(path=path).get_function(entry.group(1))
        if self.shared > 48 * 1024:
            self.function.max_dynamic_shared_size_bytes = self.shared
        # Triton drops integer arguments it specialises as 1 (unit strides).
        runtime = [v for v in args]
        kept = [v for v in runtime if not (isinstance(v, int) and v == 1)]
        self.keep_ones = len(self.params) == len(runtime) + 2
        assert self.keep_ones or len(self.params) == len(kept) + 2, (self.params, len(runtime))

    def __call__(self, grid, *args):
        values = []
        for v in args:
            if isinstance(v, torch.Tensor):
                values.append(np.uint64(v.data_ptr()))
            elif v == 1 and not self.keep_ones:
                continue
            else:
                values.append(np.int32(v))
        values += [np.uint64(0), np.uint64(0)]
        self.function(grid, (32 * WARPS, 1, 1), tuple(values), shared_mem=self.shared)


def matmul_speed(bundle, mod, M, N, K, dtype, case, hopper_case):
    kernel, hopper = TritoncKernel(bundle, case), TritoncKernel(bundle, hopper_case)
    make = lambda: (torch.randn(M, K, device="cuda", dtype=dtype), torch.randn(K, N, device="cuda", dtype=dtype),
                    torch.empty(M, N, device="cuda", dtype=dtype), torch.randn(N, device="cuda", dtype=dtype))
    sets = rotation((M * K + K * N + M * N) * 2, make)
    grid = cdiv(M, CONFIG["BLOCK_M"]) * cdiv(N, CONFIG["BLOCK_N"])
    # A second copy of the module: the JIT's cache would otherwise hand the
    # sm_80 kernel to the native launches.
    sm80 = TritonSm80(load_module(os.path.join(bundle, "matmul.py"), "matmul_for_sm80"), matmul_args(*sets[0]))
    a, b, _, bias = sets[0]
    ref = activation_ref(a.double() @ b.double() + bias.double(), "gelu")
    c = poisoned_like(sets[0][2])
    sm80((grid, 1, 1), *matmul_args(a, b, c, bias))
    ok = check(f"triton-sm80 {M}x{N}x{K} {str(dtype)[6:]}", c, ref, 2e-3 if dtype == torch.float16 else 1e-2)
    c = poisoned_like(sets[0][2])
    kernel((grid, 1, 1), *matmul_args(a, b, c, bias))
    ok &= check(f"tritonc {M}x{N}x{K} {str(dtype)[6:]}", c, ref, 2e-3 if dtype == torch.float16 else 1e-2)
    c = poisoned_like(sets[0][2])
    hopper((grid, 1, 1), *matmul_args(a, b, c, bias))
    ok &= check(f"tritonc sm_90a {M}x{N}x{K} {str(dtype)[6:]}", c, ref, 2e-3 if dtype == torch.float16 else 1e-2)
    native = triton_native(mod, grid)
    t_ours = median_ms(lambda s: kernel((grid, 1, 1), *matmul_args(*s)), sets, batch=10, repeats=10)
    t_hopper = median_ms(lambda s: hopper((grid, 1, 1), *matmul_args(*s)), sets, batch=10, repeats=10)
    t_sm80 = median_ms(lambda s: sm80((grid, 1, 1), *matmul_args(*s)), sets, batch=10, repeats=10)
    t_native = median_ms(native, sets, batch=10, repeats=10)
    t_cublas = median_ms(lambda s: torch.matmul(s[0], s[1]), sets, batch=10, repeats=10)
    flops = 2.0 * M * N * K
    row = [f"{str(dtype)[6:]} {M}x{N}x{K}"] + [flops / (t * 1e-3) / 1e12
                                                for t in (t_ours, t_sm80, t_hopper, t_native, t_cublas)]
    return ok, row


FP8_CONFIG = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 128, "GROUP_M": 8}


def fp8_matmul(bundle, mod, M, N, K, case, timed):
    """fp8 (e4m3) A [M, K] and B given as B^T [N, K] (both read along K,
    the form wgmma takes fp8 in), fp16 bias and output: correctness
    against float64, then (when `timed`) speed beside Triton and cuBLAS's
    fp8 GEMM (torch._scaled_mm, unit scales, no bias or activation)."""
    kernel = TritoncKernel(bundle, case)
    fp8 = torch.float8_e4m3fn
    make = lambda: (torch.randn(M, K, device="cuda").to(fp8), torch.randn(N, K, device="cuda").to(fp8).t(),
                    torch.empty(M, N, device="cuda", dtype=torch.float16), torch.randn(N, device="cuda", dtype=torch.float16))
    sets = rotation(M * K + K * N + 2 * M * N, make) if timed else [make()]
    grid = cdiv(M, FP8_CONFIG["BLOCK_M"]) * cdiv(N, FP8_CONFIG["BLOCK_N"])
    a, b, _, bias = sets[0]
    ref = activation_ref(a.double() @ b.double() + bias.double(), "gelu")
    native = triton_native(mod, grid, config=FP8_CONFIG)
    c = poisoned_like(sets[0][2])
    kernel((grid, 1, 1), *matmul_args(a, b, c, bias))
    # Hopper's fp8 wgmma adds products with fewer mantissa bits than fp32
    # keeps, so the error grows with K (at 8192 both compilers' results
    # measured 2.06e-3 from float64, to the digit).
    tol = 2e-3 * max(1.0, K / 4096)
    ok = check(f"tritonc fp8 {M}x{N}x{K}", c, ref, tol)
    if not timed:
        return ok, None
    c = poisoned_like(sets[0][2])
    native((a, b, c, bias))
    ok &= check(f"triton  fp8 {M}x{N}x{K}", c, ref, tol)
    t_ours = median_ms(lambda s: kernel((grid, 1, 1), *matmul_args(*s)), sets, batch=10, repeats=10)
    t_native = median_ms(native, sets, batch=10, repeats=10)
    one = torch.ones((), device="cuda")
    try:
        t_cublas = median_ms(lambda s: torch._scaled_mm(s[0], s[1], one, one, out_dtype=torch.float16), sets,
                             batch=10, repeats=10)
    except (RuntimeError, AttributeError):
        t_cublas = float("nan")
    flops = 2.0 * M * N * K
    return ok, [f"e4m3 {M}x{N}x{K}"] + [flops / (t * 1e-3) / 1e12 for t in (t_ours, t_native, t_cublas)]


def odd_k_speed(bundle, mod, M, N, K, dtype, case):
    """A K whose rows stay 16-byte aligned though it is no multiple of 16
    (hinted `:8`): tritonc keeps 16-byte copies, Triton specialises only
    on 16 and reads element by element."""
    kernel = TritoncKernel(bundle, case)
    make = lambda: (torch.randn(M, K, device="cuda", dtype=dtype), torch.randn(K, N, device="cuda", dtype=dtype),
                    torch.empty(M, N, device="cuda", dtype=dtype), torch.randn(N, device="cuda", dtype=dtype))
    sets = rotation((M * K + K * N + M * N) * 2, make)
    grid = cdiv(M, CONFIG["BLOCK_M"]) * cdiv(N, CONFIG["BLOCK_N"])
    a, b, _, bias = sets[0]
    ref = activation_ref(a.double() @ b.double() + bias.double(), "gelu")
    native = triton_native(mod, grid)
    c = poisoned_like(sets[0][2])
    kernel((grid, 1, 1), *matmul_args(a, b, c, bias))
    ok = check(f"tritonc {M}x{N}x{K} (K hinted :8)", c, ref, 2e-3)
    c = poisoned_like(sets[0][2])
    native((a, b, c, bias))
    ok &= check(f"triton  {M}x{N}x{K}", c, ref, 2e-3)
    t_ours = median_ms(lambda s: kernel((grid, 1, 1), *matmul_args(*s)), sets, batch=10, repeats=10)
    t_native = median_ms(native, sets, batch=10, repeats=10)
    t_cublas = median_ms(lambda s: torch.matmul(s[0], s[1]), sets, batch=10, repeats=10)
    flops = 2.0 * M * N * K
    return ok, [f"{str(dtype)[6:]} {M}x{N}x{K}"] + [flops / (t * 1e-3) / 1e12 for t in (t_ours, t_native, t_cublas)]


def attention_case(bundle, batch, heads, seq, dim, causal, warps, stages, arch="sm_80"):
    """The attention test kernel (forward), tritonc against Triton on the
    same file and configuration; both checked against float64 first."""
    case = f"attn_fwd_d{dim}" + ("_causal" if causal else "") + ("_sm90a" if arch == "sm_90a" else "")
    kernel = TritoncKernel(bundle, case)
    mod = load_module(os.path.join(bundle, "fused_attention.py"), "attention")
    q, k, v = (torch.randn(batch, heads, seq, dim, device="cuda", dtype=torch.float16) for _ in range(3))
    scale = dim ** -0.5
    scores = (q.double() @ k.double().transpose(-1, -2)) * scale
    if causal:
        scores = scores.masked_fill(torch.ones(seq, seq, device="cuda", dtype=torch.bool).triu(1), float("-inf"))
    ref = torch.softmax(scores, dim=-1) @ v.double()
    del scores

    def args(o, lse):
        return (q, k, v, o, lse, scale, *q.stride()[:3], *k.stride()[:3], *v.stride()[:3], *o.stride()[:3], heads)

    grid = (seq // 128, batch * heads, 1)
    o, lse = poisoned_like(q), torch.empty(batch * heads, seq, device="cuda")
    kernel(grid, *args(o, lse))
    name = f"[{batch},{heads},{seq},{dim}]{' causal' if causal else ''}"
    ok = check(f"attention tritonc {name}", o, ref, 2e-3)
    triton_launch = lambda o, lse: mod.attention_fwd[(seq // 128, batch * heads)](
        *args(o, lse), SEQ_LEN=seq, HEAD_DIM=dim, BLOCK_M=128, BLOCK_N=64, CAUSAL=causal, num_warps=warps,
        num_stages=stages)
    ot = poisoned_like(q)
    triton_launch(ot, lse)
    ok &= check(f"attention triton  {name}", ot, ref, 2e-3)
    sets = [(o, lse)]
    t_ours = median_ms(lambda s: kernel(grid, *args(*s)), sets, batch=5, repeats=5)
    t_triton = median_ms(lambda s: triton_launch(*s), sets, batch=5, repeats=5)
    flops = 4.0 * batch * heads * seq * seq * dim / (2 if causal else 1)
    return ok, (f"attention fwd fp16 {name} {arch}", flops / t_ours / 1e9, flops / t_triton / 1e9)


def forms_check(bundle, M, N, K):
    """Persistent, split-K and batched programs (tests/gpu/kernels/matmul_forms.py)."""
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    ref = a.double() @ b.double()
    ok = True
    c = poisoned_like(torch.empty(M, N, device="cuda", dtype=torch.float16))
    programs = 2 * torch.cuda.get_device_properties(0).multi_processor_count
    TritoncKernel(bundle, "mm_persistent")((programs, 1, 1), a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0),
                                           b.stride(1), c.stride(0), c.stride(1))
    ok &= check(f"mm_persistent {M}x{N}x{K} on {programs} programs", c, ref, 2e-3)
    c32 = torch.zeros(M, N, device="cuda")
    TritoncKernel(bundle, "mm_split_k")((cdiv(M, 64) * cdiv(N, 64), 4, 1), a, b, c32, M, N, K, a.stride(0), a.stride(1),
                                        b.stride(0), b.stride(1), c32.stride(0), c32.stride(1))
    ok &= check(f"mm_split_k {M}x{N}x{K} split 4", c32, ref, 1e-5)
    batch = 3
    ab = torch.randn(batch, M, K, device="cuda", dtype=torch.float16)
    bb = torch.randn(batch, K, N, device="cuda", dtype=torch.float16)
    cb = poisoned_like(torch.empty(batch, M, N, device="cuda", dtype=torch.float16))
    TritoncKernel(bundle, "mm_batched")((cdiv(M, 64), cdiv(N, 64), batch), ab, bb, cb, M, N, K, *ab.stride(), *bb.stride(),
                                        *cb.stride())
    ok &= check(f"mm_batched {batch}x{M}x{N}x{K}", cb, ab.double() @ bb.double(), 2e-3)
    return ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--check-only", action="store_true")
    parser.add_argument("--small", action="store_true", help="small sizes (for compute-sanitizer)")
    parser.add_argument("--quick", action="store_true", help="4096 only")
    opts = parser.parse_args()
    b = opts.bundle
    torch.manual_seed(0)
    ok = True
    shapes = [(1000, 999, 1001), (1, 77, 300), (130, 65, 24)] if not opts.small else [(100, 77, 45), (1, 33, 20)]
    for M, N, K in shapes:
        ok &= matmul_check(b, "mm_f16_ragged", M, N, K, torch.float16, (128, 128), "relu")
        ok &= matmul_check(b, "mm_bf16_ragged", M, N, K, torch.bfloat16, (64, 64), "leaky_relu")
        ok &= matmul_check(b, "mm_f16_ragged_sm90a", M, N, K, torch.float16, (128, 128), "relu")
        ok &= dot_check(b, "dot_f16_sm90a", M, N, K, "f16")
        ok &= dot_check(b, "dot_bf16_sm90a", M, N, K, "bf16")
        for case, kind in [("dot_f16", "f16"), ("dot_bf16", "bf16"), ("dot_f32_tf32", "f32"), ("dot_f32_ieee", "f32"),
                           ("dot_f32_tf32x3", "f32"),
                           ("dot_i8", "i8"), ("dot_e4m3", "e4m3"), ("dot_e5m2", "e5m2"), ("dot_f16_acc16", "f16acc")]:
            ok &= dot_check(b, case, M, N, K, kind)
    # Transposed operands (read down their columns): the strides their
    # specialisations promise divisible by 16 are K, and M for a column-major A.
    for M, N, K in [(112, 77, 48)] if opts.small else [(1008, 999, 1024), (16, 77, 32), (144, 65, 16)]:
        for kind, name in [("f16", "f16"), ("f32", "f32"), ("i8", "i8")]:
            ok &= dot_check(b, f"dot_{name}_bt", M, N, K, kind, b_cols=True)
            ok &= dot_check(b, f"dot_{name}_at_bt", M, N, K, kind, a_cols=True, b_cols=True)
        ok &= dot_check(b, "dot_f16_bt_sm90a", M, N, K, "f16", b_cols=True)
        ok &= dot_check(b, "dot_f16_at_bt_sm90a", M, N, K, "f16", a_cols=True, b_cols=True)
        ok &= dot_check(b, "dot_e4m3_bt_sm90a", M, N, K, "e4m3", b_cols=True)
        ok &= dot_check(b, "dot_e5m2_bt_sm90a", M, N, K, "e5m2", b_cols=True)
        ok &= dot_check(b, "dot_f32_bt_sm90a", M, N, K, "f32", b_cols=True)
        ok &= dot_check(b, "dot_i8_bt_sm90a", M, N, K, "i8", b_cols=True)
    # Row-major operands with hinted strides: pipelined 4- and 1-byte
    # elements, B read across K element by element.
    for M, N, K in [(100, 96, 48)] if opts.small else [(1000, 1008, 1024), (16, 64, 32)]:
        for case, kind in [("dot_f32_rows", "f32"), ("dot_i8_rows", "i8"), ("dot_e4m3_rows", "e4m3")]:
            ok &= dot_check(b, case, M, N, K, kind)
    for M, N, K in [(100, 80, 96)] if opts.small else [(1000, 1008, 1024), (1, 16, 64)]:
        ok &= forms_check(b, M, N, K)
    hinted = [(256, 384, 128)] if opts.small else [(4000, 4000, 4000), (512, 256, 48)]
    for M, N, K in hinted:
        ok &= matmul_check(b, "mm_f16_bt", M, N, K, torch.float16, (128, 128), "gelu", b_cols=True)
        ok &= matmul_check(b, "mm_f16_sm80", M, N, K, torch.float16, (128, 128), "gelu")
        ok &= matmul_check(b, "mm_bf16_sm80", M, N, K, torch.bfloat16, (128, 128), "gelu")
        ok &= matmul_check(b, "mm_f16_sm90a", M, N, K, torch.float16, (128, 128), "gelu")
        ok &= matmul_check(b, "mm_bf16_sm90a", M, N, K, torch.bfloat16, (128, 128), "gelu")
        ok &= matmul_check(b, "mm_f16_bt_sm90a", M, N, K, torch.float16, (128, 128), "gelu", b_cols=True)
        ok &= matmul_check(b, "mm_f16_256_sm90a", M, N, K, torch.float16, (128, 256), "gelu")
    mod = load_module(os.path.join(b, "matmul.py"), "matmul_sample")
    for M, N, K in [(256, 384, 256)] if opts.small else [(1000, 1008, 1024), (16, 128, 128)]:
        ok &= fp8_matmul(b, mod, M, N, K, "mm_e4m3_sm90a", False)[0]
    if opts.check_only:
        sys.exit(0 if ok else 1)

    attention_rows = []
    for arch in ["sm_80", "sm_90a"]:
        for dim, causal, warps, stages in [(64, False, 4, 3), (64, True, 4, 3), (128, False, 8, 2)]:
            good, row = attention_case(b, 4, 16, 4096, dim, causal, warps, stages, arch)
            ok &= good
            attention_rows.append(row)
    sizes = [4096] if opts.quick else [4096, 8192]
    rows = []
    for dtype, case, hopper_case in [(torch.float16, "mm_f16_sm80", "mm_f16_sm90a"),
                                     (torch.bfloat16, "mm_bf16_sm80", "mm_bf16_sm90a")]:
        for n in sizes + ([4000] if not opts.quick else []):
            good, row = matmul_speed(b, mod, n, n, n, dtype, case, hopper_case)
            ok &= good
            rows.append(row)
    print()
    print(f"{'matmul + bias + gelu':<24} {'tritonc sm_80':>14} {'Triton sm_80':>13} {'ratio':>6} "
          f"{'tritonc sm_90a':>15} {'Triton native':>14} {'ratio':>6} {'cuBLAS (bare)':>14}   TFLOP/s")
    for name, ours, sm80, hopper, native, cublas in rows:
        print(f"{name:<24} {ours:>14.1f} {sm80:>13.1f} {ours / sm80:>6.2f} {hopper:>15.1f} {native:>14.1f} "
              f"{hopper / native:>6.2f} {cublas:>14.1f}")
    good, odd = odd_k_speed(b, mod, 4096, 4096, 4096 + 40, torch.float16, "mm_f16_k8_sm90a")
    ok &= good
    print()
    print(f"{'K = 4096 + 40, hinted :8':<24} {'tritonc sm_90a':>15} {'Triton native':>14} {'ratio':>6} {'cuBLAS (bare)':>14}")
    print(f"{odd[0]:<24} {odd[1]:>15.1f} {odd[2]:>14.1f} {odd[1] / odd[2]:>6.2f} {odd[3]:>14.1f}")
    fp8_rows = []
    for n in sizes:
        good, row = fp8_matmul(b, mod, n, n, n, "mm_e4m3_sm90a", True)
        ok &= good
        fp8_rows.append(row)
    print()
    print(f"{'fp8 e4m3, B as B^T':<24} {'tritonc sm_90a':>15} {'Triton native':>14} {'ratio':>6} {'cuBLAS fp8':>14}")
    for name, ours, native, cublas in fp8_rows:
        print(f"{name:<24} {ours:>15.1f} {native:>14.1f} {ours / native:>6.2f} {cublas:>14.1f}")
    print()
    print(f"{'attention (Triton: native)':<40} {'tritonc':>8} {'Triton':>8} {'ratio':>6}   TFLOP/s")
    for name, ours, theirs in attention_rows:
        print(f"{name:<40} {ours:>8.1f} {theirs:>8.1f} {ours / theirs:>6.2f}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
