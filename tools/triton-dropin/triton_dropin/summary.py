"""Tables from one or more drop-in reports (TRITON_DROPIN_REPORT files):

    python -m triton_dropin.summary [--markdown] [--require-clean] REPORT.json...

Per test file: tests run, passed, and passed *clean* (every launch served by
tritonc, none mismatched: the pass rate that measures tritonc); a test
started but cut short by a time box counts as interrupted. Per kernel:
specialisations compiled / refused / internal error / unsupported, launches,
mismatches and the first diagnostic. With --require-clean the exit status is
1 unless every launch was served by tritonc without a mismatch.
"""
import argparse
import json
import math
import os
import sys
from collections import OrderedDict


def load(paths):
    kernels, tests = OrderedDict(), OrderedDict()
    for path in paths:
        with open(path) as f:
            rep = json.load(f)
        for k in rep["kernels"]:
            key = (k["file"], k["kernel"])
            if key not in kernels:
                kernels[key] = k
                continue
            mine = kernels[key]
            for sig, s in k["specialisations"].items():
                mine["specialisations"].setdefault(sig, s)
            for how, n in k["launches"].items():
                mine["launches"][how] = mine["launches"].get(how, 0) + n
            mine["mismatched_launches"] += k["mismatched_launches"]
            for sig, pairs in k.get("timings", {}).items():
                mine.setdefault("timings", {}).setdefault(sig, []).extend(pairs)
            mine["mismatches"] += k["mismatches"][: max(0, 5 - len(mine["mismatches"]))]
        tests.update(rep.get("tests", {}))
    return kernels, tests


def clean(t):
    return t["outcome"] == "passed" and t["fallback"] == 0 and t["mismatch"] == 0 and t["tritonc"] > 0


def file_rows(tests):
    rows = OrderedDict()
    for nodeid, t in tests.items():
        r = rows.setdefault(nodeid.split("::")[0], OrderedDict(
            (k, 0) for k in ("tests", "passed", "clean", "fallback", "mismatch", "failed", "skipped",
                             "interrupted", "no kernel")))
        r["tests"] += 1
        r["passed"] += t["outcome"] == "passed"
        r["clean"] += clean(t)
        r["fallback"] += t["fallback"] > 0
        r["mismatch"] += t["mismatch"] > 0
        r["failed"] += t["outcome"] == "failed"
        r["skipped"] += t["outcome"] == "skipped"
        # Started but never reported: the run was cut short (a time box).
        r["interrupted"] += t["outcome"] == ""
        r["no kernel"] += t["outcome"] == "passed" and t["tritonc"] + t["fallback"] + t.get("triton", 0) == 0
    for r in rows.values():
        add_rate(r)
    return rows


def add_rate(r):
    """Clean passes over the tests that ran a kernel to the end."""
    ran = r["tests"] - r["skipped"] - r["interrupted"] - r["no kernel"]
    r["pass rate"] = "%d%%" % round(100.0 * r["clean"] / ran) if ran else "-"


def first_problem(k):
    if k["mismatches"]:
        return "mismatch: " + k["mismatches"][0]
    for s in k["specialisations"].values():
        if s["status"] in ("refused", "internal", "unsupported"):
            return "%s: %s" % (s["status"], s["diagnostic"])
    return ("fallback: " + k["fallback_reasons"][0]) if k.get("fallback_reasons") else ""


def kernel_rows(kernels):
    out = []
    for (file, name), k in kernels.items():
        counts = {}
        for s in k["specialisations"].values():
            counts[s["status"]] = counts.get(s["status"], 0) + 1
        out.append(OrderedDict([
            ("kernel", "%s:%s" % (os.path.basename(file), name)),
            ("compiled", counts.get("compiled", 0)), ("refused", counts.get("refused", 0)),
            ("internal", counts.get("internal", 0)), ("unsupported", counts.get("unsupported", 0)),
            ("tritonc", k["launches"].get("tritonc", 0)), ("fallback", k["launches"].get("fallback", 0)),
            ("mismatched", k["mismatched_launches"]), ("first problem", first_problem(k)[:200])]))
    return out


def speed_rows(kernels):
    """`time` mode: per specialisation, the median GPU time of its timed
    launches under each compiler, and per kernel and overall the geometric
    mean of Triton's time over tritonc's (above 1: tritonc faster)."""
    out, logs = [], []
    for (file, name), k in kernels.items():
        for sig, pairs in k.get("timings", {}).items():
            pairs = [p for p in pairs if p[0] > 0 and p[1] > 0]
            if not pairs:
                continue
            theirs = sorted(p[0] for p in pairs)[len(pairs) // 2]
            ours = sorted(p[1] for p in pairs)[len(pairs) // 2]
            logs.append(math.log(theirs / ours))
            out.append(OrderedDict([("kernel", "%s:%s" % (os.path.basename(file), name)), ("specialisation", sig),
                                    ("launches", len(pairs)), ("Triton us", "%.2f" % theirs),
                                    ("tritonc us", "%.2f" % ours), ("ratio", "%.2f" % (theirs / ours))]))
    if logs:
        out.append(OrderedDict([("kernel", "geometric mean"), ("specialisation", ""), ("launches", len(logs)),
                                ("Triton us", ""), ("tritonc us", ""),
                                ("ratio", "%.2f" % math.exp(sum(logs) / len(logs)))]))
    return out


def render(rows, markdown, title):
    if not rows:
        return title + ": none"
    heads = list(rows[0])
    if markdown:
        lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
        for r in rows:
            lines.append("| " + " | ".join(str(v).replace("|", "\\|") for v in r.values()) + " |")
        return "\n".join([title, ""] + lines)
    widths = [max(len(h), *(len(str(r[h])) for r in rows)) for h in heads]
    lines = [title, "  ".join(h.ljust(w) for h, w in zip(heads, widths))]
    for r in rows:
        lines.append("  ".join(str(r[h]).ljust(w) for h, w in zip(heads, widths)))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("reports", nargs="+")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--require-clean", action="store_true")
    args = ap.parse_args(argv)
    kernels, tests = load(args.reports)
    files = [OrderedDict([("test file", f)] + list(r.items())) for f, r in file_rows(tests).items()]
    if files:
        total = OrderedDict([("test file", "total")] + [(k, sum(r[k] for r in files)) for k in list(files[0])[1:-1]])
        add_rate(total)
        files.append(total)
        print(render(files, args.markdown, "Tests (clean = passed, every launch by tritonc, no mismatch)"))
        print()
    krows = kernel_rows(kernels)
    print(render(krows, args.markdown, "Kernels"))
    speed = speed_rows(kernels)
    if speed:
        print()
        print(render(speed, args.markdown, "GPU time per launch, launch overhead excluded (ratio: Triton / tritonc)"))
    if args.require_clean:
        dirty = [r["kernel"] for r in krows if r["fallback"] or r["mismatched"] or not r["tritonc"]]
        if dirty:
            print("not clean: " + ", ".join(dirty), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
