"""Runs each `# CASE` of the kernel files in a bundle under Triton and under
tritonc's PTX (loaded through the CUDA driver) on the same random inputs, and
compares every buffer afterwards. Run on the GPU machine:

    python3 langcheck.py BUNDLE_DIR [--dump FILE.jsonl] [--triton-ptx DIR] [--only ID,ID,...]

BUNDLE_DIR is what make_bundle.sh wrote: the kernel files, and per case the
PTX and metadata that tritonc made. Exit status 1 if any case differs.
A case's "tol" bounds every float buffer (relative to the buffer's largest
finite value; non-finite values match non-finite ones); "tols" ({buffer:
tol}) overrides it per buffer. "row_slack" ({buffer: [n, stride]}) leaves
columns n..stride-1 of each row of a buffer out of the comparison: the
padding that a TMA store may write (it moves whole 16-byte units). --dump writes, per case that did not pass, every buffer's
bytes before the launch and after each compiler's (base64), so that the
interpreter can rerun the case on the same inputs elsewhere
(tests/difftest/triage.py). --triton-ptx writes Triton's PTX of each case
to DIR/<case>.triton.ptx, to read beside tritonc's. LANGCHECK_JIT_O=N has
the driver compile tritonc's PTX at optimisation level N (0-4), to tell a
ptxas miscompile from a wrong PTX.
"""
import base64
import ctypes
import importlib.util
import json
import math
import os
import sys

import torch

from cases import parse_cases, signature_of

TORCH_DTYPES = {
    "i1": torch.bool, "i8": torch.int8, "i16": torch.int16, "i32": torch.int32, "i64": torch.int64,
    "u8": torch.uint8, "u16": torch.uint16, "u32": torch.uint32, "u64": torch.uint64,
    "fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32, "fp64": torch.float64,
}
SCALAR_CTYPES = {"i1": ctypes.c_uint8, "i8": ctypes.c_int8, "i16": ctypes.c_int16, "i32": ctypes.c_int32,
                 "i64": ctypes.c_int64, "u8": ctypes.c_uint8, "u16": ctypes.c_uint16, "u32": ctypes.c_uint32,
                 "u64": ctypes.c_uint64, "fp32": ctypes.c_float, "fp64": ctypes.c_double}

cuda = ctypes.CDLL("libcuda.so.1")
# LANGCHECK_JIT_O=0..4: the driver's PTX compiler at that optimisation level
# for tritonc's PTX (default: the driver's default, -O3's equivalent).
JIT_OPT_LEVEL = int(os.environ["LANGCHECK_JIT_O"]) if os.environ.get("LANGCHECK_JIT_O") else None


def check(result, what):
    if result != 0:
        raise RuntimeError(f"{what} failed with CUresult {result}")


