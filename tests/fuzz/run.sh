#!/usr/bin/env bash
# Usage: tests/fuzz/run.sh SECONDS
# Builds the frontend fuzzer with clang-22 in build-fuzz/ and fuzzes for
# SECONDS from the seed corpus and the saved regressions. Fails on any crash,
# sanitizer report, leak, hang (5 s per input) or memory blow-up (2 GiB);
# the input that did it is left in build-fuzz/artifacts/. Exits 125 (the
# fuzz-smoke test's skip code; libFuzzer's own crash code is 77) when
# clang-22 is not installed.
set -euo pipefail
seconds=${1:?usage: run.sh SECONDS}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build-fuzz

if ! command -v clang++-22 >/dev/null; then
  echo "fuzz: skipped, clang++-22 is not installed (tools/bootstrap.sh installs it)"
  exit 125
fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DTRITONC_BUILD_FUZZER=ON -DTRITONC_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" --target tritonc-frontend-fuzzer -j 1
"$here/make_corpus.sh"
mkdir -p "$build/corpus" "$build/artifacts"

# libFuzzer adds new inputs to the first directory only, so the sources
# stay untouched and build-fuzz/corpus grows from run to run.
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-22/bin/llvm-symbolizer
"$build/tests/fuzz/tritonc-frontend-fuzzer" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
  -dict="$here/python.dict" -artifact_prefix="$build/artifacts/" -print_final_stats=1 -print_funcs=0 \
  "$build/corpus" "$here/corpus" "$here/regressions"
