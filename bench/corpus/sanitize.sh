#!/usr/bin/env bash
# Issue 26's sanitizer check of the matmul corpus, on the GPU machine:
# every case compiled by tritonc (the drop-in's `replace` mode) and run once
# at a small ragged size under compute-sanitizer's memcheck, then racecheck
# (shared-memory hazards: the pipelined rings, the epilogue's staging).
#
#   TRITONC=PATH/tritonc bash bench/corpus/sanitize.sh OUT_DIR [CASE...]
#
# Prints each tool's summary line and each case's verdict; the full reports
# are OUT_DIR/memcheck.txt and OUT_DIR/racecheck.txt.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: sanitize.sh OUT_DIR [CASE...]}
shift
mkdir -p "$out"
: "${TRITONC:?set TRITONC to the tritonc binary (the drop-in falls back to Triton without it)}"
for tool in memcheck racecheck; do
  TRITON_DROPIN_MODE=replace PYTHONPATH="$repo/tools/triton-dropin" \
    compute-sanitizer --tool "$tool" --target-processes all \
    python3 -m triton_dropin "$repo/bench/corpus/matmul_corpus.py" --small "$@" > "$out/$tool.txt" 2>&1
  echo "== $tool (exit $?)"
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY| ok | WRONG|error:" "$out/$tool.txt" | grep -v "^kernel" | head -60
done
