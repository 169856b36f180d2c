#!/usr/bin/env python3
"""The interpreter as the tie-breaker for GPU mismatches: reruns each case
of a langcheck.py --dump file under `tritonc run` on the very inputs the GPU
saw, and says per differing buffer whether the interpreter agrees with
Triton, with tritonc's PTX, or with neither.

    triage.py --tritonc build/tritonc DUMP.jsonl KERNEL_DIR

KERNEL_DIR holds the kernel files (a bundle's src/). Floats compare by bit
pattern, except that any NaN matches any NaN.
"""
import argparse
import base64
import json
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gpu", "lang"))
from cases import parse_cases, signature_of  # noqa: E402
from check import NPY  # noqa: E402

FLOAT = {"fp16": ("e", 2), "fp32": ("f", 4), "fp64": ("d", 8)}


def elements(dtype, raw):
    if dtype in FLOAT:
        fmt, size = FLOAT[dtype]
        vals = struct.unpack("<%d%s" % (len(raw) // size, fmt), raw)
        return [("nan" if v != v else raw[i * size:(i + 1) * size]) for i, v in enumerate(vals)]
    if dtype == "bf16":
        bits = struct.unpack("<%dH" % (len(raw) // 2), raw)
        return ["nan" if (b & 0x7F80) == 0x7F80 and b & 0x7F else b for b in bits]
    size = struct.calcsize(NPY[dtype][1])
    return [raw[i:i + size] for i in range(0, len(raw), size)]


def write_raw_npy(path, dtype, raw):
    size = max(1, struct.calcsize(NPY[dtype][1]))
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (NPY[dtype][0], len(raw) // size)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + raw)


def read_raw_npy(path):
    data = open(path, "rb").read()
    (length,) = struct.unpack("<H", data[8:10])
    return data[10 + length:]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tritonc", required=True)
    ap.add_argument("dump")
    ap.add_argument("kernels")
    args = ap.parse_args()
    cases = {}
    for name in os.listdir(args.kernels):
        if name.endswith(".py"):
            for case in parse_cases(os.path.join(args.kernels, name)):
                cases[case["id"]] = (os.path.join(args.kernels, name), case)
    for line in open(args.dump):
        entry = json.loads(line)
        path, case = cases[entry["id"]]
        with tempfile.TemporaryDirectory() as work:
            cmd = [args.tritonc, "run", path, "--kernel", case["kernel"], "--signature", signature_of(case),
                   "--grid", ",".join(str(g) for g in case["grid"])]
            for param in case["params"]:
                if len(param) == 4:
                    buf = entry["buffers"][param[0]]
                    dtype = param[1].lstrip("*").split(":")[0]
                    write_raw_npy(f"{work}/{param[0]}.npy", dtype, base64.b64decode(buf["before"]))
                    cmd += ["--arg", f"{param[0]}={work}/{param[0]}.npy", "--out", f"{param[0]}={work}/{param[0]}.out.npy"]
                elif len(param) == 3:
                    cmd += ["--arg", f"{param[0]}={param[2]}"]
            p = subprocess.run(cmd, capture_output=True, text=True)
            verdicts = []
            if p.returncode != 0:
                verdicts.append("interpreter failed: " + (p.stderr.strip().splitlines() or [""])[0][:120])
            else:
                for param in case["params"]:
                    if len(param) != 4:
                        continue
                    dtype = param[1].lstrip("*").split(":")[0]
                    buf = entry["buffers"][param[0]]
                    ref = elements(dtype, base64.b64decode(buf["triton"]))
                    ours = elements(dtype, base64.b64decode(buf["tritonc"]))
                    interp = elements(dtype, read_raw_npy(f"{work}/{param[0]}.out.npy"))
                    # The padding a TMA store may write (langcheck's row_slack) is not compared.
                    n, stride = case.get("row_slack", {}).get(param[0], (1, 1))
                    bad = [i for i in range(len(ref)) if ref[i] != ours[i] and i % stride < n]
                    if not bad:
                        continue
                    with_triton = sum(interp[i] == ref[i] for i in bad)
                    with_ptx = sum(interp[i] == ours[i] for i in bad)
                    verdicts.append(f"{param[0]}: {len(bad)} differ; interpreter = Triton on {with_triton}, "
                                    f"= tritonc PTX on {with_ptx}")
        print(f"{entry.get('arch', '')} {entry['id']}: {entry['status'][:80]}\n    " + "\n    ".join(verdicts))


if __name__ == "__main__":
    main()
