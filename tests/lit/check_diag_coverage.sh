#!/usr/bin/env bash
# Fails, naming them, if some kinds in DiagnosticKinds.def are checked by no
# lit test: every diagnostic needs a test of its text (DESIGN.md §6), and a
# lit check of one ends in `error: ... [Name]` (or `warning: ...`).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
missing=()
for name in $(sed -n 's/^DIAG(\([A-Za-z0-9_]*\),.*/\1/p' "$root/include/tritonc/support/DiagnosticKinds.def"); do
  grep -rqE "(error|warning): .*\[$name\]" "$root/tests/lit" || missing+=("$name")
done
if [ ${#missing[@]} -ne 0 ]; then
  echo "diagnostic kinds no test under tests/lit checks as \`[Name]\`: ${missing[*]}"
  exit 1
fi
