#!/usr/bin/env bash
# The triton-dropin package (tools/triton-dropin) on a GPU machine with
# torch and Triton 3.6: its signature derivation against Triton's own binder,
# then the samples and a few test kernels launched as a Triton user would,
# in compare mode (Triton on copies, tritonc on the originals, every tensor
# argument compared after each launch).
#
#   tests/gpu/dropin_check.sh [OUT_DIR]
#
# tritonc comes from $TRITONC, else PATH, else build/tritonc. Exit status 1
# if a derivation differs from Triton's, or if any launch was not served by
# tritonc or gave different numbers.
set -uo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$(mktemp -d)}
mkdir -p "$out"
export PYTHONPATH="$repo/tools/triton-dropin${PYTHONPATH:+:$PYTHONPATH}"
export TRITON_DROPIN_CACHE=${TRITON_DROPIN_CACHE:-$out/cache}
failed=0

echo "== signature derivation against Triton's binder"
if python3 -c "import pytest" 2>/dev/null; then
  python3 -m pytest -q -p no:cacheprovider "$repo/tools/triton-dropin/tests/test_signature.py" || failed=1
else
  python3 "$repo/tools/triton-dropin/tests/test_signature.py" || failed=1
fi

echo "== the compare mode's verdict against widened copies"
python3 "$repo/tools/triton-dropin/tests/gpu_verdict.py" || failed=1

echo "== samples and test kernels in compare mode"
TRITON_DROPIN_MODE=compare TRITON_DROPIN_REPORT="$out/samples.json" \
  python3 -m triton_dropin "$repo/tools/triton-dropin/tests/gpu_samples.py" || failed=1
python3 -m triton_dropin.summary --require-clean "$out/samples.json" || failed=1

[ "$failed" = 0 ] && echo "dropin_check: PASS" || echo "dropin_check: FAIL"
exit "$failed"
