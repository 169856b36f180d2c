#!/usr/bin/env bash
# SASS of PTX files as the GPU machine's ptxas makes them, for comparing two
# compilers' code of one kernel instruction by instruction (the build box has
# no disassembler):  bench/realcode/sass_of.sh OUT_DIR FILE.ptx...
# Writes OUT_DIR/NAME.sass and prints ptxas's register and spill report.
set -uo pipefail
out=$1
shift
mkdir -p "$out"
for ptx in "$@"; do
  name=$(basename "$ptx" .ptx)
  ptxas -arch=sm_90a -v "$ptx" -o "$out/$name.cubin" 2>&1 | grep -E "registers|spill" | sed "s|^|$name: |"
  cuobjdump -sass "$out/$name.cubin" > "$out/$name.sass"
  rm -f "$out/$name.cubin"
done
