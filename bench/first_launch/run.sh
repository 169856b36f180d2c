#!/usr/bin/env bash
# On a GPU machine: builds first_launch.cpp against each header and prints,
# as a Markdown table, the median over fresh processes of the first launch
# (module load included) and of the second. PTX is timed with the driver's
# JIT cache off, as on a machine that never ran the kernel, and on (warm).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
runs=${RUNS:-11}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for variant in cubin ptx; do
  g++ -O2 -std=c++17 -I"$cuda/include" -I"$here" -DHEADER="\"matmul_$variant.h\"" "$here/first_launch.cpp" \
    -o "$here/first_launch_$variant" -L"$cuda/lib64" -L"$cuda/lib64/stubs" -lcuda
done
device=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "matmul_bias_act (samples/matmul.py), 512^3 fp16, on $device; median of $runs processes"
echo
echo "| image | first launch (ms) | second launch (ms) |"
echo "|---|---|---|"
measure() { # label, binary, environment...
  local label=$1 binary=$2; shift 2
  local results; results=$(for _ in $(seq "$runs"); do env "$@" "$binary"; done)
  echo "| $label | $(cut -d' ' -f1 <<< "$results" | median) | $(cut -d' ' -f2 <<< "$results" | median) |"
}
measure "cubin" "$here/first_launch_cubin" CUDA_CACHE_DISABLE=1
measure "PTX, JIT cache off" "$here/first_launch_ptx" CUDA_CACHE_DISABLE=1
measure "PTX, JIT cache warm" "$here/first_launch_ptx" CUDA_CACHE_DISABLE=0
