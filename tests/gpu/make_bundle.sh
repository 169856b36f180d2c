#!/usr/bin/env bash
# Builds the self-contained GPU test bundle, on the build machine (no GPU
# needed): compiles samples/vector_add.py with BUILD_DIR/tritonc and copies
# everything run.sh needs on the GPU machine into OUT_DIR.
#
#   tests/gpu/make_bundle.sh BUILD_DIR OUT_DIR
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR OUT_DIR" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
repo=$(cd "$(dirname "$0")/../.." && pwd)

if [ ! -x "$build/tritonc" ]; then
  echo "error: $build/tritonc not found; build it first (ninja -C $build tritonc)" >&2
  exit 1
fi

# The grid helper is generated too: the host program checks it against
# cdiv(n, 1024) and the benchmark launches through it.
"$build/tritonc" "$repo/samples/vector_add.py" --kernel add_kernel \
  --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024" --num-warps 4 \
  --grid "cdiv(n_elements, 1024), 1, 1" \
  -o "$out/vector_add.ptx" --header "$out/vector_add.h" --metadata "$out/vector_add.json"

# Reductions and scans with combine functions, for combine_test.cpp: one
# header per kernel, with the cross-warp paths (1024 elements, 4 or 8 warps).
while IFS='|' read -r kernel signature warps; do
  "$build/tritonc" "$repo/tests/kernels/combine.py" --kernel "$kernel" --signature "$signature" \
    --num-warps "$warps" -o "$out/combine_$kernel.ptx" --header "$out/combine_$kernel.h"
done <<'KERNELS'
sum_of_squares_rows|*fp32:16, *fp32:16, *fp32:16, i32, i32, 16, 32|4
argmax_rows|*fp32:16, *fp32:16, *i32:16, i32, 1024|4
running_product|*fp32:16, *fp32:16, i32, 1024|4
linear_recurrence|*fp32:16, *fp32:16, *fp32:16, i32, 1024|8
KERNELS

cp "$repo/samples/vector_add.py" "$repo/tests/gpu/vector_add_test.cpp" "$repo/tests/gpu/cuda_check.h" "$repo/tests/gpu/combine_test.cpp" \
  "$repo/tests/gpu/run.sh" \
  "$repo/tests/gpu/README.md" "$repo/bench/vector_add_triton.py" "$out/"
chmod +x "$out/run.sh"
echo "bundle ready in $out; on the GPU machine run: bash run.sh"
