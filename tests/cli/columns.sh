#!/bin/sh
# mk61 ops and mk61 bench: every line's columns start where the header's
# do, counted in characters (C.UTF-8), not bytes: the mnemonics and the
# programs' names are partly Cyrillic, two bytes a letter.
#   columns.sh MK61
set -eu
mk61=$1
export LC_ALL=C.UTF-8
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The column (in characters) where the last field of each line starts.
last_field_at() {
  while IFS= read -r line; do
    printf '%s' "$line" | sed 's/[^ ]*$//' | tr -d '\n' | wc -m
  done
}
"$mk61" ops >"$tmp/ops"
"$mk61" ops --latin >>"$tmp/ops"
n=$(last_field_at <"$tmp/ops" | sort -u | wc -l)
[ "$n" -eq 1 ] || { echo "mk61 ops: the last column starts at $n places:"; last_field_at <"$tmp/ops" | sort | uniq -c; exit 1; }
"$mk61" bench >"$tmp/bench"
# Where the instructions column ends (numbers are right-aligned): the
# line less its last two fields, on the lines under the header.
cols=$(sed 1d "$tmp/bench" | while IFS= read -r line; do
  printf '%s' "$line" | sed 's/ *[^ ]* *[^ ]*$//' | tr -d '\n' | wc -m
done | sort -u | wc -l)
[ "$cols" -eq 1 ] || { echo "mk61 bench: columns out of line:"; cat "$tmp/bench"; exit 1; }
echo "columns: mk61 ops ($(wc -l <"$tmp/ops") lines) and mk61 bench ($(wc -l <"$tmp/bench") lines) aligned"
