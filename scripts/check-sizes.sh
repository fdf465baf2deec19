#!/usr/bin/env bash
# The size limits of lib/ that keep each function and file readable in one sitting: no
# function over 80 lines and no file over 600. Tables of data are exempt by name (EXEMPT).
# Function extents come from universal-ctags (Debian package universal-ctags). Prints every
# function and file over its limit and exits 1 if there is one; 0 otherwise.
#
#   scripts/check-sizes.sh          lib/
#   scripts/check-sizes.sh DIR...   other trees
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
cd "$ROOT"
FUNCTION_LIMIT=80
FILE_LIMIT=600
# file:function pairs that hold a table of data, not logic.
EXEMPT="lib/store/expected_columns.cpp:history"

CTAGS=ctags-universal
if ! command -v "$CTAGS" >/dev/null; then
    echo "check-sizes: universal-ctags is not installed" >&2
    echo "HINT: run scripts/install-deps.sh (Debian package universal-ctags)" >&2
    exit 2
fi

dirs=("$@")
[ ${#dirs[@]} -eq 0 ] && dirs=(lib)
over=0
while IFS= read -r file; do
    lines=$(wc -l <"$file")
    if [ "$lines" -gt "$FILE_LIMIT" ]; then
        echo "file over $FILE_LIMIT lines: $file ($lines)"
        over=1
    fi
    # Named functions and methods with their first and last line; lambdas are part of the
    # function that holds them.
    while IFS=$'\t' read -r name start end; do
        length=$((end - start + 1))
        if [ "$length" -gt "$FUNCTION_LIMIT" ] && ! grep -qx "$file:$name" <<<"$EXEMPT"; then
            echo "function over $FUNCTION_LIMIT lines: $file:$start $name ($length)"
            over=1
        fi
    done < <("$CTAGS" --languages=C++ --kinds-C++=f --fields=+ne --extras=-{anonymous} -o - "$file" 2>/dev/null \
        | awk -F'\t' '{ s = ""; e = ""
                        for (i = 4; i <= NF; i++) { if ($i ~ /^line:/) s = substr($i, 6); if ($i ~ /^end:/) e = substr($i, 5) }
                        if (s != "" && e != "") print $1 "\t" s "\t" e }')
done < <(find "${dirs[@]}" -name '*.cpp' -o -name '*.hpp' | sort)
if [ "$over" -ne 0 ]; then
    echo "HINT: split the function into named steps of one job each, or the file by subject (ARCHITECTURE.md)" >&2
    exit 1
fi
echo "check-sizes: every function in ${dirs[*]} is at most $FUNCTION_LIMIT lines, every file at most $FILE_LIMIT"
