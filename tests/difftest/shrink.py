#!/usr/bin/env python3
"""Reduces a failing kernel file (one `# CASE`) to a small one that still
fails the same way, and writes it.

    shrink.py --tritonc build/tritonc IN.py OUT.py --kind INTERNAL [--match TEXT]
    shrink.py IN.py OUT.py --cmd 'SHELL COMMAND WITH {}'

--kind (REFUSED, INTERNAL, CRASH, TIMEOUT, INTERP) keeps a candidate when
check.py classifies it so, and --match when its message also holds TEXT.
--cmd keeps a candidate when the command exits 0 with {} replaced by the
candidate's path and {sig} by its case's signature: any predicate, e.g.
"the interpreter's output differs from this golden file".

Passes, repeated until none makes progress: delete a statement (with the
block it opens, and an `if`'s `else`); replace an assignment's right-hand
side by one of the names it reads; launch a single program. A deletion
that breaks the program makes it fail differently, so the predicate
rejects it.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import check_case  # noqa: E402
from cases import parse_cases, signature_of  # noqa: E402

PROTECTED = re.compile(r"^\s*(pid_m|pid_n|pid|rows|cols|rmask|cmask|mask|offs|offs_t) = ")


def split(text):
    """Head (through the def line), body lines, tail (from the blank line before `# CASE`)."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("def ")) + 1
    end = next(i for i in range(start, len(lines)) if not lines[i].strip() or lines[i].startswith("# CASE"))
    return lines[:start], lines[start:end], lines[end:]


def units(body):
    """[start, end) line ranges of the statements of body, innermost last."""
    out = []
    for i, line in enumerate(body):
        indent = len(line) - len(line.lstrip())
        j = i + 1
        while j < len(body) and (len(body[j]) - len(body[j].lstrip()) > indent or
                                 body[j].lstrip().startswith(("else:", "elif ")) and
                                 len(body[j]) - len(body[j].lstrip()) == indent and line.lstrip().startswith("if ")):
            j += 1
        if not line.lstrip().startswith(("else:", "elif ")):
            out.append((i, j))
    return out


class Shrinker:
    def __init__(self, args):
        self.args = args
        self.tries = 0
        self.work = tempfile.mkdtemp()

    def fails(self, text):
        self.tries += 1
        path = os.path.join(self.work, "candidate.py")
        with open(path, "w") as f:
            f.write(text)
        try:
            cases = parse_cases(path)
        except ValueError:
            return False
        if len(cases) != 1:
            return False
        if self.args.cmd:
            cmd = self.args.cmd.replace("{sig}", signature_of(cases[0])).replace("{}", path)
            return subprocess.run(cmd, shell=True, capture_output=True).returncode == 0
        bad = check_case(self.args.tritonc, path, cases[0], self.args.arch.split(","), self.work)
        return bool(bad) and bad.startswith(self.args.kind) and (self.args.match or "") in bad

    def shrink(self, text):
        progress = True
        while progress:
            progress = False
            head, body, tail = split(text)
            for start, end in reversed(units(body)):
                if PROTECTED.match(body[start]):
                    continue
                candidate = "\n".join(head + body[:start] + body[end:] + tail)
                if self.fails(candidate):
                    text, progress = candidate, True
                    break
            if progress:
                continue
            for i, line in enumerate(body):
                m = re.match(r"^(\s*\w+ = )(.+)$", line)
                if not m or PROTECTED.match(line):
                    continue
                for name in dict.fromkeys(re.findall(r"\b(?:v|acc|x|s)\w*\b", m.group(2))):
                    if name == m.group(2):
                        continue
                    candidate = "\n".join(head + body[:i] + [m.group(1) + name] + body[i + 1:] + tail)
                    if self.fails(candidate):
                        text, progress = candidate, True
                        break
                if progress:
                    break
            if not progress:
                case_line = next(line for line in tail if line.startswith("# CASE "))
                case = json.loads(case_line[len("# CASE "):])
                if case["grid"] != [1] * len(case["grid"]):
                    case["grid"] = [1] * len(case["grid"])
                    candidate = text.replace(case_line, "# CASE " + json.dumps(case))
                    if self.fails(candidate):
                        text, progress = candidate, True
        return text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--tritonc", default="build/tritonc")
    ap.add_argument("--arch", default="sm_90a,sm_80")
    ap.add_argument("--kind", choices=["REFUSED", "INTERNAL", "CRASH", "TIMEOUT", "INTERP"])
    ap.add_argument("--match")
    ap.add_argument("--cmd")
    args = ap.parse_args()
    if not (args.kind or args.cmd):
        ap.error("give --kind or --cmd")
    shrinker = Shrinker(args)
    text = open(args.input).read()
    if not shrinker.fails(text):
        sys.exit(f"{args.input} does not fail as asked; nothing to shrink")
    small = shrinker.shrink(text)
    with open(args.output, "w") as f:
        f.write(small)
    print(f"{args.output}: {len(split(small)[1])} statements from {len(split(text)[1])}, {shrinker.tries} tries")


if __name__ == "__main__":
    main()
