#!/usr/bin/env bash
# The main job: compiles every sample listed in samples/samples.txt to PTX,
# metadata and a launcher header under BUILD_DIR/samples, then prints one
# row per kernel: compile time, and registers, spills and shared memory as
# ptxas reports them (when ptxas is present). Then builds the samples' host
# program through the installed CMake package (tools/build_samples_host.sh),
# where the CUDA toolkit is present.
#
#   tools/compile_samples.sh BUILD_DIR [ARCH]
set -euo pipefail
trim() { local s="$1"; s="${s#"${s%%[![:space:]]*}"}"; echo "${s%"${s##*[![:space:]]}"}"; }
build=$(cd "${1:?usage: $0 BUILD_DIR [ARCH]}" && pwd)
arch=${2:-sm_90a}
repo=$(cd "$(dirname "$0")/.." && pwd)
out="$build/samples"
mkdir -p "$out"
ptxas=$(command -v ptxas || { [ -x /usr/local/cuda/bin/ptxas ] && echo /usr/local/cuda/bin/ptxas; } || true)

printf '%-28s %-8s %10s %6s %12s %8s\n' kernel arch compile_ms regs spill_bytes smem
status=0
while IFS='|' read -r file kernel signature warps; do
  file=$(trim "$file"); kernel=$(trim "$kernel")
  signature=$(trim "$signature"); warps=$(trim "$warps")
  [ -z "$file" ] || [ "${file:0:1}" = "#" ] && continue
  start=$(date +%s%N)
  # `--ptxas=`: the time is tritonc's own; ptxas runs below, for its report.
  if ! "$build/tritonc" "$repo/samples/$file" --kernel "$kernel" --signature "$signature" \
      --num-warps "$warps" --arch "$arch" -o "$out/$kernel.ptx" --header "$out/$kernel.h" --ptxas=; then
    echo "FAILED: $file"
    status=1
    continue
  fi
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  smem=$(sed -n 's/.*"shared_bytes": \([0-9]*\).*/\1/p' "$out/$kernel.json")
  regs="-"; spills="-"
  if [ -n "$ptxas" ]; then
    report=$("$ptxas" -v -arch="$arch" "$out/$kernel.ptx" -o "$out/$kernel.cubin" 2>&1)
    regs=$(echo "$report" | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | head -1)
    spills=$(echo "$report" | sed -n 's/.* \([0-9]*\) bytes spill stores.*/\1/p' | head -1)
  fi
  printf '%-28s %-8s %10s %6s %12s %8s\n' "$kernel" "$arch" "$ms" "${regs:--}" "${spills:--}" "$smem"
done < "$repo/samples/samples.txt"
[ -n "$ptxas" ] || echo "(ptxas not found: registers and spills not shown)"
echo "outputs in $out"
echo "benchmark plots in $repo/bench/plots/ (regenerate: bench/rope_study.sh $build OUT, then python3 OUT/rope_study.py OUT on a GPU machine)"
echo
"$repo/tools/build_samples_host.sh" "$build" || { echo "FAILED: the samples host program"; status=1; }
exit $status
