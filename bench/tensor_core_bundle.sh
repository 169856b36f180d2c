#!/usr/bin/env bash
# Compiles every specialisation in bench/tensor_cores.txt with
# BUILD_DIR/tritonc into OUT_DIR (PTX, metadata, header; the ptxas report
# of each beside it) and copies the kernel sources and the GPU-side script,
# so OUT_DIR alone runs on a GPU machine:
#
#   bench/tensor_core_bundle.sh BUILD_DIR OUT_DIR    (here)
#   bash OUT_DIR/run_tensor_cores.sh OUT_DIR          (there)
set -euo pipefail
trim() { local s="$1"; s="${s#"${s%%[![:space:]]*}"}"; echo "${s%"${s##*[![:space:]]}"}"; }
build=$(cd "${1:?usage: $0 BUILD_DIR OUT_DIR}" && pwd)
mkdir -p "${2:?usage: $0 BUILD_DIR OUT_DIR}"
out=$(cd "$2" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
while IFS='|' read -r name file kernel signature warps options; do
  name=$(trim "$name")
  [ -z "$name" ] || [ "${name:0:1}" = "#" ] && continue
  read -ra opts <<< "$(trim "$options")"
  start=$(date +%s%N)
  "$build/tritonc" "$repo/$(trim "$file")" --kernel "$(trim "$kernel")" --signature "$(trim "$signature")" \
    --num-warps "$(trim "$warps")" "${opts[@]}" -o "$out/$name.ptx" --header "$out/$name.h"
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  arch=$(sed -n 's/.*"arch": "\([a-z0-9_]*\)".*/\1/p' "$out/$name.json")
  report=$("$ptxas" -v -arch="$arch" "$out/$name.ptx" -o /dev/null 2>&1 | grep -E "registers|spill" | tr '\n' ' ')
  echo "$name: compile ${ms} ms; ptxas $arch: $report" | tee -a "$out/ptxas_report.txt"
done < "$repo/bench/tensor_cores.txt"
cp "$repo/samples/matmul.py" "$repo/tests/gpu/kernels/dot_dtypes.py" "$repo/bench/samples_bench.py" \
   "$repo/tests/kernels/fused_attention.py" "$repo/tests/gpu/kernels/matmul_forms.py" \
   "$repo/tests/gpu/kernels/tensor_descriptors.py" "$repo/bench/tensor_descriptor_check.py" "$repo/bench/profile_matmul.py" \
   "$repo/bench/matmul_bench.py" "$repo/bench/run_tensor_cores.sh" "$repo/bench/dump_triton_matmul.py" \
   "$repo/bench/ptx_variants.py" "$repo/bench/ptxas_versions.py" "$repo/bench/launch_attributes.py" \
   "$repo/tests/gpu/tma_launcher_test.cpp" "$out/"
echo "bundle ready in $out"
