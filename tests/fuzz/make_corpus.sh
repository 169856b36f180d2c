#!/usr/bin/env bash
# Fills tests/fuzz/corpus/ (not committed) with the fuzzer's seeds: every
# sample and every lit test kernel, named after its path so none collide.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=$root/tests/fuzz/corpus
rm -rf "$corpus"
mkdir -p "$corpus"
cd "$root"
for f in samples/*.py $(find tests/lit -name '*.py'); do
  cp "$f" "$corpus/${f//\//_}"
done
