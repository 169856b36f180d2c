#!/usr/bin/env bash
# Packs what a GPU round needs but git does not carry — the stripped tritonc
# with its shared libraries and the real code bases' checkouts — into one
# xz archive, .dropin-pack/dropin.tar.xz, small enough for the device's carry
# limit (the binary alone is ~45 MB unpacked). device_round.sh unpacks it.
#
#   bench/realcode/pack.sh BUILD_DIR [CODE_BASE...]   (names under .realcode/)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=$1
shift
mkdir -p "$repo/.dropin-bin" "$repo/.dropin-pack"
strip -o "$repo/.dropin-bin/tritonc" "$build/tritonc"
for lib in libfmt.so.9 libzstd.so.1; do
  cp -L "$(ldconfig -p | awk -v l="$lib" '$1 == l { print $NF; exit }')" "$repo/.dropin-bin/$lib"
done
paths=(.dropin-bin)
for name in "$@"; do paths+=(".realcode/$name"); done
tar -C "$repo" --exclude=__pycache__ --exclude=.git -cJf "$repo/.dropin-pack/dropin.tar.xz" "${paths[@]}"
du -h "$repo/.dropin-pack/dropin.tar.xz"
