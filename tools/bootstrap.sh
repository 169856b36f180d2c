#!/usr/bin/env bash
# Installs the Debian packages tritonc builds and tests with, if missing.
# Idempotent and non-interactive; needs root (or sudo).
set -euo pipefail
packages=(cmake ninja-build g++ python3 llvm-22-dev llvm-22-tools libfmt-dev libcli11-dev catch2
          zlib1g-dev libzstd-dev libxml2-dev libedit-dev clang-22 libclang-rt-22-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
echo "bootstrap: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
