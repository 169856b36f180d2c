#!/usr/bin/env python3
"""The CPU side of differential testing: every `# CASE` of the given kernel
files is compiled by tritonc for each --arch (tritonc runs ptxas on the PTX
itself where ptxas is found, and exits 2 when ptxas rejects it) and run on
tritonc's CPU interpreter on small random inputs.

    check.py --tritonc build/tritonc [-j 2] [--arch sm_90a,sm_80] FILE.py...

A line per case that is not clean, then a summary; exit status 1 if any
case failed. Failures: REFUSED (tritonc rejected a valid program, exit 1),
INTERNAL (exit 2: an internal error or invalid PTX), CRASH (a signal or
another exit status), TIMEOUT, INTERP (the interpreter failed).

The .npy inputs are written with the standard library only (no NumPy on
the CI machines): bf16 goes in as its bit pattern ('<u2'), as `tritonc run`
takes it.
"""
import argparse
import math
import os
import random
import struct
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gpu", "lang"))
from cases import parse_cases, signature_of  # noqa: E402

NPY = {"i1": ("|b1", "?"), "i8": ("|i1", "b"), "i16": ("<i2", "h"), "i32": ("<i4", "i"), "i64": ("<i8", "q"),
       "u8": ("|u1", "B"), "u16": ("<u2", "H"), "u32": ("<u4", "I"), "u64": ("<u8", "Q"),
       "fp16": ("<f2", "e"), "bf16": ("<u2", "H"), "fp32": ("<f4", "f"), "fp64": ("<f8", "d")}
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "u8": 8, "u16": 16, "u32": 32, "u64": 64}
SPECIALS = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e-40, -1e-45, 6e-8, 65504.0, 7e4, 1e38, 0.5, 1.5, 2.5,
            -2.5]
TIMEOUT = 60


def values(dtype, init, n, rng):
    """Element values for a buffer: the same kinds of data as langcheck.make_buffer, not the same numbers."""
    kind, _, rest = init.partition(":")
    if kind == "out":
        return [0] * n
    if dtype in WIDTH:
        if kind == "int":
            lo, hi = (int(v) for v in rest.split(":")) if rest else (-100, 100)
            if not dtype.startswith("i") or dtype == "i1":
                lo = max(lo, 0)
            out = [rng.randrange(lo, hi) for _ in range(n)]
        elif kind == "bits":
            out = [rng.getrandbits(WIDTH[dtype]) for _ in range(n)]
            if dtype.startswith("i") and dtype != "i1":
                out = [v - (1 << WIDTH[dtype]) if v >> (WIDTH[dtype] - 1) else v for v in out]
        else:
            out = [int(rng.gauss(0, 1) * 10) for _ in range(n)]
        if dtype == "i1":
            return [bool(v & 1) for v in out]
        lo = -(1 << (WIDTH[dtype] - 1)) if dtype.startswith("i") else 0
        return [min(max(v, lo), lo + (1 << WIDTH[dtype]) - 1) for v in out]
    if kind == "int":
        lo, hi = (int(v) for v in rest.split(":")) if rest else (-100, 100)
        return [float(rng.randrange(lo, hi)) for _ in range(n)]
    if kind == "list":
        vals = [float(x) for x in rest.split(",")]
        return [vals[i % len(vals)] for i in range(n)]
    scale = float(rest) if rest else 1.0
    out = [rng.gauss(0, 1) * scale for _ in range(n)]
    if kind == "special":
        out = [rng.choice(SPECIALS) if rng.random() < 0.25 else v for v in out]
    return out


def encode(dtype, vals):
    if dtype == "bf16":
        def bits(v):
            if math.isnan(v):
                return 0x7FC0
            if abs(v) > 3.4028234663852886e38:
                v = math.copysign(math.inf, v)
            (b,) = struct.unpack("<I", struct.pack("<f", v))
            return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF
        vals = [bits(v) for v in vals]
    elif dtype in ("fp16", "fp32"):
        limit = 65504.0 if dtype == "fp16" else 3.4028234663852886e38
        vals = [math.copysign(math.inf, v) if not math.isnan(v) and abs(v) > limit else v for v in vals]
    return struct.pack("<%d%s" % (len(vals), NPY[dtype][1]), *vals)


def write_npy(path, dtype, vals):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (NPY[dtype][0], len(vals))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + encode(dtype, vals))


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
        return p.returncode, (p.stderr or p.stdout).strip()
    except subprocess.TimeoutExpired:
        return None, "timed out"


def classify(rc, text, what):
    if rc == 0:
        return None
    first = next((line for line in text.splitlines() if "error" in line.lower()), text.splitlines()[0] if text
                 else "")
    kind = "TIMEOUT" if rc is None else "REFUSED" if rc == 1 else "INTERNAL" if rc == 2 else "CRASH"
    if what == "interp" and rc in (1, 2):
        kind = "INTERP"
    return f"{kind} {what} (exit {rc}): {first[:200]}"


def check_case(tritonc, path, case, archs, work):
    sig = signature_of(case)
    base = os.path.join(work, case["id"])
    # A case may name the targets it is valid for (fp8 needs sm_89 or newer).
    for arch in [a for a in archs if a in case.get("archs", archs)]:
        rc, text = run([tritonc, path, "--kernel", case["kernel"], "--signature", sig, "--num-warps",
                        str(case.get("warps", 4)), "--arch", arch, "-o", f"{base}.{arch}.ptx"])
        bad = classify(rc, text, arch)
        if bad:
            return bad
    rng = random.Random(case.get("seed", 1234))
    cmd = [tritonc, "run", path, "--kernel", case["kernel"], "--signature", sig,
           "--grid", ",".join(str(g) for g in case["grid"])]
    for param in case["params"]:
        if len(param) == 4:
            dtype = param[1].lstrip("*").split(":")[0]
            if param[3] == "out":
                cmd += ["--arg", f"{param[0]}=zeros:{param[2]}"]
            else:
                npy = f"{base}.{param[0]}.npy"
                write_npy(npy, dtype, values(dtype, param[3], param[2], rng))
                cmd += ["--arg", f"{param[0]}={npy}"]
        elif len(param) == 3:
            cmd += ["--arg", f"{param[0]}={param[2]}"]
    return classify(*run(cmd), "interp")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tritonc", required=True)
    ap.add_argument("--arch", default="sm_90a,sm_80")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    archs = args.arch.split(",")
    jobs = [(f, c) for f in args.files for c in parse_cases(f)]
    with tempfile.TemporaryDirectory() as work, ThreadPoolExecutor(args.j) as pool:
        results = list(pool.map(lambda j: check_case(args.tritonc, j[0], j[1], archs, work), jobs))
    failed = 0
    for (path, case), bad in zip(jobs, results):
        if bad:
            failed += 1
            print(f"{path}: {bad}")
    print(f"{len(jobs) - failed}/{len(jobs)} cases clean (compiled for {', '.join(archs)}, interpreted)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
