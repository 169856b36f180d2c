#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: builds the samples' host program from a
# bundle made by tests/gpu/samples_host_bundle.sh (g++ with cuda.h and
# -lcuda; no tritonc, no CMake), runs every check, then runs them again
# under compute-sanitizer memcheck when it is there (SANITIZE=0 skips it).
#
#   bash run.sh [BUNDLE_DIR]      (default: the folder this script is in)
#
# Exit status: 0 all passed; 1 a check, the sanitizer or the build failed;
# 2 no GPU.
set -uo pipefail
bundle=$(cd "${1:-$(dirname "$0")}" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
bin="$bundle/bin"
mkdir -p "$bin"
find_tool() { command -v "$1" 2>/dev/null || { [ -x "$cuda/bin/$1" ] && echo "$cuda/bin/$1"; }; }

echo "== build"
checks=()
for source in "$bundle"/src/*.cpp; do
  [ "$(basename "$source")" = main.cpp ] || checks+=("$source")
done
includes=(-I"$bundle/src" -I"$bundle/include" -I"$cuda/include")
# The stub is only for linking: at run time libcuda.so.1 is the driver's.
libcuda=(-L"$cuda/lib64/stubs" -L"$cuda/lib64" -lcuda)
build_step() {
  echo "$*"
  "$@" || { echo "FAIL: the samples host program does not build"; exit 1; }
}
build_step g++ -std=c++17 -O2 -Wall -Wextra -fPIC -shared "${includes[@]}" "${checks[@]}" \
  -o "$bin/samples_host_checks.so" "${libcuda[@]}"
build_step g++ -std=c++17 -O2 -Wall -Wextra "$bundle/src/main.cpp" -o "$bin/samples_host" -ldl
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true

echo "== checks"
"$bin/samples_host"
status=$?
if [ $status -eq 2 ]; then
  exit 2
fi
failed=$(( status != 0 ))

echo "== compute-sanitizer memcheck"
sanitizer=$(find_tool compute-sanitizer)
if [ "${SANITIZE:-1}" = 0 ]; then
  echo "skipped: SANITIZE=0"
elif [ -z "$sanitizer" ]; then
  echo "skipped: compute-sanitizer not found"
else
  "$sanitizer" --tool memcheck --error-exitcode 1 "$bin/samples_host" > "$bin/memcheck.log" 2>&1 ||
    { tail -40 "$bin/memcheck.log"; echo "FAIL: compute-sanitizer memcheck (log: $bin/memcheck.log)"; failed=1; }
  grep -E "ERROR SUMMARY|passed, .* failed" "$bin/memcheck.log" || true
fi
[ $failed -eq 0 ] && echo "samples host program: all passed" || echo "samples host program: FAILED"
exit $failed
