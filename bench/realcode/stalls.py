"""Where a kernel's warps wait, from ncu's per-instruction stall samples:

    python3 bench/realcode/stalls.py FILE.source.csv [--top 20]

FILE is `ncu -i REPORT --page source --print-source sass --csv` (what
device_round.sh's ncu phase writes). For each kernel in it: the share of
samples per stall reason, then the instructions holding the most samples
with their two main reasons, and the instructions executed per opcode."""
import argparse
import csv
import io


def kernels(text):
    """(name, rows as dicts) for each kernel section of the export."""
    marker = '"Kernel Name",'
    for part in text.split(marker)[1:]:
        name, _, body = part.partition("\n")
        rows = list(csv.reader(io.StringIO(body)))
        header = rows[0]
        yield name.strip('",'), [dict(zip(header, r)) for r in rows[1:] if len(r) == len(header)]


def number(row, key):
    try:
        return float(row.get(key) or 0)
    except ValueError:
        return 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("source_csv")
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    with open(args.source_csv) as f:
        text = f.read()
    for name, rows in kernels(text):
        if not rows:
            continue
        reasons = [k for k in rows[0] if k.startswith("stall_") and "Not Issued" not in k]
        total = sum(number(r, "Warp Stall Sampling (All Samples)") for r in rows) or 1.0
        executed = sum(number(r, "Instructions Executed") for r in rows)
        print(f"== {name}: {total:.0f} samples, {executed:.4g} instructions executed")
        shares = sorted(((sum(number(r, k) for r in rows) / total, k[6:]) for k in reasons), reverse=True)
        print("   " + ", ".join(f"{k} {100 * v:.1f}%" for v, k in shares[:8]))
        for r in sorted(rows, key=lambda r: -number(r, "Warp Stall Sampling (All Samples)"))[: args.top]:
            main_reasons = sorted(((number(r, k), k[6:]) for k in reasons), reverse=True)[:2]
            share = number(r, "Warp Stall Sampling (All Samples)") / total
            print(f"   {r['Address'][-5:]} {r['Source'][:64]:64} {100 * share:5.1f}%  "
                  + ", ".join(f"{k} {100 * v / total:.1f}" for v, k in main_reasons))
        per_opcode = {}
        for r in rows:
            words = r["Source"].split()
            if not words:
                continue
            opcode = (words[1] if words[0].startswith("@") and len(words) > 1 else words[0]).split(".")[0]
            per_opcode[opcode] = per_opcode.get(opcode, 0.0) + number(r, "Instructions Executed")
        print("   executed: " + ", ".join(f"{k} {v:.3g}" for k, v in
                                          sorted(per_opcode.items(), key=lambda kv: -kv[1])[:14]))


if __name__ == "__main__":
    main()
