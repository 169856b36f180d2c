"""Kernels written with tensor descriptors and block pointers
(tests/gpu/kernels/tensor_descriptors.py), compiled by tritonc (bundle cases
desc_mm_f16, desc_mm_f16_cpasync, desc_mm_persistent, bp_mm_f16, host_desc_mm,
desc_attn_d64, desc_attn_d128, bp_abt_from, bp_abt_from_any, desc_mm_bf16, desc_bt_f16,
desc_bt_tf32, desc_bt_e4m3, desc_mm_k32, desc_mm_k16, desc_mm_n256, desc_nan_rows) and by Triton on the same file: results against float64
references at ragged sizes, then the matmuls' speed. tritonc's sm_90a
matmuls copy their tiles with TMA (the tensor maps built on the host from
the metadata, as the C++ launcher builds them); desc_mm_f16_cpasync is the
same kernel compiled with --no-tma.

    python3 tensor_descriptor_check.py BUNDLE_DIR [--small]
"""
import argparse
import os
import sys

import torch
import triton
from triton.tools.tensor_descriptor import TensorDescriptor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from samples_bench import TritoncKernel, check, load_module, median_ms, poisoned_like, rotation  # noqa: E402

BLOCKS = dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64)


def cdiv(a, b):
    return (a + b - 1) // b


def matmul_forms(bundle, mod, programs):
    """name -> (tritonc launch, Triton launch), each taking (a, b, c, M, N, K)."""
    desc, desc_cp = TritoncKernel(bundle, "desc_mm_f16"), TritoncKernel(bundle, "desc_mm_f16_cpasync")
    persistent, bp = TritoncKernel(bundle, "desc_mm_persistent"), TritoncKernel(bundle, "bp_mm_f16")
    host = TritoncKernel(bundle, "host_desc_mm")
    tiles = lambda M, N: (cdiv(M, 128), cdiv(N, 128), 1)
    launch = dict(num_warps=8, num_stages=3, **BLOCKS)
    return {
        "desc_matmul (TMA)": (
            lambda a, b, c, M, N, K: desc(tiles(M, N), a, b, c, M, N, K),
            lambda a, b, c, M, N, K: mod.desc_matmul[tiles(M, N)[:2]](a, b, c, M, N, K, **launch)),
        "desc_matmul (--no-tma)": (
            lambda a, b, c, M, N, K: desc_cp(tiles(M, N), a, b, c, M, N, K),
            lambda a, b, c, M, N, K: mod.desc_matmul[tiles(M, N)[:2]](a, b, c, M, N, K, **launch)),
        "desc_matmul_persistent": (
            lambda a, b, c, M, N, K: persistent((programs, 1, 1), a, b, c, M, N, K, programs),
            lambda a, b, c, M, N, K: mod.desc_matmul_persistent[(programs,)](a, b, c, M, N, K, programs, **launch)),
        # Descriptors made on the host: tritonc takes each as its base, shape
        # and row stride; Triton as a TensorDescriptor.
        "host_desc_matmul (TensorDescriptor)": (
            lambda a, b, c, M, N, K: host(tiles(M, N), a, M, K, K, b, K, N, N, c, M, N, N, K),
            lambda a, b, c, M, N, K: mod.host_desc_matmul[tiles(M, N)[:2]](
                TensorDescriptor.from_tensor(a, [128, 64]), TensorDescriptor.from_tensor(b, [64, 128]),
                TensorDescriptor.from_tensor(c, [128, 128]), K, **launch)),
        "bp_matmul": (
            lambda a, b, c, M, N, K: bp(tiles(M, N), a, b, c, M, N, K, K, N, N),
            lambda a, b, c, M, N, K: mod.bp_matmul[tiles(M, N)[:2]](a, b, c, M, N, K, K, N, N, **launch)),
    }


