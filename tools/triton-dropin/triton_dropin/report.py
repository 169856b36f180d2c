"""What happened to each kernel and each test: the table printed at exit and
the JSON written to TRITON_DROPIN_REPORT."""
import math
import os
from collections import OrderedDict


class KernelRecord:
    def __init__(self, name, file):
        self.name = name
        self.file = file
        self.specs = OrderedDict()  # signature key -> {"status", "diagnostic", "seconds", "notes"}
        self.launches = {"tritonc": 0, "fallback": 0, "triton": 0}
        self.mismatched_launches = 0
        self.mismatches = []  # first few, as lines
        self.fallback_reasons = []
        self.timings = OrderedDict()  # signature key -> [[Triton µs, tritonc µs], ...] (`time` mode)
        self._records = None

    @staticmethod
    def _key(spec):
        return "%s | warps=%s stages=%s%s%s" % (spec.signature or "(%s)" % spec.unsupported, spec.num_warps,
                                                spec.num_stages, " maxnreg=%s" % spec.maxnreg if spec.maxnreg else "",
                                                " fp32=%s" % spec.fp32_default if spec.fp32_default else "")

    def _spec(self, spec):
        return self.specs.setdefault(self._key(spec), {"status": "", "diagnostic": "", "seconds": 0.0, "notes": []})

    def spec_status(self, spec, status, diagnostic, seconds=0.0):
        s = self._spec(spec)
        s.update(status=status, diagnostic=diagnostic, seconds=round(seconds, 3))

    def notes_containing(self, spec, marker):
        return sum(marker in n for n in self._spec(spec)["notes"])

    def note(self, spec, text):
        notes = self._spec(spec)["notes"]
        if text not in notes:
            notes.append(text)

    def fallback_reason(self, spec, text):
        if text not in self.fallback_reasons:
            self.fallback_reasons.append(text)
        self.note(spec, text)

    def timed_count(self, spec):
        return len(self.timings.get(self._key(spec), []))

    def timed(self, spec, triton_us, tritonc_us):
        self.timings.setdefault(self._key(spec), []).append([round(triton_us, 3), round(tritonc_us, 3)])

    def speed_ratio(self):
        """Triton's time over tritonc's, geometric mean over the timed launches
        (above 1: tritonc faster); None when nothing was timed."""
        pairs = [p for launches in self.timings.values() for p in launches if p[0] > 0 and p[1] > 0]
        if not pairs:
            return None
        return math.exp(sum(math.log(t / o) for t, o in pairs) / len(pairs))

    def launch(self, how):
        self.launches[how] += 1
        self._records.test_event(how)

    def compared(self, spec, mismatches):
        if not mismatches:
            return
        self.mismatched_launches += 1
        self._records.test_event("mismatch")
        if len(self.mismatches) < 5:
            self.mismatches.append("[%s] %s" % (spec.signature, "; ".join(m.line() for m in mismatches)))

    def status_counts(self):
        counts = {}
        for s in self.specs.values():
            counts[s["status"]] = counts.get(s["status"], 0) + 1
        return counts

    def first_diagnostic(self):
        for s in self.specs.values():
            if s["status"] in ("refused", "internal", "unsupported") and s["diagnostic"]:
                return s["diagnostic"]
        return self.fallback_reasons[0] if self.fallback_reasons else ""

    def to_json(self):
        return {"kernel": self.name, "file": self.file, "specialisations": self.specs,
                "launches": self.launches, "mismatched_launches": self.mismatched_launches,
                "mismatches": self.mismatches, "fallback_reasons": self.fallback_reasons, "timings": self.timings}


class Records:
    def __init__(self):
        self.kernels = OrderedDict()
        self.tests = OrderedDict()
        self.current_test = None
        self.finished = False

    def kernel(self, jit_fn):
        fn = jit_fn.fn
        file = getattr(fn.__code__, "co_filename", "?")
        key = (file, fn.__qualname__)
        if key not in self.kernels:
            rec = KernelRecord(fn.__qualname__, file)
            rec._records = self
            self.kernels[key] = rec
        return self.kernels[key]

    def _test(self, nodeid):
        return self.tests.setdefault(nodeid, {"outcome": "", "tritonc": 0, "fallback": 0, "triton": 0,
                                              "mismatch": 0})

    def test_event(self, what):
        if self.current_test:
            self._test(self.current_test)[what] += 1

    def test_outcome(self, nodeid, when, outcome, failure=None):
        t = self._test(nodeid)
        if failure and "failure" not in t:
            t["failure"] = failure
        if outcome == "failed" or (when == "call" and not t["outcome"]) or (
                outcome == "skipped" and t["outcome"] != "failed"):
            t["outcome"] = outcome
        if when == "teardown" and self.current_test == nodeid:
            self.current_test = None

    def table(self, mode):
        rows = [("kernel", "compiled", "refused", "internal", "unsupported", "tritonc", "fallback",
                 "mismatched", "first diagnostic / mismatch")]
        for rec in self.kernels.values():
            c = rec.status_counts()
            detail = rec.mismatches[0] if rec.mismatches else rec.first_diagnostic()
            if mode == "time" and rec.speed_ratio() is not None:
                detail = "Triton time / tritonc time %.2fx over %d launches; %s" % (
                    rec.speed_ratio(), sum(len(v) for v in rec.timings.values()), detail)
            rows.append((rec.name, c.get("compiled", 0), c.get("refused", 0), c.get("internal", 0),
                         c.get("unsupported", 0), rec.launches["tritonc"], rec.launches["fallback"],
                         rec.mismatched_launches, detail[:160]))
        widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]) - 1)]
        lines = ["triton-dropin (%s mode): specialisations compiled/refused/internal/unsupported, "
                 "launches by tritonc / fallen back to Triton / mismatched" % mode]
        for r in rows:
            lines.append("  ".join(str(v).ljust(w) for v, w in zip(r, widths)) + "  " + str(r[-1]))
        if self.tests:
            n = len(self.tests)
            clean = sum(1 for t in self.tests.values() if _clean(t))
            passed = sum(1 for t in self.tests.values() if t["outcome"] == "passed")
            lines.append("tests: %d, passed %d, passed with every launch by tritonc and no mismatch %d"
                         % (n, passed, clean))
        return "\n".join(lines)

    def to_json(self, mode, arch):
        return {"mode": mode, "arch": arch, "cwd": os.getcwd(),
                "kernels": [r.to_json() for r in self.kernels.values()], "tests": self.tests}


def _clean(t):
    return t["outcome"] == "passed" and t["fallback"] == 0 and t["mismatch"] == 0 and t["tritonc"] > 0
