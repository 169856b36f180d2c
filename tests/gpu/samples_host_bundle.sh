#!/usr/bin/env bash
# Packs the samples' host program for a GPU machine that has no tritonc
# (and no LLVM, no CMake package): builds it here through the installed
# package (tools/build_samples_host.sh, a no-op when up to date), then
# copies the generated launcher headers, the program's sources and a run
# script into OUT_DIR. On the GPU machine:
#
#   bash OUT_DIR/run.sh OUT_DIR
#
#   tests/gpu/samples_host_bundle.sh BUILD_DIR OUT_DIR
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR OUT_DIR" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
repo=$(cd "$(dirname "$0")/../.." && pwd)
"$repo/tools/build_samples_host.sh" "$build"
headers=("$build"/samples-host/*.tritonc/include/*.h)
if [ ! -e "${headers[0]}" ]; then
  echo "error: no generated headers under $build/samples-host; the samples host program was not built" >&2
  exit 1
fi
mkdir -p "$2"
out=$(cd "$2" && pwd)
rm -rf "${out:?}/include" "${out:?}/src" "${out:?}/bin"
mkdir -p "$out/include" "$out/src"
cp "${headers[@]}" "$out/include/"
cp "$repo"/samples/host/*.cpp "$repo"/samples/host/*.h "$out/src/"
cp "$repo/tests/gpu/samples_host_run.sh" "$out/run.sh"
chmod +x "$out/run.sh"
echo "bundle ready in $out (${#headers[@]} launcher headers); on the GPU machine: bash $(basename "$out")/run.sh $(basename "$out")"