def tile_shapes(args, mod):
    """desc_matmul with other tiles: 64- and 32-byte swizzled rows (BLOCK_K 32
    and 16), four stages and two, B tiles of four column blocks (BLOCK_N
    256); against float64 at ragged sizes, and Triton's result."""
    ok = True
    for case, bm, bn, bk, warps, stages in [("desc_mm_k32", 128, 128, 32, 8, 4), ("desc_mm_k16", 64, 64, 16, 4, 2),
                                            ("desc_mm_n256", 128, 256, 64, 8, 3)]:
        ours = TritoncKernel(args.bundle, case)
        for M, N, K in [(200, 136, 72)] if args.small else [(1000, 1000, 504), (130, 264, 40), (1, 8, 8)]:
            a = torch.randn(M, K, device="cuda", dtype=torch.float16)
            b = torch.randn(K, N, device="cuda", dtype=torch.float16)
            ref = a.double() @ b.double()
            grid = (cdiv(M, bm), cdiv(N, bn), 1)
            c = poisoned_like(torch.empty(M, N, device="cuda", dtype=torch.float16))
            ours(grid, a, b, c, M, N, K)
            ok &= check(f"tritonc {case} {M}x{N}x{K}", c, ref, 2e-3)
            c2 = poisoned_like(c)
            mod.desc_matmul[grid[:2]](a, b, c2, M, N, K, bm, bn, bk, num_warps=warps, num_stages=stages)
            ok &= check(f"triton  {case} {M}x{N}x{K}", c2, ref, 2e-3)
    return ok


def dtypes(args, mod):
    """The TMA matmul in bf16, and C = A @ B^T (both tiles along K) in fp16,
    fp32 as tf32 (32-column boxes) and fp8 e4m3 (128-byte boxes of bytes):
    against float64 at ragged sizes and beside Triton on the same file."""
    ok = True
    e4m3 = torch.float8_e4m3fn
    # case, kernel, input dtype, output dtype, BLOCK_K, tolerance
    cases = [("desc_mm_bf16", "desc_matmul", torch.bfloat16, torch.bfloat16, 64, 1e-2),
             ("desc_bt_f16", "desc_matmul_bt", torch.float16, torch.float16, 64, 2e-3),
             ("desc_bt_tf32", "desc_matmul_bt", torch.float32, torch.float32, 32, 1e-2),
             ("desc_bt_e4m3", "desc_matmul_bt", e4m3, torch.float16, 128, 2e-3)]
    for case, kernel_name, dtype, out_dtype, block_k, tol in cases:
        ours = TritoncKernel(args.bundle, case)
        theirs = getattr(mod, kernel_name)
        transposed = kernel_name == "desc_matmul_bt"
        sizes = [(200, 136, 128)] if args.small else [(1000, 1000, 512), (130, 24, 256), (4096, 4096, 4096)]
        for M, N, K in sizes:
            a = torch.randn(M, K, device="cuda").to(dtype)
            b = torch.randn(N, K, device="cuda").to(dtype) if transposed else torch.randn(K, N, device="cuda").to(dtype)
            ref = a.double() @ (b.double().T if transposed else b.double())
            grid = (cdiv(M, 128), cdiv(N, 128), 1)
            c = poisoned_like(torch.empty(M, N, device="cuda", dtype=out_dtype))
            ours(grid, a, b, c, M, N, K)
            ok &= check(f"tritonc {case} {M}x{N}x{K}", c, ref, tol)
            c2 = poisoned_like(c)
            theirs[grid[:2]](a, b, c2, M, N, K, 128, 128, block_k, num_warps=8, num_stages=3)
            ok &= check(f"triton  {case} {M}x{N}x{K}", c2, ref, tol)
            if args.small or M != 4096:
                continue
            sets = rotation(3 * M * K * a.element_size(), lambda: (torch.randn(M, K, device="cuda").to(dtype),
                                                                   torch.randn(*b.shape, device="cuda").to(dtype),
                                                                   torch.empty(M, N, device="cuda", dtype=out_dtype)))
            t_ours = median_ms(lambda s: ours(grid, s[0], s[1], s[2], M, N, K), sets, batch=10, repeats=10)
            t_theirs = median_ms(lambda s: theirs[grid[:2]](s[0], s[1], s[2], M, N, K, 128, 128, block_k, num_warps=8,
                                                             num_stages=3), sets, batch=10, repeats=10)
            flops = 2.0 * M * N * K
            print(f"{case} 4096^3: tritonc {flops / t_ours / 1e9:.1f} TFLOP/s, Triton {flops / t_theirs / 1e9:.1f}, "
                  f"ratio {t_theirs / t_ours:.2f}")
    return ok


