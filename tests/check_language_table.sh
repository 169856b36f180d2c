#!/usr/bin/env bash
# The README's language table is `tritonc --language-table`: fails, showing
# the difference, when one has changed without the other.
#   check_language_table.sh TRITONC README
set -euo pipefail
tritonc=$1 readme=$2
documented=$(sed -n '/<!-- language-table:begin -->/,/<!-- language-table:end -->/p' "$readme" | sed '1d;$d')
if ! diff <(printf '%s\n' "$documented") <("$tritonc" --language-table); then
  echo "README.md's language table is stale: replace it with the output of \`tritonc --language-table\`"
  exit 1
fi
