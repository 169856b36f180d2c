"""Bisecting the matmul gap by editing PTX: the tritonc and Triton PTX of
the matmul sample, each as generated and with one scheduling difference
between them swapped, timed in interleaved rounds (driver JIT for all).

Edits: `prologue-bar` adds (or, on Triton's PTX, removes) the barrier
Triton places between issuing its first two pipeline stages; `split`
commits A's and B's copies as separate groups as Triton does (waiting for
two groups instead of one), `merge` the reverse on Triton's PTX;
`late-addresses` moves the loop's address and mask computations for the
next copies from the top of the iteration to after the products are
issued, where Triton's PTX has them; `lbo0` gives A's wgmma descriptors a
leading byte offset of 0 instead of 16 bytes (unused under the 128-byte
swizzle; Triton writes 0); `align16` declares the dynamic shared memory
16-byte aligned, as Triton does, instead of 1024; `mul-wide` writes each
sign extension and 64-bit shift by k back as `mul.wide.s32 d, r, 2^k`,
LLVM's form before tritonc rewrote it (src/codegen/WideMultiplies.cpp):
the one edit that moved the time (bench/RESULTS.md, 2026-11-25).

    python3 ptx_variants.py BUNDLE_DIR [--case mm_f16_sm90a] [--size 4096]
"""
import argparse
import os
import re
import sys


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from matmul_bench import CONFIG, cdiv, compare_and_time, square_sets, triton_native  # noqa: E402
from ptxas_versions import tritonc_raw, triton_raw  # noqa: E402
from samples_bench import TritoncKernel, load_module  # noqa: E402

COMMIT = re.compile(r"cp\.async\.commit_group;")
COPY = re.compile(r"cp\.async\.cg\.shared\.global")


def add_prologue_bar(ptx):
    return COMMIT.sub("cp.async.commit_group;\n\tbar.sync 0;", ptx, count=1)


def remove_prologue_bar(ptx):
    loop = ptx.index("$L__BB0_2:")
    first = ptx.index("bar.sync \t0;")
    assert first < loop, "no barrier before the loop"
    return ptx[:first] + ptx[first + len("bar.sync \t0;"):]


def split_commits(ptx):
    out, copies = [], 0
    for line in ptx.splitlines():
        out.append(line)
        if COPY.search(line):
            copies += 1
            if copies % 8 == 4:
                out.append("\tcp.async.commit_group;")
        elif COMMIT.search(line):
            copies = 0
    return "\n".join(out).replace("cp.async.wait_group 1;", "cp.async.wait_group 2;")


def merge_commits(ptx):
    out, commits = [], 0
    for line in ptx.splitlines():
        if COMMIT.search(line):
            commits += 1
            if commits % 2 == 1:
                continue
        out.append(line)
    return "\n".join(out).replace("cp.async.wait_group \t2;", "cp.async.wait_group \t1;")


def late_addresses(ptx):
    lines = ptx.splitlines()
    top = lines.index("$L__BB0_2:")
    wait = next(i for i in range(top, len(lines)) if "cp.async.wait_group 1;" in lines[i])
    early = [i for i in range(top + 1, wait) if lines[i].strip().startswith("add.s64")]
    bar = next(i for i in range(wait, len(lines)) if "bar.sync" in lines[i])
    masks = []
    for i in range(bar + 1, len(lines)):
        if lines[i].strip().startswith("setp.lt.s32") or re.match(r"\s*add\.s32\s+%r\d+, %r\d+, 2;", lines[i]):
            masks.append(i)
        else:
            break
    done = next(i for i in range(bar, len(lines)) if "wgmma.wait_group.sync.aligned 1;" in lines[i])
    join = next(i for i in range(done, len(lines)) if "bar.sync" in lines[i])
    moved = [lines[i] for i in early + masks]
    keep = [l for i, l in enumerate(lines) if i not in set(early + masks)]
    join = keep.index(lines[join], keep.index(lines[done]))
    return "\n".join(keep[:join + 1] + moved + keep[join + 1:])


def lbo0(ptx):
    # Descriptor constants with the swizzle mode in bits 62-63 and an LBO of 1 (16 bytes).
    def fix(m):
        value = int(m.group(0))
        return str(value - (1 << 16)) if value >> 62 == 1 and (value >> 16) & 0x3FFF == 1 else m.group(0)
    return re.sub(r"\b46116862\d{11}\b", fix, ptx)


def align16(ptx):
    return ptx.replace(".extern .shared .align 1024", ".extern .shared .align 16")


def mul_wide(ptx):
    return re.sub(r"cvt\.s64\.s32 \t(%rd\d+), (%r\d+);\n\tshl\.b64 \t\1, \1, (\d+);",
                  lambda m: f"mul.wide.s32 \t{m.group(1)}, {m.group(2)}, {1 << int(m.group(3))};", ptx)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--case", default="mm_f16_sm90a")
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    out = os.environ.get("OUT", args.bundle)
    n = args.size
    grid = cdiv(n, CONFIG["BLOCK_M"]) * cdiv(n, CONFIG["BLOCK_N"])
    sets = square_sets(n)
    mod = load_module(os.path.join(args.bundle, "matmul.py"), "matmul_ptx_variants")
    compiled = triton_native(mod, grid)(sets[0])
    triton_ptx, triton_shared = compiled.asm["ptx"], compiled.metadata.shared
    meta = TritoncKernel(args.bundle, args.case).meta
    with open(os.path.join(args.bundle, args.case + ".ptx")) as f:
        ours_ptx = f.read()

    def write(name, text):
        path = os.path.join(out, name + ".ptx")
        with open(path, "w") as f:
            f.write(text)
        return path

    ours_from = lambda name, text: tritonc_raw(write(name, text), meta, grid)
    triton_from = lambda name, text: triton_raw(write(name, text), triton_shared, grid)

    runs = {
        "tritonc": ours_from("o0", ours_ptx),
        "tritonc + prologue-bar": ours_from("o1", add_prologue_bar(ours_ptx)),
        "tritonc + split": ours_from("o2", split_commits(ours_ptx)),
        "tritonc + late-addresses": ours_from("o3", late_addresses(ours_ptx)),
        "tritonc + lbo0": ours_from("o4", lbo0(ours_ptx)),
        "tritonc + align16": ours_from("o5", align16(ours_ptx)),
        "tritonc + mul-wide": ours_from("o6", mul_wide(ours_ptx)),
        "Triton PTX": triton_from("t0", triton_ptx),
        "Triton PTX - prologue-bar": triton_from("t1", remove_prologue_bar(triton_ptx)),
        "Triton PTX + merge": triton_from("t2", merge_commits(triton_ptx)),
    }
    compare_and_time(runs, sets, n, args.rounds)

if __name__ == "__main__":
    main()