def attention(args, mod):
    """desc_attention_fwd (K read transposed, `k.T`): against float64 at a
    few head counts and lengths, and against Triton on the same file; then
    its speed beside Triton's."""
    ok = True
    for d in (64, 128):
        warps = 4 if d == 64 else 8
        ours = TritoncKernel(args.bundle, f"desc_attn_d{d}")
        theirs = lambda grid, q, k, v, o, rows, scale, n: mod.desc_attention_fwd[grid[:2]](
            q, k, v, o, rows, scale, n, d, 128, 64, num_warps=warps, num_stages=3)
        shapes = [(2, 256)] if args.small else [(3, 384), (1, 1024)]
        for heads, n in shapes:
            q, k, v = (torch.randn(heads * n, d, device="cuda", dtype=torch.float16) for _ in range(3))
            scale = d ** -0.5
            scores = (q.double().view(heads, n, d) @ k.double().view(heads, n, d).transpose(1, 2)) * scale
            ref = (torch.softmax(scores, dim=-1) @ v.double().view(heads, n, d)).view(heads * n, d)
            grid = (n // 128, heads, 1)
            for name, kernel in (("tritonc", ours), ("triton", theirs)):
                o = poisoned_like(torch.empty(heads * n, d, device="cuda", dtype=torch.float16))
                kernel(grid, q, k, v, o, heads * n, scale, n)
                ok &= check(f"{name} desc_attention_fwd d{d} {heads}x{n}", o, ref, 1e-2)
        if args.small:
            continue
        heads, n = 64, 4096
        make = lambda: tuple(torch.randn(heads * n, d, device="cuda", dtype=torch.float16) for _ in range(4))
        sets = rotation(4 * heads * n * d * 2, make)
        grid = (n // 128, heads, 1)
        flops = 4.0 * heads * n * n * d
        t_ours, t_theirs = (median_ms(lambda s: kernel(grid, s[0], s[1], s[2], s[3], heads * n, d ** -0.5, n), sets,
                                      batch=10, repeats=10) for kernel in (ours, theirs))
        print(f"desc_attention_fwd fp16 d{d} [{heads} heads, {n}]: tritonc {flops / t_ours / 1e9:.1f} TFLOP/s, "
              f"Triton {flops / t_theirs / 1e9:.1f}, ratio {t_theirs / t_ours:.2f}")
    return ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--small", action="store_true")
    args = parser.parse_args()
    # Triton builds descriptors made in the kernel in global scratch memory.
    triton.set_allocator(lambda size, alignment, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    mod = load_module(os.path.join(args.bundle, "tensor_descriptors.py"), "tensor_descriptors")
    programs = torch.cuda.get_device_properties(0).multi_processor_count
    forms = matmul_forms(args.bundle, mod, programs)
    nan_rows = TritoncKernel(args.bundle, "desc_nan_rows")
    ok = True
    # Ragged everywhere: edge tiles past M, N and K read TMA's zero fill.
    sizes = [(200, 136, 72)] if args.small else [(1000, 1000, 504), (130, 8, 64), (1, 24, 8), (777, 520, 1000),
                                                 (4096, 4096, 4096)]
    for M, N, K in sizes:
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        ref = a.double() @ b.double()
        for name, (ours, theirs) in forms.items():
            if "--no-tma" in name and args.small:
                continue
            c = poisoned_like(torch.empty(M, N, device="cuda", dtype=torch.float16))
            ours(a, b, c, M, N, K)
            ok &= check(f"tritonc {name} {M}x{N}x{K}", c, ref, 2e-3)
            if "--no-tma" not in name:
                c2 = poisoned_like(c)
                theirs(a, b, c2, M, N, K)
                ok &= check(f"triton  {name} {M}x{N}x{K}", c2, ref, 2e-3)
    ok &= tile_shapes(args, mod)
    ok &= dtypes(args, mod)
    ok &= attention(args, mod)
    # From column k0, B transposed, ragged K (rows `stride` apart): with k0
    # hinted `:8` the tiles take TMA (cp.async cannot: the bound K is not
    # aligned), with any k0 they are loaded as written.
    for case, starts in (("bp_abt_from", (0, 8, 64)), ("bp_abt_from_any", (3, 1, 65))):
        abt = TritoncKernel(args.bundle, case)
        for (M, N, K), k0 in zip([(300, 200, 517), (128, 128, 72), (1000, 777, 1001)][:2 if args.small else 3], starts):
            stride = (K + 7) // 8 * 8
            a = torch.randn(M, stride, device="cuda", dtype=torch.float16)
            b = torch.randn(N, stride, device="cuda", dtype=torch.float16)
            ref = a[:, k0:K].double() @ b[:, k0:K].double().T
            grid = (cdiv(M, 128), cdiv(N, 128), 1)
            c = poisoned_like(torch.empty(M, N, device="cuda", dtype=torch.float32))
            abt(grid, a, b, c, M, N, K, stride, k0)
            ok &= check(f"tritonc {case} {M}x{N}x{K} from {k0}", c, ref, 2e-3)
            c2 = poisoned_like(c)
            mod.bp_abt_from[grid[:2]](a, b, c2, M, N, K, stride, k0, **BLOCKS, num_warps=8, num_stages=3)
            ok &= check(f"triton  {case} {M}x{N}x{K} from {k0}", c2, ref, 2e-3)
    # cols keeps the `i32:4` promise (16-byte rows), as Triton requires of descriptors too.
    for rows, cols in [(19, 68), (64, 128), (1, 20)]:
        x = torch.randn(rows, cols, device="cuda", dtype=torch.float32)
        overhang = torch.zeros(cols, dtype=torch.bool, device="cuda")
        overhang[(cols // 64) * 64:] = cols % 64 != 0
        expected = torch.where(overhang[None, :], torch.full_like(x, -1.0), x * 0.5)
        grid = (cdiv(rows, 16), cdiv(cols, 64), 1)
        out = poisoned_like(x)
        nan_rows(grid, x, out, rows, cols)
        same = torch.equal(out, expected)
        out2 = poisoned_like(x)
        mod.desc_nan_rows[grid[:2]](x, out2, rows, cols, 16, 64, num_warps=4)
        agree = torch.equal(out, out2)
        print(f"{'PASS' if same and agree else 'FAIL'} desc_nan_rows {rows}x{cols}: "
              f"{'matches' if same else 'differs from'} the reference, {'equals' if agree else 'differs from'} Triton")
        ok &= same and agree
    if not args.small:
        for n in (4096, 8192):
            make = lambda: (torch.randn(n, n, device="cuda", dtype=torch.float16),
                            torch.randn(n, n, device="cuda", dtype=torch.float16),
                            torch.empty(n, n, device="cuda", dtype=torch.float16))
            sets = rotation(3 * n * n * 2, make)
            flops = 2.0 * n ** 3
            for name, (ours, theirs) in forms.items():
                t_ours = median_ms(lambda s: ours(s[0], s[1], s[2], n, n, n), sets, batch=10, repeats=10)
                t_theirs = median_ms(lambda s: theirs(s[0], s[1], s[2], n, n, n), sets, batch=10, repeats=10)
                print(f"{name} fp16 {n}^3: tritonc {flops / t_ours / 1e9:.1f} TFLOP/s, Triton "
                      f"{flops / t_theirs / 1e9:.1f} TFLOP/s, ratio {t_theirs / t_ours:.2f}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
