#!/usr/bin/env python3
"""Compiles a captured specialisation corpus with tritonc, no GPU needed.

    bench/realcode/compile_corpus.py CHECKOUT CAPTURE [--tritonc PATH] [--jobs N] [--emit ptx|cubin] [-v]
                                     [--write CORPUS.jsonl] [--keep DIR [--against OLD_DIR]]

CAPTURE is a folder of the JSON files triton-dropin writes in capture (or
any) mode with TRITON_DROPIN_CAPTURE_DIR set, or a corpus file of them, one
a line (`--write` makes one, sorted and deduplicated, to keep beside the
results): one per distinct specialisation
(file relative to the checkout, kernel, signature, warps, stages, maxnreg,
arch, include folders; the source text itself where the kernel's source was
rewritten at run time). Each is compiled with tritonc as the drop-in would;
the counts compiled / refused (exit 1) / internal error (exit 2 or a crash)
are printed with the refusals grouped by their first diagnostic. `--keep`
writes each output as DIR/NNNN.EMIT (NNNN its line in the deduplicated
corpus; a specialisation tritonc added beside it, DIR/NNNN.1.EMIT), so two
compilers' outputs compare with `diff -r`; `--against`
names another binary's kept outputs and lists the specialisations whose
output changed, by kernel. Plain
python3, no packages. Exit status 1 if any internal error.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))


def find_tritonc(given):
    if given:
        return given
    if os.environ.get("TRITONC"):
        return os.environ["TRITONC"]
    return shutil.which("tritonc") or os.path.normpath(os.path.join(HERE, "..", "..", "build", "tritonc"))


def first_diagnostic(stderr):
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    for l in lines:
        if "error:" in l:
            return l
    return lines[0] if lines else ""


def diagnostic_kind(line):
    """The `[DiagName]` of a diagnostic, else its text without the location."""
    if line.endswith("]") and "[" in line:
        return line[line.rindex("[") + 1:-1]
    return line.split("error:", 1)[-1].strip()[:80]


def _captured(capture):
    """The entries of a capture folder (one JSON file each) or of a corpus
    file (one JSON object a line, as `--write` makes)."""
    if os.path.isfile(capture):
        with open(capture) as f:
            return [json.loads(line) for line in f if line.strip()]
    out = []
    for path in sorted(glob.glob(os.path.join(capture, "*.json"))):
        with open(path) as f:
            out.append(json.load(f))
    return out


def load(capture):
    entries = OrderedDict()
    for e in _captured(capture):
        key = (e["file"], e["kernel"], e["signature"], e["num_warps"], e["num_stages"], e.get("maxnreg"),
               e.get("fp32_default") or "", e.get("arch"), e.get("source_text", ""))
        # The capture that carries the host's values for module-level names
        # wins over one of the same launch without them.
        if key not in entries or (e.get("host_values") and not entries[key].get("host_values")):
            entries[key] = e
    return list(entries.values())


def compile_one(tritonc, checkout, e, emit, scratch, kept=None):
    path = e["file"] if os.path.isabs(e["file"]) else os.path.join(checkout, e["file"])
    includes = [d if os.path.isabs(d) else os.path.join(checkout, d) for d in e.get("include_dirs", [])]
    includes = [d for d in includes if os.path.isdir(d)]
    work = tempfile.mkdtemp(dir=scratch)
    if e.get("source_text"):
        # A source rewritten at run time: compiled from its captured text,
        # imports found beside the original file.
        includes.insert(0, os.path.dirname(path))
        path = os.path.join(work, os.path.basename(path))
        with open(path, "w") as f:
            f.write(e["source_text"])
    if not os.path.isfile(path):
        return "missing", "no file %s" % path, set()
    cmd = [tritonc, path, "--kernel", e["kernel"], "--signature", e["signature"], "--num-warps",
           str(e["num_warps"]), "--num-stages", str(e["num_stages"]), "--arch", e.get("arch") or "sm_90a",
           "--emit", emit, "-o", os.path.join(work, "k." + emit)]
    if e.get("maxnreg"):
        cmd += ["--maxnreg", str(e["maxnreg"])]
    if e.get("fp32_default"):
        cmd += ["--fp32-dot-default", e["fp32_default"]]
    for d in includes:
        cmd += ["-I", d]
    for given in e.get("host_values", []):  # module-level values the drop-in took from Python
        cmd += ["--host-value", given]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        rc, err = proc.returncode, proc.stderr
    except subprocess.TimeoutExpired:
        rc, err = 2, "timed out after 600 s"
    if kept:
        # The specialisations tritonc added (alignment dispatch) are kept
        # beside it; an earlier run's files that this one did not make go.
        for path in [kept] + added_paths(kept, emit):
            if os.path.exists(path):
                os.remove(path)
        if rc == 0:
            shutil.copyfile(os.path.join(work, "k." + emit), kept)
            for n, added in enumerate(added_paths(os.path.join(work, "k." + emit), emit), 1):
                shutil.copyfile(added, "%s%d.%s" % (kept[:-len(emit)], n, emit))
    shutil.rmtree(work, ignore_errors=True)
    warned = {line.rsplit("[", 1)[1].rstrip("]") for line in err.splitlines()
              if ": warning: " in line and line.rstrip().endswith("]")}
    if rc == 0:
        return "compiled", "", warned
    if rc == 1 or rc > 2:
        return "refused", first_diagnostic(err), warned
    return "internal", first_diagnostic(err) or "exit %d" % rc, warned


def added_paths(path, emit):
    """The specialisations tritonc added beside `path` (NNNN.EMIT): NNNN.1.EMIT, NNNN.2.EMIT, ..."""
    out = []
    while os.path.exists("%s%d.%s" % (path[:-len(emit)], len(out) + 1, emit)):
        out.append("%s%d.%s" % (path[:-len(emit)], len(out) + 1, emit))
    return out


def kept_outputs(path, emit):
    """A kept specialisation's output with those tritonc added beside it."""
    out = b""
    for p in [path] + added_paths(path, emit):
        with open(p, "rb") as f:
            out += b"\0next\0" + f.read()
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkout")
    ap.add_argument("capture_dir", metavar="capture")
    ap.add_argument("--write", metavar="CORPUS", help="also write the deduplicated corpus here, one JSON a line")
    ap.add_argument("--tritonc")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--emit", choices=("ptx", "cubin"))
    ap.add_argument("--keep", metavar="DIR", help="keep each compiled output as DIR/NNNN.EMIT")
    ap.add_argument("--against", metavar="OLD_DIR", help="with --keep: list what differs from OLD_DIR's outputs")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per specialisation")
    args = ap.parse_args(argv)
    tritonc = find_tritonc(args.tritonc)
    emit = args.emit or ("cubin" if shutil.which("ptxas") or os.path.exists("/usr/local/cuda/bin/ptxas") else "ptx")
    entries = load(args.capture_dir)
    if not entries:
        print("no captured specialisations in %s" % args.capture_dir, file=sys.stderr)
        return 1
    if args.write:
        with open(args.write, "w") as f:
            for e in sorted(entries, key=lambda e: (e["file"], e["kernel"], e["signature"], e["num_warps"],
                                                    e["num_stages"], str(e.get("maxnreg")))):
                f.write(json.dumps(e, sort_keys=True) + "\n")
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    kept = [os.path.join(args.keep, "%04d.%s" % (i, emit)) if args.keep else None for i in range(len(entries))]
    scratch = tempfile.mkdtemp(prefix="corpus.")
    try:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda ek: compile_one(tritonc, args.checkout, ek[0], emit, scratch, ek[1]),
                                    zip(entries, kept)))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    counts = Counter(status for status, _, _ in results)
    per_kernel = OrderedDict()
    for e, (status, diag, _) in zip(entries, results):
        k = per_kernel.setdefault("%s:%s" % (e["file"], e["kernel"]), Counter())
        k[status] += 1
        if args.verbose:
            print("%-9s %s:%s [%s] w%s s%s %s" % (status, e["file"], e["kernel"], e["signature"], e["num_warps"],
                                                   e["num_stages"], diag))
    print("corpus %s: %d specialisations of %d kernels: compiled %d, refused %d, internal error %d%s"
          % (args.capture_dir, len(entries), len(per_kernel), counts["compiled"], counts["refused"],
             counts["internal"], ", missing file %d" % counts["missing"] if counts["missing"] else ""))
    # Warnings by kind, with the kernels that had them (a HostCondition
    # warning is a branch tritonc assumed; the drop-in decides it).
    warned = OrderedDict()
    for e, (_, _, kinds) in zip(entries, results):
        for kind in sorted(kinds):
            warned.setdefault(kind, set()).add(e["kernel"])
    for kind, kernels in warned.items():
        print("  warning  %s in %d kernels: %s" % (kind, len(kernels), ", ".join(sorted(kernels))))
    groups = OrderedDict()
    for e, (status, diag, _) in zip(entries, results):
        if status in ("refused", "internal", "missing"):
            groups.setdefault((status, diagnostic_kind(diag)), []).append((e, diag))
    for (status, kind), items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        kernels = sorted({e["kernel"] for e, _ in items})
        print("  %-8s %3d  %s  (%s)  e.g. %s" % (status, len(items), kind, ", ".join(kernels[:6]) +
                                                 (", ..." if len(kernels) > 6 else ""), items[0][1][:200]))
    if args.keep and args.against:
        report_changes(entries, results, args.keep, args.against, emit, args.verbose)
    return 1 if counts["internal"] else 0


def report_changes(entries, results, new_dir, old_dir, emit, verbose):
    """The specialisations compiled in both runs whose outputs differ (with
    what tritonc added beside them), by kernel."""
    changed, compared = Counter(), Counter()
    for i, (e, (status, _, _)) in enumerate(zip(entries, results)):
        old, new = (os.path.join(d, "%04d.%s" % (i, emit)) for d in (old_dir, new_dir))
        if status != "compiled" or not os.path.exists(old):
            continue
        compared[e["kernel"]] += 1
        if kept_outputs(old, emit) != kept_outputs(new, emit):
            changed[e["kernel"]] += 1
            if verbose:
                print("changed   %04d %s [%s] w%s s%s" % (i, e["kernel"], e["signature"], e["num_warps"],
                                                        e["num_stages"]))
    print("against %s: %d of %d outputs differ" % (old_dir, sum(changed.values()), sum(compared.values())))
    for kernel, n in changed.most_common():
        print("  %4d/%-4d %s" % (n, compared[kernel], kernel))


if __name__ == "__main__":
    sys.exit(main())
