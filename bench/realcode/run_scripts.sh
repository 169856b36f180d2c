#!/usr/bin/env bash
# Stand-alone scripts (Triton's tutorials, a code base's examples) under
# triton-dropin, one process each, several at a time, time-boxed, benchmarks off; the drop-in
# report and the capture of each land in OUT_DIR.
#
#   bench/realcode/run_scripts.sh OUT_DIR SCRIPT...
#   env   DROPIN_JOBS (default 4) scripts at a time, DROPIN_TIMEOUT (default
#         300) seconds per script, TRITON_DROPIN_MODE
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$1" && out=$(cd "$1" && pwd)
shift
export PYTHONPATH="$repo/tools/triton-dropin${PYTHONPATH:+:$PYTHONPATH}"
export TRITON_DROPIN_MODE=${TRITON_DROPIN_MODE:-compare} TRITON_DROPIN_BENCHMARKS=off PYTHONUNBUFFERED=1
export TRITON_DROPIN_CAPTURE_DIR="$out/capture"
export TRITON_DROPIN_CACHE=${TRITON_DROPIN_CACHE:-$out/cache}
box=${DROPIN_TIMEOUT:-300}
printf '%s\n' "$@" | xargs -P "${DROPIN_JOBS:-4}" -I{} bash -c '
  name=$(basename "$1" .py)
  start=$SECONDS
  cd "$(dirname "$1")" && TRITON_DROPIN_CAPTURE_ROOT=$PWD TRITON_DROPIN_REPORT="$2/$name.json" \
    timeout "$3" python3 -m triton_dropin "$(basename "$1")" > "$2/$name.log" 2>&1
  rc=$?
  echo "$1: exit $rc after $((SECONDS - start)) s$([ $rc = 124 ] && echo " (time box)")"
' _ {} "$out" "$box"
python3 -m triton_dropin.summary "$out"/*.json
