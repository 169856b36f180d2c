#!/usr/bin/env bash
# The tensor-core GPU run, in one command on a machine with an NVIDIA GPU:
# correctness of every dot specialisation at ragged sizes, compute-sanitizer
# memcheck and racecheck on small sizes, the SASS of the matmul (HMMA for
# sm_80 code, HGMMA for sm_90a, no local memory), TMA (UTMALDG in the SASS,
# the C++ launcher's tensor maps), then the matmul benchmark
# (tritonc sm_80 and sm_90a, Triton's own sm_80 PTX, Triton native, cuBLAS).
#
#   bash run_tensor_cores.sh BUNDLE_DIR [--quick]
set -uo pipefail
bundle=$(cd "${1:-$(dirname "$0")}" && pwd)
shift || true
failed=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
echo "== SASS of the matmul (sm_80 and sm_90a code), assembled for this GPU"
for case in mm_f16_sm80 mm_bf16_sm80 mm_f16_sm90a mm_bf16_sm90a mm_f16_256_sm90a; do
  # ptxas says C75xx when it had to serialise wgmma around other uses of the accumulators.
  ptxas -arch=sm_90a -v "$bundle/$case.ptx" -o "$bundle/$case.cubin" 2>&1 | grep -E "registers|spill|C75"
  sass=$(cuobjdump -sass "$bundle/$case.cubin")
  echo "$case: HMMA $(grep -c HMMA <<< "$sass"), HGMMA $(grep -c HGMMA <<< "$sass"), LDSM $(grep -c LDSM <<< "$sass"), LDGSTS $(grep -c LDGSTS <<< "$sass"), LDL/STL $(grep -cE 'LDL|STL' <<< "$sass")"
done
echo "== TMA: SASS of the descriptor and block-pointer matmuls, and the C++ launcher that builds their tensor maps"
for case in desc_mm_f16 desc_mm_persistent bp_mm_f16 host_desc_mm host_desc_batched; do
  ptxas -arch=sm_90a -v "$bundle/$case.ptx" -o "$bundle/$case.cubin" 2>&1 | grep -E "registers|spill"
  sass=$(cuobjdump -sass "$bundle/$case.cubin")
  echo "$case: UTMALDG $(grep -c UTMALDG <<< "$sass"), SYNCS $(grep -c SYNCS <<< "$sass"), HGMMA $(grep -c HGMMA <<< "$sass"), LDGSTS $(grep -c LDGSTS <<< "$sass"), LDL/STL $(grep -cE 'LDL|STL' <<< "$sass")"
done
if nvcc -std=c++17 -O2 -I"$bundle" "$bundle/tma_launcher_test.cpp" -o "$bundle/tma_launcher_test" -lcuda; then
  "$bundle/tma_launcher_test" || failed=1
  compute-sanitizer --tool memcheck --error-exitcode 1 "$bundle/tma_launcher_test" > "$bundle/sanitizer_tma_launcher.log" 2>&1 \
    && echo "memcheck (TMA launcher): clean" || { echo "FAIL: memcheck (TMA launcher)"; tail -30 "$bundle/sanitizer_tma_launcher.log"; failed=1; }
else
  echo "FAIL: tma_launcher_test does not build"; failed=1
fi
echo "== compute-sanitizer (small sizes)"
for tool in memcheck racecheck; do
  compute-sanitizer --tool $tool --error-exitcode 1 python3 "$bundle/matmul_bench.py" "$bundle" --check-only --small \
    > "$bundle/sanitizer_$tool.log" 2>&1 && echo "$tool: clean" || { echo "FAIL: $tool"; tail -30 "$bundle/sanitizer_$tool.log"; failed=1; }
done
for tool in memcheck racecheck synccheck; do
  compute-sanitizer --tool $tool --error-exitcode 1 python3 "$bundle/tensor_descriptor_check.py" "$bundle" --small \
    > "$bundle/sanitizer_descriptors_$tool.log" 2>&1 && echo "$tool (tensor descriptors, block pointers, TMA): clean" \
    || { echo "FAIL: $tool (tensor descriptors)"; tail -30 "$bundle/sanitizer_descriptors_$tool.log"; failed=1; }
done
echo "== tensor descriptors"
python3 "$bundle/tensor_descriptor_check.py" "$bundle" || failed=1
echo "== correctness and speed"
python3 "$bundle/matmul_bench.py" "$bundle" "$@" || failed=1
exit $failed
