#!/usr/bin/env bash
# On the GPU machine: langcheck.py over every shard of a make_bundle.sh
# bundle, JOBS at a time (the sm_90a shards first, so that the sm_80 pass
# finds Triton's compiled kernels in its cache). Writes to RESULT_DIR the
# per-case lines (results.txt), the dumps of the cases that did not pass
# (dump.jsonl, for triage.py) and the counts (summary.txt). With a
# DEADLINE (seconds from the start), no shard starts or runs past it, so
# the results of the shards that ran are still collected inside a device
# call's time limit (a shard cut off reports what langcheck printed).
#   run_campaign.sh BUNDLE_DIR RESULT_DIR [JOBS] [SECONDS_PER_SHARD] [DEADLINE]
set -uo pipefail
bundle=$(cd "$1" && pwd); result="$2"; jobs="${3:-8}"; limit="${4:-240}"
end=$(( $(date +%s) + ${5:-1000000} ))
mkdir -p "$result"
# One shard. Triton's own LLVM asserts on a few programs and ends the
# process: that program counts as Triton's error and the shard goes on
# after it, while its time lasts.
run_shard() {
  local dir=$1 end=$2 limit=$3 after="" rc left started file
  cd "$dir" && : > log.txt && : > dump.jsonl
  started=$(date +%s)
  while :; do
    left=$(( end - $(date +%s) ))
    if [ "$left" -lt 10 ]; then echo 'exit skipped: deadline' >> log.txt; return; fi
    [ "$left" -gt $(( limit - ($(date +%s) - started) )) ] && left=$(( limit - ($(date +%s) - started) ))
    [ "$left" -lt 10 ] && { echo 'exit 124' >> log.txt; return; }
    timeout "$left" python3 -u langcheck.py . --dump dump.part --after "$after" >> log.txt 2>&1
    rc=$?
    cat dump.part >> dump.jsonl 2>/dev/null; rm -f dump.part
    case $rc in 0|1|124) echo "exit $rc" >> log.txt; return ;; esac
    file=$(grep '^# start ' log.txt | tail -1 | cut -d' ' -f3)
    [ -z "$file" ] || [ "$file" = "$after" ] && { echo "exit $rc" >> log.txt; return; }
    # langcheck marks the launch of tritonc's PTX: an end there is ours.
    if grep '^# ' log.txt | tail -1 | grep -q '^# ours '; then
      printf '%-48s ERROR process ended (exit %s) running tritonc'"'"'s PTX\n' "${file%.py}" "$rc" >> log.txt
    else
      printf '%-48s TRITON-ERROR process ended (exit %s) in Triton, the rest of the shard goes on\n' "${file%.py}" "$rc" >> log.txt
    fi
    after=$file
  done
}
export -f run_shard
for arch in sm_90a sm_80; do
  ls -d "$bundle/$arch".* | xargs -P "$jobs" -I{} bash -c 'run_shard "$1" "$2" "$3"' _ {} "$end" "$limit"
done
: > "$result/results.txt"; : > "$result/dump.jsonl"; : > "$result/other.txt"
for dir in "$bundle"/sm_*; do
  arch=$(basename "$dir"); arch=${arch%.*}
  row='^[^ ]+ +(PASS|MISMATCH|ERROR|NOT-COMPILED|TRITON-ERROR)'
  grep -E "$row" "$dir/log.txt" | sed "s/^/$arch /" >> "$result/results.txt"
  grep -v -E "$row|^[0-9]+/[0-9]+ cases|^# (start|ours) " "$dir/log.txt" | grep -v '^exit [01]$' | sed "s|^|$(basename "$dir"): |" \
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
  skipped=$(grep -l '^exit skipped' "$bundle"/sm_*/log.txt | wc -l)
  cut=$(grep -l '^exit 124$' "$bundle"/sm_*/log.txt | wc -l)
  [ "$skipped$cut" = "00" ] || echo "shards skipped at the deadline: $skipped; cut off by their time limit: $cut"
} > "$result/summary.txt"
cat "$result/summary.txt"
