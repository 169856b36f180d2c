#!/usr/bin/env bash
# Issue 26's sanitizer check of the matmul corpus, on the GPU machine:
# every case compiled by tritonc (the drop-in's `replace` mode) and run once
# at a small ragged size under compute-sanitizer's memcheck, then racecheck
# (shared-memory hazards: the pipelined rings, the epilogue's staging).
#
#   TRITONC=PATH/tritonc [SANITIZE_GROUPS=4] bash bench/corpus/sanitize.sh OUT_DIR [CASE...]
#
# Without CASE names, every case of the corpus. The cases are dealt round
# SANITIZE_GROUPS processes that run side by side: a case under the
# sanitizers is CPU-bound, ~25 s for both tools one after the other, so the
# whole corpus in one process would not fit a 600 s device call; four
# processes take ~80 s.
# Prints each tool's summary line and each case's verdict per group; the
# full reports are OUT_DIR/gN/memcheck.txt and OUT_DIR/gN/racecheck.txt,
# whose drop-in table says whether any launch fell back to Triton.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: sanitize.sh OUT_DIR [CASE...]}
shift
mkdir -p "$out"
: "${TRITONC:?set TRITONC to the tritonc binary (the drop-in falls back to Triton without it)}"
groups=${SANITIZE_GROUPS:-4}  # not GROUPS: bash owns that name
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  mapfile -t cases < <(python3 -c 'import ast, sys
tree = ast.parse(open(sys.argv[1]).read())
for node in tree.body:
    if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "CASES":
        print("\n".join(key.value for key in node.value.keys))' "$repo/bench/corpus/matmul_corpus.py")
fi

sanitize_group() {
  local dir=$1
  shift
  mkdir -p "$dir"
  for tool in memcheck racecheck; do
    TRITON_DROPIN_MODE=replace TRITON_DROPIN_CACHE="$dir/cache" PYTHONPATH="$repo/tools/triton-dropin" \
      compute-sanitizer --tool "$tool" --target-processes all \
      python3 -m triton_dropin "$repo/bench/corpus/matmul_corpus.py" --small "$@" > "$dir/$tool.txt" 2>&1
    echo "== $tool (exit $?)"
    grep -E "ERROR SUMMARY|RACECHECK SUMMARY| ok | WRONG|error:" "$dir/$tool.txt" | grep -v "^kernel" | head -60
  done
  rm -rf "$dir/cache"
}

for ((g = 0; g < groups && g < ${#cases[@]}; g++)); do
  mine=()
  for ((i = g; i < ${#cases[@]}; i += groups)); do mine+=("${cases[i]}"); done
  sanitize_group "$out/g$((g + 1))" "${mine[@]}" > "$out/g$((g + 1)).log" 2>&1 &
done
wait
cat "$out"/g*.log
