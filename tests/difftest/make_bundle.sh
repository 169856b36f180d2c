#!/usr/bin/env bash
# A GPU campaign bundle: K programs from gen.py (seeds SEED..SEED+K-1),
# compiled by tritonc for each arch, split into SHARDS folders per arch
# that tests/gpu/lang/langcheck.py checks against Triton side by side
# (run_campaign.sh, on the GPU machine). The minimal kernels of past
# findings (corpus/) go along. Shards compile JOBS at a time (default: one
# per CPU), so the GPU machine's CPUs can build a large bundle in place.
#   make_bundle.sh BUILD_DIR OUT_DIR K SEED [SHARDS] [gen.py options...]
# A program tritonc fails to compile gets no PTX: langcheck reports it
# NOT-COMPILED, and its error is kept in OUT_DIR/compile_errors.txt.
# KEEP_MATCHING=REGEX keeps only the generated programs whose text matches
# it, to aim a campaign at one feature (e.g. make_tensor_descriptor).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tritonc="$(cd "$1" && pwd)/tritonc"; out="$2"; k="$3"; seed="$4"; shards="${5:-8}"; shift 5 2>/dev/null || shift $#
jobs="${JOBS:-$(nproc)}"
rm -rf "$out"; mkdir -p "$out/src"
python3 "$here/gen.py" --seed "$seed" --count "$k" --out "$out/src" "$@"
if [ -n "${KEEP_MATCHING:-}" ]; then
  grep -L -E "$KEEP_MATCHING" "$out"/src/*.py | xargs -r rm -f
  echo "$(ls "$out/src" | wc -l) of $k programs match $KEEP_MATCHING"
fi
cp "$here/run_campaign.sh" "$out/"
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
  done
done

# One shard: every case of every kernel file in it, for the shard's arch.
# The cases of all its files are listed by one Python process: starting
# one per file cost more than compiling.
compile_shard() {
  local dir="$1" arch path kernel id sig warps
  arch=$(basename "$dir"); arch=${arch%.*}
  : > "$dir/compile_errors.txt"
  while IFS=$'\t' read -r path kernel id sig warps; do
    if ! "$TRITONC" "$path" --kernel "$kernel" --signature "$sig" --num-warps "$warps" --arch "$arch" \
         -o "$dir/$id.ptx" 2> "$dir/$id.err"; then
      echo "$id $arch: $(grep -m1 error "$dir/$id.err")" >> "$dir/compile_errors.txt"
      rm -f "$dir/$id.ptx"
    fi
    rm -f "$dir/$id.err"
  done < <(cd "$dir" && ls *.py | grep -v -x -e langcheck.py -e cases.py | sed "s|^|$dir/|" | xargs python3 "$dir/cases.py")
}
export -f compile_shard
export TRITONC="$tritonc"
ls -d "$out"/sm_* | xargs -P "$jobs" -I{} bash -c 'compile_shard "$1"' _ {}
cat "$out"/sm_*/compile_errors.txt > "$out/compile_errors.txt"
rm -f "$out"/sm_*/compile_errors.txt
echo "$(ls "$out/src" | wc -l) programs in $shards shards per arch; $(wc -l < "$out/compile_errors.txt") compile errors"
