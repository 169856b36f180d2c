#!/usr/bin/env bash
# A code base's own pytest files under triton-dropin (compare mode by
# default), one pytest process per file, several at a time, each time-boxed;
# every distinct specialisation is captured for compile_corpus.py.
#
#   bench/realcode/run_pytest.sh CHECKOUT OUT_DIR [-p PYTHONPATH_DIRS] TEST_FILE...
#
#   CHECKOUT   the code base's root (pytest runs there; captured paths are
#              relative to it)
#   -p DIRS    colon-separated folders (relative to CHECKOUT) put on
#              PYTHONPATH, e.g. `src` for a src-layout package
#   env        DROPIN_JOBS (default 4) processes at a time, DROPIN_TIMEOUT
#              (default 300) seconds per file, DROPIN_PYTEST_ARGS (extra
#              pytest arguments, e.g. FlagGems' `--mode quick`),
#              TRITON_DROPIN_MODE, TRITONC
#
# Writes OUT_DIR/<file>.log, OUT_DIR/<file>.json (the drop-in report),
# OUT_DIR/capture/*.json, and prints the summary tables.
set -uo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
checkout=$(cd "$1" && pwd)
mkdir -p "$2" && out=$(cd "$2" && pwd)
shift 2
extra=""
if [ "${1:-}" = "-p" ]; then
  IFS=: read -ra dirs <<< "$2"
  for d in "${dirs[@]}"; do extra="$extra:$checkout/$d"; done
  shift 2
fi
export PYTHONPATH="$repo/tools/triton-dropin$extra${PYTHONPATH:+:$PYTHONPATH}"
export TRITON_DROPIN_MODE=${TRITON_DROPIN_MODE:-compare}
export TRITON_DROPIN_CAPTURE_DIR="$out/capture" TRITON_DROPIN_CAPTURE_ROOT="$checkout"
export TRITON_DROPIN_CACHE=${TRITON_DROPIN_CACHE:-$out/cache}
export PYTHONUNBUFFERED=1
jobs=${DROPIN_JOBS:-4}
box=${DROPIN_TIMEOUT:-300}
export DROPIN_PYTEST_ARGS=${DROPIN_PYTEST_ARGS:-}

cd "$checkout"
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c '
  name=$(basename "$1" .py)
  start=$SECONDS
  TRITON_DROPIN_REPORT="$2/$name.json" PYTHONFAULTHANDLER=1 timeout -s TERM -k 20 "$3" python3 -m pytest -p triton_dropin -q -p no:cacheprovider $DROPIN_PYTEST_ARGS "$1" \
    > "$2/$name.log" 2>&1
  rc=$?
  echo "$1: exit $rc after $((SECONDS - start)) s$([ $rc = 124 ] || [ $rc = 137 ] && echo " (time box)")"
' _ {} "$out" "$box"
python3 -m triton_dropin.summary "$out"/*.json
