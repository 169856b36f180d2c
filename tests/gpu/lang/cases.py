"""The `# CASE {json}` lines of a kernel file: which kernel, grid, warps and
parameters, in order. A parameter is [name, "*dtype", numel, init] for a
buffer (init: randn[:scale], int[:lo:hi], bits, list:v,v,..., out),
[name, "i32", value] for a run-time scalar, or [name, value] for a
constexpr. Shared by make_bundle.sh (no torch) and langcheck.py."""
import json


def parse_cases(path):
    cases = []
    base = path.rsplit("/", 1)[-1][:-3]
    for line in open(path):
        if line.startswith("# CASE "):
            case = json.loads(line[len("# CASE "):])
            case["id"] = f"{base}.{case.get('name', case['kernel'])}"
            cases.append(case)
    return cases


def signature_of(case):
    entries = []
    for param in case["params"]:
        if len(param) == 4:
            entries.append(param[1] if ":" in param[1] else param[1] + ":16")
        elif len(param) == 3:
            entries.append(param[1])
        else:
            value = param[1]
            entries.append("True" if value is True else "False" if value is False else
                           "None" if value is None else json.dumps(value) if isinstance(value, str) else str(value))
    return ", ".join(entries)


if __name__ == "__main__":  # make_bundle.sh: one tab-separated line per case
    import sys
    for path in sys.argv[1:]:
        for case in parse_cases(path):
            print("\t".join([path, case["kernel"], case["id"], signature_of(case), str(case.get("warps", 4))]))
