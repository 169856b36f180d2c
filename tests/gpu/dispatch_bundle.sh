#!/usr/bin/env bash
# Builds the dispatch test's bundle: samples/vector_add.py compiled twice
# into one header (an aligned `:16` specialisation and a general one) and
# the host test, so OUT_DIR alone runs on a GPU machine:
#
#   tests/gpu/dispatch_bundle.sh BUILD_DIR OUT_DIR    (here)
#   bash OUT_DIR/run_dispatch.sh                      (there)
set -euo pipefail
build=$(cd "${1:?usage: $0 BUILD_DIR OUT_DIR}" && pwd)
mkdir -p "${2:?usage: $0 BUILD_DIR OUT_DIR}"
out=$(cd "$2" && pwd)
repo=$(cd "$(dirname "$0")/../.." && pwd)
"$build/tritonc" "$repo/samples/vector_add.py" --kernel add_kernel \
  --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024" --signature "*fp32, *fp32, *fp32, i32, 1024" \
  --grid "cdiv(n_elements, 1024), 1, 1" --arch sm_80,sm_90a -o "$out/dispatch.ptx" --header "$out/dispatch.h"
cp "$repo/tests/gpu/dispatch_test.cpp" "$repo/tests/gpu/cuda_check.h" "$out/"
cat > "$out/run_dispatch.sh" <<'RUN'
#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
g++ -std=c++17 -O2 -Wall -Wextra -I"$here" -I"$cuda/include" "$here/dispatch_test.cpp" -o "$here/dispatch_test" \
  -L"$cuda/lib64" -L"$cuda/lib64/stubs" -lcuda
"$here/dispatch_test"
RUN
echo "bundle ready in $out"
