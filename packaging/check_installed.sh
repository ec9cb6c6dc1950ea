#!/bin/sh
# Checks an installed kalah61 tree as a person would use it:
#   check_installed.sh PREFIX
# PREFIX holds bin/ and share/ (/usr of an unpacked .deb, or an install
# moved away from the source and build trees). Runs every program from a
# scratch folder, so nothing is found through the working folder:
#   - the files are where they belong;
#   - mk61 run on the installed kalah.mk61 plays a move (the board worked
#     out by hand: Kalah(6,4), pit 3 sows one stone into each of 4, 5, 6 and
#     the store, an extra turn);
#   - mk61 crosscheck and mk61-ui --screenshot, with no program named, load
#     the installed kalah.mk61; with it moved away they fail and name it,
#     which shows that they found it there and not in a source tree;
#   - puluk answers --help, and each of its subcommands' --help, and plays a
#     match of the seed's gods whose games add up;
#   - man -l renders each page without a warning, with its options;
#   - desktop-file-validate passes, and the entry's command and icon exist;
#   - nothing they print points into a source tree, and the documents they
#     name are installed where they say (check_printed.sh).
# Environment: K61_NO_UI=1 when the tree has no mk61-ui (no SDL), K61_NO_MAN=1
# when it has no man pages (no help2man). Prints one line a check; exits 1
# at the first failure.
set -eu
[ $# -eq 1 ] || { echo "usage: check_installed.sh PREFIX" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
prefix=$(cd "$1" && pwd)
data=$prefix/share/kalah61
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export LC_ALL=C.UTF-8
fail() { echo "check_installed: FAILED: $*" >&2; exit 1; }
ok() { echo "check_installed: ok: $*"; }

# A PNG's width and height (the IHDR chunk), as "W H".
png_size() {
  [ "$(od -An -tx1 -N8 "$1" | tr -d ' \n')" = 89504e470d0a1a0a ] || return 1
  od -An -tu1 -j16 -N8 "$1" |
    awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}

files="bin/kalah bin/mk61 bin/puluk share/kalah61/kalah.mk61 share/doc/kalah61/kalah.md
  share/doc/kalah61/kalah105.md share/kalah61/puluk.mk61 share/doc/kalah61/puluk-mk61.md
  share/doc/kalah61/copyright share/doc/kalah61/changelog.gz"
pages="kalah mk61 puluk"
if [ "${K61_NO_UI:-0}" != 1 ]; then
  files="$files bin/mk61-ui share/applications/kalah61.desktop
    share/icons/hicolor/256x256/apps/kalah61.png"
  pages="$pages mk61-ui"
fi
[ "${K61_NO_MAN:-0}" = 1 ] || for p in $pages; do files="$files share/man/man1/$p.1.gz"; done
for f in $files; do
  [ -f "$prefix/$f" ] || fail "$prefix/$f is missing"
done
ok "the installed files are there"

out=$("$prefix/bin/mk61" run "$data/kalah.mk61" --keys "4 В↑ 2 В↑ 1 В/О С/П 3 С/П") ||
  fail "mk61 run on the installed kalah.mk61"
board=$(printf '%s\n' "$out" | sed -n 's/^R[0-9]* *\([0-9]*\) *(\(P[1-6K]\))$/\2=\1/p' | tr '\n' ' ')
[ "$board" = "P1=4 P2=4 P3=0 P4=5 P5=5 P6=5 PK=1 " ] ||
  fail "mk61 run: the person's row after pit 3 is '$board'"
ok "mk61 run $data/kalah.mk61: pit 3 played ($board)"

"$prefix/bin/mk61" crosscheck --games 1 --stones 3 --depth 1 >xcheck.txt ||
  fail "mk61 crosscheck with the installed program: $(cat xcheck.txt)"
grep -q ' 0 mismatches' xcheck.txt || fail "mk61 crosscheck: $(cat xcheck.txt)"
ok "mk61 crosscheck, no --program: $(cut -d, -f1-3 xcheck.txt)"

"$prefix/bin/puluk" --help >puluk.txt || fail "puluk --help"
subs=$(sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\).*/\1/p' puluk.txt)
[ -n "$subs" ] || fail "puluk --help: no Commands: list found"
for s in $subs; do
  "$prefix/bin/puluk" "$s" --help | grep -q "^Usage: puluk $s" || fail "puluk $s --help"
done
"$prefix/bin/puluk" match quetzalcoatl camaxtli --games 20 --json >match.txt ||
  fail "puluk match: $(cat match.txt)"
sum=$(sed -n 's/.*"games": \([0-9]*\), .*"wins_a": \([0-9]*\), "wins_b": \([0-9]*\), "unfinished": \([0-9]*\), "win_rate_a".*/\1 \2 \3 \4/p' match.txt |
  awk '{ print $1 == 20 && $2 + $3 + $4 == 20 }')
[ "$sum" = 1 ] || fail "puluk match: the games do not add up to 20: $(cat match.txt)"
ok "puluk --help and its $(echo "$subs" | wc -w) subcommands' --help; puluk match of 20 games"

if [ "${K61_NO_UI:-0}" != 1 ]; then
  SDL_VIDEODRIVER=offscreen "$prefix/bin/mk61-ui" --screenshot shot.png ||
    fail "mk61-ui --screenshot with no program"
  [ "$(png_size shot.png)" = "1280 800" ] || fail "mk61-ui --screenshot: not a 1280x800 PNG"
  ok "mk61-ui --screenshot (no program: the installed kalah.mk61)"
  [ "$(png_size "$prefix/share/icons/hicolor/256x256/apps/kalah61.png")" = "256 256" ] ||
    fail "the icon is not a 256x256 PNG"
  desktop-file-validate "$prefix/share/applications/kalah61.desktop" ||
    fail "desktop-file-validate"
  exec_line=$(sed -n 's/^Exec=//p' "$prefix/share/applications/kalah61.desktop")
  icon=$(sed -n 's/^Icon=//p' "$prefix/share/applications/kalah61.desktop")
  [ -x "$prefix/bin/${exec_line%% *}" ] || fail "the desktop entry's Exec=$exec_line is not in bin/"
  [ "$icon" = kalah61 ] || fail "the desktop entry's Icon=$icon is not the installed kalah61.png"
  ok "kalah61.desktop is valid; it opens bin/$exec_line with the 256x256 icon"
fi

# Without the installed program the commands fail and name where it
# belongs: they never fall back to a source tree.
mv "$data/kalah.mk61" "$data/kalah.mk61.away"
rc=0
"$prefix/bin/mk61" crosscheck --games 1 >/dev/null 2>missing.txt || rc=$?
if [ "${K61_NO_UI:-0}" != 1 ]; then
  SDL_VIDEODRIVER=offscreen "$prefix/bin/mk61-ui" --screenshot gone.png 2>>missing.txt || rc=$((rc + $?))
fi
mv "$data/kalah.mk61.away" "$data/kalah.mk61"
if [ "$rc" -eq 0 ] || [ -e gone.png ]; then fail "with kalah.mk61 moved away a command still ran"; fi
named=$(grep -c "cannot open $prefix/bin/../share/kalah61/kalah.mk61" missing.txt || true)
[ "${K61_NO_UI:-0}" = 1 ] || [ "$named" = 2 ] || fail "the message does not name the installed file: $(cat missing.txt)"
[ "$named" -ge 1 ] || fail "the message does not name the installed file: $(cat missing.txt)"
ok "without share/kalah61/kalah.mk61 the commands refuse and name it"

if [ "${K61_NO_MAN:-0}" != 1 ]; then
  for p in $pages; do
    page=$prefix/share/man/man1/$p.1.gz
    MANWIDTH=80 man --warnings -l "$page" >page.txt 2>warn.txt || fail "man -l $page"
    [ ! -s warn.txt ] || fail "man -l $page warns: $(cat warn.txt)"
    # Every option of the command's --help, and of each of its
    # subcommands' (its "Commands:" list), is on its page.
    cmd=$prefix/bin/$p
    subs=$("$cmd" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\).*/\1/p')
    # (kalah, mk61 and puluk have subcommands: a --help whose list can no longer be
    # read would leave them off the page, and off this check.)
    case $p in kalah|mk61|puluk) [ -n "$subs" ] || fail "$p --help: no Commands: list found" ;; esac
    for s in $subs; do
      grep -q "^   $p $s\$" page.txt || fail "man -l $page: no section for $p $s"
    done
    { "$cmd" --help
      for s in $subs; do "$cmd" "$s" --help; done; } | grep -o -- '--[a-z][a-z-]*' | sort -u >opts.txt
    while read -r o; do
      grep -q -- "$o" page.txt || fail "man -l $page: no $o"
    done <opts.txt
    grep -q '^EXAMPLES' page.txt || fail "man -l $page: no EXAMPLES"
    ok "man -l $p.1.gz: $(wc -l <page.txt) lines, all $(wc -l <opts.txt) options of the --help texts, examples"
  done
fi

# What the installed programs print points into no source tree, and the
# documents it names are where it says (check_printed.sh).
sh "$here/check_printed.sh" "$prefix"
