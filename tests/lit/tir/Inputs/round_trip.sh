#!/usr/bin/env bash
# usage: round_trip.sh TRITONC LIST WORKDIR
# For each kernel of LIST (`file | kernel | signature | num_warps` lines, as
# samples/samples.txt; files relative to LIST), at the tile and the GPU
# level: the printed tile IR, parsed and printed again without passes, is
# the same text. And the GPU-level text compiles to the same PTX as the
# Python kernel it came from.
set -euo pipefail
tritonc=$1
list=$2
work=$3
dir=$(dirname "$list")
mkdir -p "$work"

trim() {
  local s=$1
  s=${s#"${s%%[![:space:]]*}"}
  printf '%s' "${s%"${s##*[![:space:]]}"}"
}

n=0
while IFS='|' read -r file kernel signature warps; do
  case $file in '#'* | '') continue ;; esac
  file=$(trim "$file") kernel=$(trim "$kernel") signature=$(trim "$signature") warps=$(trim "$warps")
  n=$((n + 1))
  base="$work/$n-$kernel"
  common=(--kernel "$kernel" --signature "$signature" --num-warps "$warps")
  for level in tir tir-gpu; do
    "$tritonc" "$dir/$file" "${common[@]}" --emit "$level" -o "$base.$level.tir"
    "$tritonc" "$base.$level.tir" --num-warps "$warps" --emit "$level" --passes= -o "$base.$level.again.tir"
    diff -u "$base.$level.tir" "$base.$level.again.tir"
  done
  "$tritonc" "$dir/$file" "${common[@]}" -o "$base.ptx"
  "$tritonc" "$base.tir-gpu.tir" --num-warps "$warps" --passes= -o "$base.from-tir.ptx"
  diff -u "$base.ptx" "$base.from-tir.ptx"
  echo "round trip ok: $file $kernel ($signature, $warps warps)"
done <"$list"
[ "$n" -gt 0 ] # an empty list tests nothing
