#!/usr/bin/env bash
# Runs the vector-add GPU test on a machine with an NVIDIA GPU (see
# README.md): correctness at ragged sizes, compute-sanitizer, then the
# bandwidth of tritonc's kernel beside Triton's and torch's.
#
#   run.sh [BUNDLE_DIR]     (default: the folder this script is in)
#
# Exit status: non-zero if any correctness or sanitizer check failed.
set -uo pipefail

bundle=$(cd "${1:-$(dirname "$0")}" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
check_sizes="1 1000 1000003 $(( (1 << 28) + 3 ))"
sanitizer_sizes="1 1000 1000003"
bench_sizes="$(( (1 << 28) + 3 )) $(( 1 << 28 ))"

find_tool() { command -v "$1" 2>/dev/null || { [ -x "$cuda/bin/$1" ] && echo "$cuda/bin/$1"; }; }

echo "== build"
test_bin="$work/vector_add_test"
nvcc=$(find_tool nvcc)
if [ -n "$nvcc" ]; then
  build=("$nvcc" -std=c++17 -O2 -I"$bundle" "$bundle/vector_add_test.cpp" -o "$test_bin" -lcuda)
else
  build=(g++ -std=c++17 -O2 -Wall -Wextra -I"$bundle" -I"$cuda/include" \
    "$bundle/vector_add_test.cpp" -o "$test_bin" -L"$cuda/lib64/stubs" -lcuda)
fi
echo "${build[*]}"
if ! "${build[@]}"; then
  echo "FAIL: the host program does not build"
  exit 1
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true

echo "== correctness (bitwise against the CPU, fresh random data)"
# shellcheck disable=SC2086
"$test_bin" check $check_sizes || failed=1

echo "== compute-sanitizer memcheck"
sanitizer=$(find_tool compute-sanitizer)
if [ -n "$sanitizer" ]; then
  # shellcheck disable=SC2086
  "$sanitizer" --tool memcheck --error-exitcode 1 --leak-check full \
    "$test_bin" check $sanitizer_sizes || { echo "FAIL: compute-sanitizer"; failed=1; }
else
  echo "skipped: compute-sanitizer not found"
fi

echo "== combine kernels (tl.reduce, tl.associative_scan): build, check, memcheck and racecheck"
combine_bin="$work/combine_test"
if [ -n "$nvcc" ]; then
  combine_build=("$nvcc" -std=c++17 -O2 -I"$bundle" "$bundle/combine_test.cpp" -o "$combine_bin" -lcuda)
else
  combine_build=(g++ -std=c++17 -O2 -Wall -Wextra -I"$bundle" -I"$cuda/include" \
    "$bundle/combine_test.cpp" -o "$combine_bin" -L"$cuda/lib64/stubs" -lcuda)
fi
if "${combine_build[@]}"; then
  "$combine_bin" || failed=1
  if [ -n "$sanitizer" ]; then
    for tool in memcheck racecheck; do
      "$sanitizer" --tool "$tool" --error-exitcode 1 "$combine_bin" >/dev/null || { echo "FAIL: combine $tool"; failed=1; }
    done
  fi
else
  echo "FAIL: combine_test.cpp does not build"
  failed=1
fi

echo "== bandwidth, tritonc"
# shellcheck disable=SC2086
bench_out=$("$test_bin" bench $bench_sizes) || { echo "$bench_out"; echo "FAIL: tritonc bench"; failed=1; }
echo "$bench_out"
tritonc_gbps=$(echo "$bench_out" | awk '/^BENCH/ { printf "%s%s=%s", sep, $2, $3; sep="," }')

echo "== bandwidth, Triton and torch (same source file)"
# shellcheck disable=SC2086
python3 "$bundle/vector_add_triton.py" --kernel-file "$bundle/vector_add.py" \
  --sizes $bench_sizes --tritonc "$tritonc_gbps" || failed=1

# The memory-bound samples (bench/make_bundle.sh puts them in samples/):
# correctness at ragged sizes under compute-sanitizer, then the benchmark.
if [ -d "$bundle/samples" ]; then
  echo "== samples: compute-sanitizer memcheck and racecheck at ragged sizes"
  if [ -n "$sanitizer" ]; then
    for tool in memcheck racecheck; do
      PYTHONUNBUFFERED=1 "$sanitizer" --tool "$tool" --error-exitcode 1 \
        python3 "$bundle/samples/samples_bench.py" "$bundle/samples" --quick || { echo "FAIL: $tool"; failed=1; }
    done
  fi
  # The same kernels launched from C++ through their generated headers;
  # run first so that samples_bench.py can put them in its table.
  host_results=
  if [ -d "$bundle/samples/host" ]; then
    echo "== samples: bandwidth launched through the generated headers (C++)"
    if bash "$bundle/samples/host/build.sh" "$work/hostbench" &&
      "$work/hostbench" | tee "$work/host_results.txt"; then
      host_results="$work/host_results.txt"
    else
      echo "FAIL: header-launched host bench"
      failed=1
    fi
  fi
  echo "== samples: correctness and bandwidth against Triton and torch"
  PYTHONUNBUFFERED=1 python3 "$bundle/samples/samples_bench.py" "$bundle/samples" \
    ${host_results:+--host-results "$host_results"} || failed=1
fi

if [ "$failed" -ne 0 ]; then
  echo "RESULT: FAIL"
  exit 1
fi
echo "RESULT: PASS"