def make_buffer(dtype, numel, init, gen):
    t = TORCH_DTYPES[dtype]
    kind, _, rest = init.partition(":")
    if kind == "out":  # poisoned: a value no case computes by accident
        return torch.full((numel,), 77, dtype=torch.int64).to(t).cuda() if not t.is_floating_point else \
            torch.full((numel,), float("nan"), dtype=t, device="cuda")
    if kind == "int":
        lo, hi = (int(v) for v in rest.split(":")) if rest else (-100, 100)
        if not torch.empty((), dtype=t).is_signed() and t is not torch.bool:
            lo = max(lo, 0)
        v = torch.randint(lo, hi, (numel,), generator=gen, dtype=torch.int64)
        return v.to(t).cuda()
    if kind == "bits":  # every bit pattern of the type
        width = torch.empty((), dtype=t).element_size() * 8
        v = torch.randint(-(2 ** 62), 2 ** 62, (numel,), generator=gen, dtype=torch.int64)
        if width < 64:
            v = v & ((1 << width) - 1)
            if torch.empty((), dtype=t).is_signed():
                v = torch.where(v >= (1 << (width - 1)), v - (1 << width), v)
        return v.to(t).cuda()
    if kind == "special":  # randn with a quarter of the elements signed zeros, infinities, NaN, subnormals, ties
        specials = torch.tensor([0.0, -0.0, math.inf, -math.inf, math.nan, 1e-40, -1e-45, 6e-8, 65504.0, 7e4, 1e38,
                                 0.5, 1.5, 2.5, -2.5], dtype=torch.float64)
        v = torch.randn((numel,), generator=gen, dtype=torch.float64) * (float(rest) if rest else 1.0)
        pick = torch.randint(0, len(specials), (numel,), generator=gen)
        v = torch.where(torch.rand((numel,), generator=gen, dtype=torch.float64) < 0.25, specials[pick], v)
        return v.to(t).cuda()
    if kind == "list":
        values = [float(x) for x in rest.split(",")]
        values = (values * (numel // len(values) + 1))[:numel]
        return torch.tensor(values, dtype=torch.float64).to(t).cuda()
    v = torch.randn((numel,), generator=gen, dtype=torch.float64)
    if rest:
        v = v * float(rest)
    return v.to(t).cuda()


def run_tritonc(case, bundle, args):
    ptx_path = os.path.join(bundle, case["id"] + ".ptx")
    meta = json.load(open(os.path.join(bundle, case["id"] + ".json")))
    module, function = ctypes.c_void_p(), ctypes.c_void_p()
    image = open(ptx_path, "rb").read() + b"\0"
    if JIT_OPT_LEVEL is None:
        check(cuda.cuModuleLoadData(ctypes.byref(module), image), "cuModuleLoadData")
    else:  # CU_JIT_OPTIMIZATION_LEVEL (7): to tell a ptxas miscompile from ours
        options = (ctypes.c_int * 1)(7)
        values = (ctypes.c_void_p * 1)(JIT_OPT_LEVEL)
        check(cuda.cuModuleLoadDataEx(ctypes.byref(module), image, 1, options, values), "cuModuleLoadDataEx")
    check(cuda.cuModuleGetFunction(ctypes.byref(function), module, meta["entry"].encode()), "cuModuleGetFunction")
    shared = int(meta.get("shared_bytes", 0))
    if shared > 48 * 1024:
        check(cuda.cuFuncSetAttribute(function, 8, shared), "cuFuncSetAttribute")
    holders = []
    runtime = {p["name"]: p["type"] for p in meta["params"]}
    for param, value in zip(case["params"], args):
        name = param[0]
        if name not in runtime:
            continue
        if isinstance(value, torch.Tensor):
            holders.append(ctypes.c_uint64(value.data_ptr()))
        else:
            holders.append(SCALAR_CTYPES[param[1].split(":")[0]](value))
    pointers = [ctypes.addressof(h) for h in holders]
    if meta.get("tensor_maps"):
        # The hidden tensor-map parameters a launcher builds on the host,
        # as the drop-in builds them (make_bundle.sh copies its cuda.py).
        from dropin_cuda import Driver
        driver = Driver()
        values = {p[0]: (v.data_ptr() if isinstance(v, torch.Tensor) else v) for p, v in zip(case["params"], args)}
        for spec in meta["tensor_maps"]:
            raw, address = driver.tensor_map(spec, lambda name: values[name])
            holders.append(raw)
            pointers.append(address)  # the map itself is the parameter's value
    pointers = (ctypes.c_void_p * len(pointers))(*pointers)
    grid = list(case["grid"]) + [1] * (3 - len(case["grid"]))
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    check(cuda.cuLaunchKernel(function, *grid, int(meta["threads_per_block"]), 1, 1, shared, stream, pointers, None),
          "cuLaunchKernel")
    torch.cuda.synchronize()
    cuda.cuModuleUnload(module)


def same_outside_slack(a, b, tol, slack):
    """same() over the elements whose column (index modulo the row stride)
    is below n; the index it returns is the buffer's own."""
    if slack is None:
        return same(a, b, tol)
    n, stride = slack
    kept = (torch.arange(a.numel(), device=a.device) % stride < n).nonzero().flatten()
    # Gathered as signed words: torch indexes few unsigned dtypes.
    at = same(as_signed_words(a)[kept].view(a.dtype), as_signed_words(b)[kept].view(b.dtype), tol)
    return None if at is None else int(kept[at])


def as_signed_words(t):
    """`t`'s bits as signed integers of its element's width: torch
    compares and indexes few of its unsigned dtypes."""
    return t.view({1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[t.element_size()])


def same(a, b, tol):
    if a.dtype.is_floating_point:
        a64, b64 = a.double().cpu(), b.double().cpu()
        both_nan = torch.isnan(a64) & torch.isnan(b64)
        if tol == 0:
            equal = (as_signed_words(a) == as_signed_words(b)).cpu() | both_nan
        else:
            # A tolerance stands for sums taken in another order: their error
            # scales with the terms, not with what cancellation leaves, so
            # it is measured against the buffer's largest finite value; and
            # where one order overflows (inf) the other may meet an opposite
            # infinity (nan).
            finite = b64[torch.isfinite(b64)]
            scale = 1 + (finite.abs().max().item() if finite.numel() else 0.0)
            both_overflow = ~torch.isfinite(a64) & ~torch.isfinite(b64)
            # A sum that comes within a factor of two of the dtype's largest
            # value may overflow in one order and not in another
            # (dt_1019374: an fp16 row sum of ±57344 terms, inf under
            # Triton, 57344 under tritonc): an infinity against a finite
            # value above half the maximum, element by element.
            half_max = torch.finfo(a.dtype).max / 2
            one_overflows = ((torch.isinf(a64) & (b64.abs() > half_max)) |
                             (torch.isinf(b64) & (a64.abs() > half_max)))
            equal = ((a64 - b64).abs() <= tol * scale) | both_nan | both_overflow | one_overflows | (a64 == b64)
    else:
        equal = as_signed_words(a.cpu()) == as_signed_words(b.cpu())
    bad = (~equal).nonzero()
    return None if bad.numel() == 0 else int(bad[0][0])


def as_base64(t):
    return base64.b64encode(bytes(t.detach().cpu().contiguous().view(torch.uint8).tolist())).decode()


def main():
    bundle = sys.argv[1]
    dump = open(sys.argv[sys.argv.index("--dump") + 1], "w") if "--dump" in sys.argv else None
    ptx_dir = sys.argv[sys.argv.index("--triton-ptx") + 1] if "--triton-ptx" in sys.argv else None
    # After a process abort (Triton's own LLVM assertions end the process),
    # run_campaign.sh starts again after the file that aborted it.
    after = sys.argv[sys.argv.index("--after") + 1] if "--after" in sys.argv else ""
    # --only ID,ID,...: just those cases (a change's PTX that differs).
    only = set(sys.argv[sys.argv.index("--only") + 1].split(",")) if "--only" in sys.argv else None
    sys.path.insert(0, bundle)
    # Triton builds device-side tensor descriptors in memory from its
    # allocator (on sm_90); tritonc's kernels need none.
    import triton
    triton.set_allocator(lambda size, alignment, stream: torch.empty(size, device="cuda", dtype=torch.int8))
    failures = 0
    rows = 0
    for file in sorted(f for f in os.listdir(bundle) if f.endswith(".py") and f not in ("cases.py", "langcheck.py", "dropin_cuda.py")):
        if file <= after or (only is not None and not any(i.startswith(file[:-3] + ".") for i in only)):
            continue
        print(f"# start {file}", flush=True)
        path = os.path.join(bundle, file)
        spec = importlib.util.spec_from_file_location(file[:-3], path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for case in parse_cases(path):
            if only is not None and case["id"] not in only:
                continue
            gen = torch.Generator().manual_seed(case.get("seed", 1234))
            args = []
            for param in case["params"]:
                if len(param) == 4:
                    args.append(make_buffer(param[1].lstrip("*").split(":")[0], param[2], param[3], gen))
                else:
                    args.append(param[-1])
            theirs = [a.clone() if isinstance(a, torch.Tensor) else a for a in args]
            before = [a.clone() if isinstance(a, torch.Tensor) else a for a in args] if dump else None
            status = "PASS"
            try:
                compiled = getattr(module, case["kernel"])[tuple(case["grid"])](*theirs, num_warps=case.get("warps", 4))
                torch.cuda.synchronize()
                if ptx_dir:
                    with open(os.path.join(ptx_dir, case["id"] + ".triton.ptx"), "w") as f:
                        f.write(compiled.asm["ptx"])
            except Exception as e:  # Triton refusing the case makes it a bad case, not our failure
                # The location line, then the message (Triton's last line says what it refused).
                lines = [l for l in str(e).splitlines() if l.strip()] or [type(e).__name__]
                status = "TRITON-ERROR " + lines[0][:60] + (" " + lines[-1].strip()[:160] if len(lines) > 1 else "")
            if status == "PASS":
                if not os.path.exists(os.path.join(bundle, case["id"] + ".ptx")):
                    status = "NOT-COMPILED"
                else:
                    try:
                        print(f"# ours {file}", flush=True)
                        run_tritonc(case, bundle, args)
                        for param, ours, ref in zip(case["params"], args, theirs):
                            if isinstance(ours, torch.Tensor):
                                at = same_outside_slack(ours, ref, case.get("tols", {}).get(param[0], case.get("tol", 0)),
                                                        case.get("row_slack", {}).get(param[0]))
                                if at is not None:
                                    status = (f"MISMATCH {param[0]}[{at}]: tritonc {ours[at].item()} "
                                              f"Triton {ref[at].item()}")
                                    break
                    except Exception as e:
                        status = "ERROR " + str(e).splitlines()[0][:100]
            failures += status != "PASS"
            if dump and status != "PASS":
                buffers = {p[0]: {"dtype": p[1], "before": as_base64(b), "triton": as_base64(t), "tritonc": as_base64(o)}
                           for p, b, t, o in zip(case["params"], before, theirs, args) if isinstance(b, torch.Tensor)}
                dump.write(json.dumps({"id": case["id"], "status": status, "buffers": buffers}) + "\n")
                dump.flush()
            rows += 1
            print(f"{case['id']:48s} {status}", flush=True)
    print(f"{rows - failures}/{rows} cases match Triton")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
