#!/usr/bin/env bash
# Builds the samples' host program (samples/host) the way an application
# would: installs BUILD_DIR's tritonc into BUILD_DIR/install, then
# configures samples/host against that prefix (find_package(tritonc)) into
# BUILD_DIR/samples-host and builds it with Ninja. No GPU needed: the
# launchers link the CUDA driver stub. Without the CUDA toolkit (cuda.h and
# the driver library) it says so and does nothing.
#
#   tools/build_samples_host.sh BUILD_DIR
set -euo pipefail
build=$(cd "${1:?usage: $0 BUILD_DIR}" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
prefix="$build/install"
host="$build/samples-host"

if [ ! -f "$cuda/include/cuda.h" ] ||
   { [ ! -e "$cuda/lib64/stubs/libcuda.so" ] && [ ! -e "$cuda/lib64/libcuda.so" ]; }; then
  echo "samples host program: skipped (no CUDA toolkit at $cuda: the launchers need cuda.h and libcuda to link;" \
       "set CUDA_HOME if it is elsewhere)"
  exit 0
fi

echo "samples host program: installing tritonc into $prefix, building samples/host into $host"
cmake --install "$build" --prefix "$prefix" > /dev/null
cmake -S "$repo/samples/host" -B "$host" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" -DCUDAToolkit_ROOT="$cuda" --log-level=WARNING
cmake --build "$host"
echo "samples host program: $host/samples_host"
echo "  run it on a machine with an NVIDIA GPU: $host/samples_host [SAMPLE...]" \
     "(exit 0: all passed, 1: a check failed, 2: no GPU here)"
echo "  or, where there is a GPU but no tritonc: tests/gpu/samples_host_bundle.sh $build OUT, then there bash OUT/run.sh OUT"
