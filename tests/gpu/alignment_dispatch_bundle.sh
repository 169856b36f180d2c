#!/usr/bin/env bash
# Builds the alignment dispatch test's bundle: the unhinted fp32 matmul of
# tests/lit/driver/alignment_dispatch.py, compiled with one signature into
# a header to which tritonc adds the `:4` specialisation of its strides,
# N and K, and the host test, so OUT_DIR alone runs on a GPU machine:
#
#   tests/gpu/alignment_dispatch_bundle.sh BUILD_DIR OUT_DIR    (here)
#   bash OUT_DIR/run_alignment_dispatch.sh                      (there)
set -euo pipefail
build=$(cd "${1:?usage: $0 BUILD_DIR OUT_DIR}" && pwd)
mkdir -p "${2:?usage: $0 BUILD_DIR OUT_DIR}"
out=$(cd "$2" && pwd)
repo=$(cd "$(dirname "$0")/../.." && pwd)
"$build/tritonc" "$repo/tests/lit/driver/alignment_dispatch.py" --kernel tile_matmul \
  --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 \
  --grid "cdiv(M, 64), cdiv(N, 64), 1" --arch sm_80,sm_90a -o "$out/alignment.ptx" --header "$out/alignment.h"
grep -q '"specialisations"' "$out/alignment.json" # the added specialisation is there
cp "$repo/tests/gpu/alignment_dispatch_test.cpp" "$repo/tests/gpu/cuda_check.h" "$out/"
cat > "$out/run_alignment_dispatch.sh" <<'RUN'
#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
g++ -std=c++17 -O2 -Wall -Wextra -I"$here" -I"$cuda/include" "$here/alignment_dispatch_test.cpp" \
  -o "$here/alignment_dispatch_test" -L"$cuda/lib64" -L"$cuda/lib64/stubs" -lcuda
"$here/alignment_dispatch_test"
RUN
echo "bundle ready in $out"
