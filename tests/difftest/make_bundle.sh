#!/usr/bin/env bash
# A GPU campaign bundle: K programs from gen.py (seeds SEED..SEED+K-1),
# compiled here by tritonc for each arch, split into SHARDS folders per arch
# that tests/gpu/lang/langcheck.py checks against Triton side by side
# (run_campaign.sh, on the GPU machine). The minimal kernels of past
# findings (corpus/) go along.
#   make_bundle.sh BUILD_DIR OUT_DIR K SEED [SHARDS] [gen.py options...]
# A program tritonc fails to compile gets no PTX: langcheck reports it
# NOT-COMPILED, and its error is kept in OUT_DIR/compile_errors.txt.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tritonc="$1/tritonc"; out="$2"; k="$3"; seed="$4"; shards="${5:-8}"; shift 5 2>/dev/null || shift $#
rm -rf "$out"; mkdir -p "$out/src"
python3 "$here/gen.py" --seed "$seed" --count "$k" --out "$out/src" "$@"
cp "$here/run_campaign.sh" "$out/"
: > "$out/compile_errors.txt"
cp "$here"/corpus/*.py "$out/src/"
i=0
for file in "$out"/src/*.py; do
  shard=$((i % shards)); i=$((i + 1))
  for arch in sm_90a sm_80; do
    # A case that names its targets (fp8 needs sm_89+) runs only on those.
    if grep -q '"archs":' "$file" && ! grep -q "\"archs\": \[[^]]*\"$arch\"" "$file"; then
      continue
    fi
    dir="$out/$arch.$shard"
    [ -d "$dir" ] || { mkdir -p "$dir"; cp "$here/../gpu/lang/langcheck.py" "$here/../gpu/lang/cases.py" "$dir/"; }
    cp "$file" "$dir/"
    while IFS=$'\t' read -r path kernel id sig warps; do
      if ! "$tritonc" "$path" --kernel "$kernel" --signature "$sig" --num-warps "$warps" --arch "$arch" \
           -o "$dir/$id.ptx" 2> "$dir/$id.err"; then
        echo "$id $arch: $(grep -m1 error "$dir/$id.err")" >> "$out/compile_errors.txt"
        rm -f "$dir/$id.ptx"
      fi
      rm -f "$dir/$id.err"
    done < <(python3 "$here/../gpu/lang/cases.py" "$dir/$(basename "$file")")
  done
done
echo "$k programs in $shards shards per arch; $(wc -l < "$out/compile_errors.txt") compile errors"
