#!/usr/bin/env bash
# Compiles every specialisation of samples/attention.py that the attention
# GPU run needs with BUILD_DIR/tritonc into OUT_DIR (PTX, metadata, launcher
# header, and the ptxas report of each beside it), then copies the sample,
# the helpers and the GPU-side script, so OUT_DIR alone runs on a GPU
# machine:
#
#   bench/attention_bundle.sh BUILD_DIR OUT_DIR     (here)
#   python3 OUT_DIR/attention_bench.py OUT_DIR      (there)
#
# Per line of bench/attention.txt: fp16 and bf16, causal or not, with
# seq_len unhinted (the ragged checks); for sm_90a also fp16 with seq_len
# hinted i32:16 (the timings: Triton specialises it so at those sizes).
set -euo pipefail
trim() { local s="$1"; s="${s#"${s%%[![:space:]]*}"}"; echo "${s%"${s##*[![:space:]]}"}"; }
build=$(cd "${1:?usage: $0 BUILD_DIR OUT_DIR}" && pwd)
mkdir -p "${2:?usage: $0 BUILD_DIR OUT_DIR}"
out=$(cd "$2" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
: > "$out/ptxas_report.txt"
failed=0

signature() { # kernel dtype seq_len_type head_dim block_m block_n causal
  local t="*$2:16" lse="*fp32:16" strides="i32:16, i32:16, i32:16, i32, $3"
  case $1 in
    attention_fwd) echo "$t, $t, $t, $t, $lse, fp32, $strides, $4, $5, $6, $7" ;;
    attention_bwd_preprocess) echo "$t, $t, $lse, $strides, $4, $5" ;;
    attention_bwd_dkdv) echo "$t, $t, $t, $t, $t, $t, $lse, $lse, fp32, $strides, $4, $5, $6, $7" ;;
    attention_bwd_dq) echo "$t, $t, $t, $t, $t, $lse, $lse, fp32, $strides, $4, $5, $6, $7" ;;
  esac
}

compile() { # name kernel signature warps stages arch [tritonc options...]
  local start ms report
  start=$(date +%s%N)
  if ! "$build/tritonc" "$repo/samples/attention.py" --kernel "$2" --signature "$3" --num-warps "$4" \
      --num-stages "$5" --arch "$6" "${@:7}" -o "$out/$1.ptx" --header "$out/$1.h"; then
    echo "FAILED: $1 ($2: $3)" | tee -a "$out/ptxas_report.txt"
    failed=1
    return
  fi
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  report=$("$ptxas" -v -arch="$6" "$out/$1.ptx" -o /dev/null 2>&1 | grep -E "registers|spill|C75|rror" | tr '\n' ' ')
  echo "$1: compile ${ms} ms; ptxas $6: $report" | tee -a "$out/ptxas_report.txt"
}

while IFS='|' read -r kernel dim arch block_m block_n warps stages options; do
  kernel=$(trim "$kernel")
  [ -z "$kernel" ] || [ "${kernel:0:1}" = "#" ] && continue
  dim=$(trim "$dim"); arch=$(trim "$arch"); block_m=$(trim "$block_m"); block_n=$(trim "$block_n")
  warps=$(trim "$warps"); stages=$(trim "$stages")
  read -ra opts <<< "$(trim "$options")"
  short=${kernel#attention_}; short=${short#bwd_}
  causals="False True"
  [ "$kernel" = attention_bwd_preprocess ] && causals="-"
  for causal in $causals; do
    tag=""; [ "$causal" = True ] && tag="_causal"
    for dtype in fp16 bf16; do
      compile "${short}_${dtype}_d${dim}${tag}_${arch}" "$kernel" \
        "$(signature "$kernel" "$dtype" i32 "$dim" "$block_m" "$block_n" "$causal")" "$warps" "$stages" "$arch" \
        "${opts[@]}"
    done
    if [ "$arch" = sm_90a ]; then
      compile "${short}_fp16_d${dim}${tag}_sm_90a_s16" "$kernel" \
        "$(signature "$kernel" fp16 i32:16 "$dim" "$block_m" "$block_n" "$causal")" "$warps" "$stages" sm_90a \
        "${opts[@]}"
    fi
  done
done < "$repo/bench/attention.txt"

cp "$repo/samples/attention.py" "$repo/bench/samples_bench.py" "$repo/bench/attention_bench.py" \
   "$repo/bench/attention_variants.py" "$repo/bench/attention.txt" "$out/"
echo "spills: $(grep -c "[1-9][0-9]* bytes spill stores" "$out/ptxas_report.txt" || true) specialisations spill"
[ $failed = 0 ] || { echo "some specialisations failed to compile"; exit 1; }
echo "bundle ready in $out"
