#!/usr/bin/env bash
# The matmul sample (bias + GELU) at each of its large-tile configurations,
# fp16 and bf16, for sm_90a, with the script that times them against
# Triton on the same file and cuBLAS (issue 28):
#
#   bench/hopper_matmul_bundle.sh BUILD_DIR OUT_DIR     (here)
#   python3 OUT_DIR/hopper_matmul.py OUT_DIR             (on the GPU machine)
set -euo pipefail
build=$(cd "${1:?usage: $0 BUILD_DIR OUT_DIR}" && pwd)
mkdir -p "${2:?usage: $0 BUILD_DIR OUT_DIR}"
out=$(cd "$2" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
: > "$out/ptxas_report.txt"
for dtype in fp16 bf16; do
  # "ws": the same with --warp-specialize (a producer warpgroup copies).
  for config in "128 128 64 8 3" "128 256 64 8 3" "256 128 64 8 3" "128 256 64 8 4" "128 256 64 8 3 ws" \
    "128 256 64 8 4 ws"; do
    read -r bm bn bk warps stages ws <<< "$config"
    name="mm_${dtype}_${bm}x${bn}x${bk}_w${warps}_s${stages}${ws:+_$ws}"
    "$build/tritonc" "$repo/samples/matmul.py" --arch sm_90a --num-warps "$warps" --num-stages "$stages" \
      --signature "*$dtype:16, *$dtype:16, *$dtype:16, *$dtype:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, $bm, $bn, $bk, 8, 'gelu'" \
      -o "$out/$name.ptx" ${TRITONC_FLAGS:-} ${ws:+--warp-specialize}
    echo "$name: $("$ptxas" -v -arch=sm_90a "$out/$name.ptx" -o /dev/null 2>&1 | grep -E "registers|spill" | tr '\n' ' ')" \
      | tee -a "$out/ptxas_report.txt"
  done
  # The same product and epilogue with A and B read by TMA, then also
  # persistent (bench/hopper_forms.py): what each form is worth; the last
  # asks for warp specialisation on its tile loop, as Triton spells it.
  for form in mm_desc_gelu mm_desc_gelu_persistent mm_desc_gelu_persistent_ws; do
    programs=""; [ $form != mm_desc_gelu ] && programs="i32, "
    name="form_${form}_${dtype}"
    "$build/tritonc" "$repo/bench/hopper_forms.py" --kernel $form --arch sm_90a --num-warps 8 --num-stages 3 \
      --signature "*$dtype:16, *$dtype:16, *$dtype:16, *$dtype:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, ${programs}128, 256, 64, 8" \
      -o "$out/$name.ptx" ${TRITONC_FLAGS:-}
    echo "$name: $("$ptxas" -v -arch=sm_90a "$out/$name.ptx" -o /dev/null 2>&1 | grep -E "registers|spill" | tr '\n' ' ')" \
      | tee -a "$out/ptxas_report.txt"
  done
  # The descriptor form again, its copies by a producer warpgroup, then
  # also persistent (--warp-specialize, --persistent).
  for flags in "ws:--warp-specialize" "wsp:--warp-specialize --persistent"; do
    name="form_mm_desc_gelu_${flags%%:*}_${dtype}"
    "$build/tritonc" "$repo/bench/hopper_forms.py" --kernel mm_desc_gelu --arch sm_90a --num-warps 8 --num-stages 3 \
      --signature "*$dtype:16, *$dtype:16, *$dtype:16, *$dtype:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 256, 64, 8" \
      -o "$out/$name.ptx" ${TRITONC_FLAGS:-} ${flags#*:}
    echo "$name: $("$ptxas" -v -arch=sm_90a "$out/$name.ptx" -o /dev/null 2>&1 | grep -E "registers|spill" | tr '\n' ' ')" \
      | tee -a "$out/ptxas_report.txt"
  done
  for variant in "1 1" "0 0" "0 1"; do
    read -r epilogue tma_store <<< "$variant"
    name="variant_e${epilogue}_t${tma_store}_${dtype}"
    "$build/tritonc" "$repo/bench/hopper_forms.py" --kernel mm_desc_persistent_variant --arch sm_90a --num-warps 8 \
      --num-stages 3 -o "$out/$name.ptx" ${TRITONC_FLAGS:-} --signature \
      "*$dtype:16, *$dtype:16, *$dtype:16, *$dtype:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32, 128, 256, 64, 8, $epilogue, $tma_store"
    echo "$name: $("$ptxas" -v -arch=sm_90a "$out/$name.ptx" -o /dev/null 2>&1 | grep -E "registers|spill" | tr '\n' ' ')" \
      | tee -a "$out/ptxas_report.txt"
  done
done
cp "$repo/samples/matmul.py" "$repo/bench/hopper_forms.py" "$repo/bench/samples_bench.py" "$repo/bench/hopper_matmul.py" "$out/"
echo "bundle ready in $out"
