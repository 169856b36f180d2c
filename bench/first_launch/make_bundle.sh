#!/usr/bin/env bash
# First launch with an embedded cubin against PTX JIT: builds two headers of
# samples/matmul.py's matmul_bias_act (sm_80 and sm_90a images), one with
# cubins and one without (`--ptxas=`), into OUT_DIR with the host program
# and run.sh, so that OUT_DIR alone runs on a GPU machine:
#
#   bench/first_launch/make_bundle.sh BUILD_DIR OUT_DIR   (here, with ptxas)
#   bash OUT_DIR/run.sh                                   (there)
set -euo pipefail
build=$(cd "${1:?usage: $0 BUILD_DIR OUT_DIR}" && pwd)
mkdir -p "${2:?usage: $0 BUILD_DIR OUT_DIR}"
out=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8, 'gelu'"
for variant in cubin ptx; do
  ptxas=(); [ "$variant" = ptx ] && ptxas=(--ptxas=)
  "$build/tritonc" "$repo/samples/matmul.py" --kernel matmul_bias_act --signature "$signature" --num-warps 8 \
    --arch sm_80,sm_90a "${ptxas[@]}" -o "$out/matmul_$variant.ptx" --header "$out/matmul_$variant.h"
done
grep -q "cubin for" "$out/matmul_cubin.h" || { echo "no ptxas here: the cubin header has no cubin" >&2; exit 1; }
cp "$here/first_launch.cpp" "$here/run.sh" "$out/"
echo "bundle ready in $out"
