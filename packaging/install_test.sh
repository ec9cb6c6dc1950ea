#!/bin/sh
# The CTest install_staged: installs the build into a staging folder
# (DESTDIR=STAGE cmake --install BUILD --prefix /usr), moves the installed
# tree out of the staging folder to a folder of its own outside the source
# and build trees, and checks it there (check_installed.sh); then installs
# with --prefix P alone and checks that it installs the same files.
#   install_test.sh CMAKE BUILD [K61_NO_UI=1] [K61_NO_MAN=1]
set -eu
[ $# -ge 2 ] || { echo "usage: install_test.sh CMAKE BUILD [VAR=1]..." >&2; exit 2; }
cmake=$1 build=$2
shift 2
# shellcheck disable=SC2163 # each argument is NAME=VALUE
[ $# -eq 0 ] || export "$@"
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

DESTDIR=$tmp/stage "$cmake" --install "$build" --prefix /usr >"$tmp/log" ||
  { cat "$tmp/log"; exit 1; }
mv "$tmp/stage/usr" "$tmp/kalah61-moved"
rm -rf "$tmp/stage"
sh "$here/check_installed.sh" "$tmp/kalah61-moved"

"$cmake" --install "$build" --prefix "$tmp/prefix" >"$tmp/log" || { cat "$tmp/log"; exit 1; }
(cd "$tmp/kalah61-moved" && find . | sort) >"$tmp/destdir.txt"
(cd "$tmp/prefix" && find . | sort) >"$tmp/prefix.txt"
diff "$tmp/destdir.txt" "$tmp/prefix.txt" ||
  { echo "install_test: --prefix and DESTDIR installed different files" >&2; exit 1; }
echo "install_test: ok: --prefix installs the same $(wc -l <"$tmp/prefix.txt") files and folders as DESTDIR"
