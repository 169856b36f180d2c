#!/usr/bin/env bash
# Compiles every `# CASE` of tests/gpu/lang/kernels/*.py with tritonc into
# OUT_DIR, beside the kernel files and the GPU-side checker.
#   make_bundle.sh BUILD_DIR OUT_DIR [ARCH]
# tritonc links LIBDEVICE, a libdevice.10.bc: Triton's own
# (triton/backends/nvidia/lib) for the libdevice_paths cases, whose
# functions differ in their last bits between it and CUDA 13's; set empty,
# the toolkit's.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tritonc="$1/tritonc"; out="$2"; arch="${3:-sm_90a}"
# Unset, Triton's own is used when this machine has Triton.
if [ -z "${LIBDEVICE+set}" ]; then
  LIBDEVICE=$(python3 -c 'import os, triton; print(os.path.join(os.path.dirname(triton.__file__),
    "backends", "nvidia", "lib", "libdevice.10.bc"))' 2>/dev/null)
  [ -f "$LIBDEVICE" ] || { LIBDEVICE=""; echo "note: no Triton here; libdevice_paths cases need LIBDEVICE" >&2; }
fi
libdevice=()
[ -n "$LIBDEVICE" ] && libdevice=(--libdevice "$LIBDEVICE")
mkdir -p "$out"
cp "$here"/kernels/*.py "$here/langcheck.py" "$here/cases.py" "$out/"
# The drop-in's driver calls build the tensor maps of kernels that take them.
cp "$here/../../../tools/triton-dropin/triton_dropin/cuda.py" "$out/dropin_cuda.py"
status=0
while IFS=$'\t' read -r file kernel id sig warps; do
  if ! "$tritonc" "$file" --kernel "$kernel" --signature "$sig" --num-warps "$warps" --arch "$arch" "${libdevice[@]}" \
       -o "$out/$id.ptx" 2> "$out/$id.err"; then
    echo "$id: tritonc failed: $(head -1 "$out/$id.err")"; status=1
  fi
done < <(python3 "$here/cases.py" "$here"/kernels/*.py)
exit $status
