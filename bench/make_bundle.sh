#!/usr/bin/env bash
# Compiles every case in bench/cases.txt with BUILD_DIR/tritonc into
# OUT_DIR (PTX + metadata + header per case) and copies the samples and the
# GPU-side scripts and host program, so OUT_DIR alone runs on a GPU machine:
#
#   bench/make_bundle.sh BUILD_DIR OUT_DIR     (here)
#   python3 OUT_DIR/samples_bench.py OUT_DIR   (there)
#   OUT_DIR/host/build.sh BINARY && BINARY     (there: the headers' launch())
set -euo pipefail
trim() { local s="$1"; s="${s#"${s%%[![:space:]]*}"}"; echo "${s%"${s##*[![:space:]]}"}"; }
build=$(cd "${1:?usage: $0 BUILD_DIR OUT_DIR}" && pwd)
mkdir -p "${2:?usage: $0 BUILD_DIR OUT_DIR}"
out=$(cd "$2" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
while IFS='|' read -r name sample kernel signature warps; do
  name=$(trim "$name")
  [ -z "$name" ] || [ "${name:0:1}" = "#" ] && continue
  sample=$(trim "$sample"); kernel=$(trim "$kernel")
  signature=$(trim "$signature"); warps=$(trim "$warps")
  if [[ "$sample" == *.tir ]]; then # codegen checks written in tile IR; the signature column holds options
    options=(); [ "$signature" = "-" ] || read -ra options <<< "$signature"
    "$build/tritonc" "$repo/tests/gpu/kernels/$sample" --num-warps "$warps" "${options[@]}" -o "$out/$name.ptx"
    continue
  fi
  source="$repo/samples/$sample"
  [[ "$sample" == kernels/* ]] && source="$repo/tests/$sample" # the language test kernels
  [[ "$sample" == gpu/* ]] && source="$repo/tests/gpu/kernels/${sample#gpu/}" # GPU-only checks
  "$build/tritonc" "$source" --kernel "$kernel" --signature "$signature" --num-warps "$warps" \
    -o "$out/$name.ptx" --header "$out/$name.h"
done < "$repo/bench/cases.txt"
cp "$repo"/samples/*.py "$repo/bench/samples_bench.py" "$out/"
cp "$repo/tests/kernels/matmul.py" "$out/matmul.py"
cp "$repo/tests/gpu/kernels/reductions_atomics.py" "$repo/tests/gpu/kernels/transpose.py" "$repo/tests/kernels/fp8.py" \
   "$repo/tests/kernels/block_pointers.py" "$repo/tests/gpu/kernels/row_norm_looped.py" "$out/"
rm -rf "$out/modules"
cp -r "$repo/tests/kernels/modules" "$out/modules"
rm -rf "$out/host"
cp -r "$repo/bench/host" "$out/host"
echo "bundle ready in $out"
