#!/bin/sh
# What an installed kalah61 prints, held to two rules:
#   check_printed.sh PREFIX
#   1. nothing points into a source tree: no docs/, programs/, tests/,
#      core/, emulator/, assets/, packaging/ or .ci/ path, no ../shared/,
#      no path of the source tree this script is in;
#   2. every document named is where it is said to be: each "The
#      documents named here are in DIR/: a.md, b.md." line (the helps',
#      cli_help_print) and each .../share/doc/kalah61/NAME path; a man
#      page's /usr/share/doc/kalah61 (where the Debian package puts them)
#      is looked for under PREFIX.
# What is read: the --help of every program, of each command in its
# "Commands:" list and of a dispatcher's commands (kalah egdb build, ...);
# the man pages, rendered; and the messages of mistakes and of long work,
# provoked one by one (list below). PREFIX is an installed tree (/usr of
# an unpacked .deb, or an install moved away from the source and build
# trees); the programs run from a scratch folder. Called by
# check_installed.sh. Prints one line a check; exits 1 on a failure.
set -eu
[ $# -eq 1 ] || { echo "usage: check_printed.sh PREFIX" >&2; exit 2; }
prefix=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export LC_ALL=C.UTF-8 HOME="$work/home" PULUK_TABLE_DIR="$work/tables" MANWIDTH=200
export SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy
unset KALAH61_DOC_DIR KALAH61_EGDB_DIR XDG_CACHE_HOME
mkdir -p home tables out
fail() { echo "check_printed: FAILED: $*" >&2; exit 1; }
ok() { echo "check_printed: ok: $*"; }
n=0

# Keeps what "$@" prints (both streams) as one more file of out/.
keep() {
  n=$((n + 1))
  { printf '$ %s\n' "$*"; "$@" </dev/null 2>&1 || true; } >"out/$n.txt"
}

progs=
for p in kalah mk61 puluk mk61-ui; do
  [ -x "$prefix/bin/$p" ] && progs="$progs $p"
done
[ -n "$progs" ] || fail "no program in $prefix/bin"

# The helps.
for p in $progs; do
  keep "$prefix/bin/$p" --help
  for s in $("$prefix/bin/$p" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\).*/\1/p'); do
    keep "$prefix/bin/$p" "$s" --help
    for w in $("$prefix/bin/$p" "$s" --help 2>/dev/null |
      sed -nE "s/^(Usage:| ) +$p $s ([a-z]+)( .*)?$/\\2/p" | sort -u); do
      keep "$prefix/bin/$p" "$s" "$w" --help
    done
  done
done
helps=$n

# The man pages.
for page in "$prefix"/share/man/man1/*.1.gz; do
  [ -e "$page" ] || continue
  n=$((n + 1))
  man -l "$page" >"out/$n.txt" 2>/dev/null || fail "man -l $page"
done
pages=$((n - helps))

# Mistakes and long work, each provoking a message that names something:
# a usage, a parse error with its caret, the players, the solver's
# estimate (which names solver-cluster.md), the assembler's unknown
# instruction, a program with no search, a rule the solver does not take,
# a missing program.
printf 'MOV 1\n' >bad.mk61
printf '1\n+\nС/П\n' >plain.mk61
k=$prefix/bin/kalah m=$prefix/bin/mk61 u=$prefix/bin/puluk
keep "$k"
keep "$k" no-such-command
keep "$k" egdb
keep "$k" book
keep "$k" egdb info
keep "$k" show kalah-6-4:X
keep "$k" show "game (you X): kalah-6-6 3"
keep "$k" analyze --level foo kalah-6-4
keep "$k" match foo random
keep "$k" solve kalah-6-9 --nodes 1000 --tt 16 --no-egdb --threads 1
keep "$k" solve kalah-6-5 --nodes 1000 --tt 16 --no-egdb --threads 1
keep "$k" nodes --positions 2 --max-depth 2
keep "$m"
keep "$m" asm bad.mk61
keep "$m" run plain.mk61 --keys "В/О bogus"
keep "$m" search --program plain.mk61
keep "$m" crosscheck --games 1 --program missing.mk61
if [ -x "$u" ]; then
  keep "$u"
  keep "$u" solve --rules puluk+english --no-save
fi
if [ -x "$prefix/bin/mk61-ui" ]; then
  keep "$prefix/bin/mk61-ui" --steps 5
  keep "$prefix/bin/mk61-ui" missing.mk61 --screenshot x.png
fi

# 1. No path of a source tree.
cat out/*.txt >all.txt
bad=$(grep -nE "(^|[^A-Za-z0-9_./-])(docs|programs|tests|core|emulator|assets|packaging|\\.ci)/|\\.\\./shared|$src" all.txt |
  grep -v '^[0-9]*:\$ ' || true)
[ -z "$bad" ] || fail "a printed path points into a source tree:
$bad"
ok "$helps helps, $pages man pages and $((n - helps - pages)) messages name no path of a source tree"

# 2. The documents named are there.
docs=0
sed -nE 's/.*The documents? named here (is|are) in (\/[^ ]*)\/: (.*)\.$/\2 \3/p' all.txt |
  tr -d ',' | sort -u >cited.txt
grep -oE '/[^ ]*/share/doc/kalah61/[A-Za-z0-9_.-]+\.(md|svg)' all.txt |
  sed -E 's#^(.*)/([^/]*)$#\1 \2#' | sort -u >>cited.txt
[ -s cited.txt ] || fail "no document is named anywhere"
while read -r dir names; do
  case $dir in
    /usr/share/doc/kalah61) [ "$prefix" = /usr ] || dir=$prefix/share/doc/kalah61 ;;
  esac
  for d in $names; do
    [ -f "$dir/$d" ] || fail "$d is named as in $dir/, where it is not"
    docs=$((docs + 1))
  done
done <cited.txt
ok "every document named ($docs namings) is where it is said to be"
