#!/bin/sh
# Stands in for a ptxas that refuses PTX with asynchronous copies and
# passes everything else on to the real one ($REAL_PTXAS).
for arg; do input=$arg; done
if grep -q "cp.async" "$input"; then
  echo "ptxas fatal   : stand-in ptxas refuses cp.async" >&2
  exit 255
fi
exec "$REAL_PTXAS" "$@"
