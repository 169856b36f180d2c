#!/usr/bin/env bash
# CPU-only differential testing, for CI: N programs from gen.py (seeds
# SEED..SEED+N-1), each compiled by tritonc for sm_90a and sm_80 (ptxas
# checks the PTX where it is installed) and run on the interpreter.
#   cpu_check.sh BUILD_DIR N SEED
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build="$1"; n="$2"; seed="$3"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/gen.py" --seed "$seed" --count "$n" --out "$work"
python3 "$here/check.py" --tritonc "$build/tritonc" -j "$(nproc)" "$work"/dt_*.py
