#!/usr/bin/env bash
# On the GPU machine (CUDA driver, g++ or nvcc; python3 with torch, triton
# and cupy for the comparison):
#
#   bash BUNDLE/run.sh BUNDLE [RESULTS_DIR]      (RESULTS_DIR: BUNDLE/results)
#
# builds tritonc-tune against the bundle's autotuned matmul header, tunes
# every configuration on shapes.txt into RESULTS_DIR/tune.json, then times
# the tuned choice against each fixed configuration and Triton's run-time
# autotune over the same configurations (autotune_bench.py). A bundle made
# with a tuning file also has matmul_tuned.h, whose launch() picks from
# the baked table: its tuner is built too and times launch() itself.
set -euo pipefail
bundle=$(cd "${1:?usage: run.sh BUNDLE_DIR [RESULTS_DIR]}" && pwd)
results=${2:-$bundle/results}
mkdir -p "$results"
rm -f "$results/tune_baked.json"
cuda=${CUDA_HOME:-/usr/local/cuda}
cxx=${CXX:-g++}
build_tuner() { # header, output
  "$cxx" -std=c++17 -O2 -Wall -Wextra -I"$cuda/include" -I"$bundle" -DTRITONC_TUNE_HEADER="\"$1\"" \
    -DTRITONC_TUNE_KERNEL=tritonc_kernels::matmul_bias_act "$bundle"/tune/*.cpp -L"$cuda/lib64/stubs" -lcuda -o "$2"
}
build_tuner matmul.h "$bundle/tune-matmul"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
"$bundle/tune-matmul" --keys "$bundle/shapes.txt" --args "$bundle/matmul.args" --out "$results/tune.json"
if [ -f "$bundle/matmul_tuned.h" ]; then
  build_tuner matmul_tuned.h "$bundle/tune-matmul-baked"
  "$bundle/tune-matmul-baked" --keys "$bundle/shapes.txt" --args "$bundle/matmul.args" --with-launch \
    --out "$results/tune_baked.json"
fi
baked=()
[ -f "$results/tune_baked.json" ] && baked=(--baked "$results/tune_baked.json")
PYTHONUNBUFFERED=1 python3 "$bundle/autotune_bench.py" "$bundle" "$results/tune.json" --json "$results/bench.json" \
  "${baked[@]}" | tee "$results/bench.md"
