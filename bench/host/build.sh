#!/usr/bin/env bash
# Builds the header-launched benchmark (bench_main.cpp) against the generated
# headers one folder up (the bundle made by bench/make_bundle.sh), with nvcc
# when found on PATH or in $CUDA_HOME/bin, else with g++ and cuda.h.
#
#   build.sh OUTPUT_BINARY
set -euo pipefail
host=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: $0 OUTPUT_BINARY}
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$(command -v nvcc 2>/dev/null || { [ -x "$cuda/bin/nvcc" ] && echo "$cuda/bin/nvcc"; } || true)
if [ -n "$nvcc" ]; then
  build=("$nvcc" -std=c++17 -O2 -Xcompiler "-Wall,-Wextra" -I"$host/.." -I"$host" "$host"/*.cpp -o "$out" -lcuda)
else
  build=(g++ -std=c++17 -O2 -Wall -Wextra -I"$host/.." -I"$host" -I"$cuda/include" "$host"/*.cpp -o "$out"
    -L"$cuda/lib64" -L"$cuda/lib64/stubs" "-Wl,-rpath,$cuda/lib64" -lcudart -lcuda)
fi
echo "${build[*]}"
"${build[@]}"
