#!/usr/bin/env bash
# Prepares the RoPE study (bench/rope_study.py) for a GPU machine: compiles,
# with BUILD_DIR/tritonc, every specialisation the study launches (RoPE
# forward and backward at each swept shape, softmax, matmul) into OUT_DIR as
# PTX + metadata + launcher header, writes one C wrapper per header, and
# copies the kernel files, the CUDA kernel and the script, so that OUT_DIR
# alone is all the GPU machine needs:
#
#   bench/rope_study.sh BUILD_DIR OUT_DIR       (here)
#   python3 OUT_DIR/rope_study.py OUT_DIR       (there: writes OUT_DIR/plots/*.png)
#
# The plots committed under bench/plots/ come from that second command.
set -euo pipefail
build=$(cd "${1:?usage: $0 BUILD_DIR OUT_DIR}" && pwd)
mkdir -p "${2:?usage: $0 BUILD_DIR OUT_DIR}"
out=$(cd "$2" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
python3 "$repo/bench/rope_study.py" --list > "$out/specialisations.txt"
count=0
while IFS='|' read -r name file kernel signature warps options; do
  read -ra extra <<< "$options"
  "$build/tritonc" "$repo/$file" --kernel "$kernel" --signature "$signature" --num-warps "$warps" \
    ${extra[@]+"${extra[@]}"} -o "$out/$name.ptx" --header "$out/$name.h"
  count=$((count + 1))
done < "$out/specialisations.txt"
cp "$repo/samples/rope.py" "$repo/samples/softmax.py" "$repo/samples/matmul.py" \
   "$repo/bench/rope_study.py" "$repo/bench/rope_cuda.cu" "$out/"
rm -rf "$out/wrappers" "$out/build"
python3 "$out/rope_study.py" --write-wrappers "$out"
echo "$count specialisations compiled; study ready in $out"
echo "on the GPU machine: python3 $out/rope_study.py $out"
