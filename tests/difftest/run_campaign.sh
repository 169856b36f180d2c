#!/usr/bin/env bash
# On the GPU machine: langcheck.py over every shard of a make_bundle.sh
# bundle, JOBS at a time (the sm_90a shards first, so that the sm_80 pass
# finds Triton's compiled kernels in its cache). Writes to RESULT_DIR the
# per-case lines (results.txt), the dumps of the cases that did not pass
# (dump.jsonl, for triage.py) and the counts (summary.txt).
#   run_campaign.sh BUNDLE_DIR RESULT_DIR [JOBS] [SECONDS_PER_SHARD]
set -uo pipefail
bundle=$(cd "$1" && pwd); result="$2"; jobs="${3:-8}"; limit="${4:-240}"
mkdir -p "$result"
for arch in sm_90a sm_80; do
  ls -d "$bundle/$arch".* | xargs -P "$jobs" -I{} sh -c \
    "cd {} && timeout $limit python3 langcheck.py . --dump dump.jsonl > log.txt 2>&1; echo \"exit \$?\" >> log.txt"
done
: > "$result/results.txt"; : > "$result/dump.jsonl"; : > "$result/other.txt"
for dir in "$bundle"/sm_*; do
  arch=$(basename "$dir"); arch=${arch%.*}
  row='^[^ ]+ +(PASS|MISMATCH|ERROR|NOT-COMPILED|TRITON-ERROR)'
  grep -E "$row" "$dir/log.txt" | sed "s/^/$arch /" >> "$result/results.txt"
  grep -v -E "$row|^[0-9]+/[0-9]+ cases" "$dir/log.txt" | grep -v '^exit [01]$' | sed "s|^|$(basename "$dir"): |" \
    >> "$result/other.txt"
  [ -f "$dir/dump.jsonl" ] && sed "s/^{/{\"arch\": \"$arch\", /" "$dir/dump.jsonl" >> "$result/dump.jsonl"
done
{
  for arch in sm_90a sm_80; do
    total=$(grep -c "^$arch " "$result/results.txt")
    pass=$(grep -c "^$arch .* PASS$" "$result/results.txt")
    echo "$arch: $pass/$total PASS"
    grep "^$arch " "$result/results.txt" | awk '{print $3}' | sort | uniq -c
  done
} > "$result/summary.txt"
cat "$result/summary.txt"
