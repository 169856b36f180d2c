#!/usr/bin/env bash
# tritonc-tune against the fake driver, then its tuning file baked back
# into a header by tritonc: the tuner's flow (arguments from recipes,
# timing, the winner, launch() through the baked table) and the file
# format both ways, without a GPU.
#
#   check_tune.sh TUNE_BINARY TRITONC KERNEL_PY WORK_DIR
set -euo pipefail
tune=$1 tritonc=$2 kernel=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
"$tune" --key n=1000 --key n=65536 --arg x_ptr='output(n)' --arg factor=2 --flush-mb 1 --with-launch \
  --out "$work/tune.json" | tee "$work/log.txt"
# The fake clock makes the fewest programs fastest: BLOCK=256.
grep -q '"best": "BLOCK=256, num_warps=4, num_stages=2", "best_index": 2' "$work/tune.json"
[ "$(grep -c '"best_index": 2' "$work/tune.json")" = 2 ]
grep -q '"device": "Fake GPU A"' "$work/tune.json"
grep -q '"launch_ms": ' "$work/tune.json"
# A missing recipe is named.
if "$tune" --key n=1000 --out "$work/bad.json" 2> "$work/err.txt"; then exit 1; fi
grep -q "parameter \`x_ptr\` (\*fp32) needs \`--arg x_ptr=...\`" "$work/err.txt"
# The file goes back into a header.
"$tritonc" "$kernel" -o "$work/k.ptx" --header "$work/k.h" --signature "*fp32:16, i32, fp32" \
  --grid "cdiv(n, BLOCK), 1, 1" --tuning "$work/tune.json" --ptxas=
grep -q 'inline constexpr int kTunedConfigs0\[\] = {2, 2};' "$work/k.h"
echo "tritonc-tune against the fake driver: ok"
