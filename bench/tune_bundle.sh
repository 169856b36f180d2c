#!/usr/bin/env bash
# Compiles samples/matmul.py with every configuration of its
# @triton.autotune into OUT_DIR/matmul.h (PTX and metadata beside it) and
# copies tritonc-tune's sources, the shapes, the argument recipe and the
# scripts, so that OUT_DIR alone tunes and benchmarks on a GPU machine:
#
#   bench/tune_bundle.sh BUILD_DIR OUT_DIR [TUNE_JSON...]   (here)
#   bash OUT_DIR/run.sh OUT_DIR                           (there)
#
# With tuning files (from an earlier run), OUT_DIR/matmul_tuned.h bakes
# them in as well, and run.sh times its launch() too.
set -euo pipefail
build=$(cd "${1:?usage: $0 BUILD_DIR OUT_DIR [TUNE_JSON...]}" && pwd)
mkdir -p "${2:?usage: $0 BUILD_DIR OUT_DIR [TUNE_JSON...]}"
out=$(cd "$2" && pwd)
shift 2
repo=$(cd "$(dirname "$0")/.." && pwd)
signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 'gelu'"
grid="cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N), 1, 1"
compile() { # name, extra options...
  local name=$1
  shift
  "$build/tritonc" "$repo/samples/matmul.py" --kernel matmul_bias_act --signature "$signature" --grid "$grid" \
    --arch sm_90a -o "$out/$name.ptx" --header "$out/$name.h" "$@"
}
compile matmul
tuning=()
for file in "$@"; do
  tuning+=(--tuning "$(cd "$(dirname "$file")" && pwd)/$(basename "$file")")
done
rm -f "$out/matmul_tuned.h"
if [ ${#tuning[@]} -gt 0 ]; then
  compile matmul_tuned "${tuning[@]}"
fi
mkdir -p "$out/tune"
cp "$repo"/tools/tritonc-tune/*.h "$repo"/tools/tritonc-tune/*.cpp "$out/tune/"
cp "$repo/samples/matmul.py" "$repo/bench/autotune/shapes.txt" "$repo/bench/autotune/matmul.args" \
   "$repo/bench/autotune/run.sh" "$repo/bench/autotune/autotune_bench.py" "$out/"
echo "bundle ready in $out: bash $out/run.sh $out"
