#!/bin/sh
# Every command's --help against the options it takes: each option a help
# names is one the command accepts, and each option the command accepts is
# named in its help (--help and -h go without saying).
#   help_options.sh DIR
# DIR holds the programs kalah, mk61, puluk and, when built, mk61-ui. The
# commands are their subcommands (the "Commands:" list of the program's
# --help) and, for a subcommand that only dispatches (kalah egdb, kalah
# book), the words its usage lines give it ("Usage: kalah egdb build ...").
# The options a command accepts are those of its option table, which the
# commands list on stderr when --help runs with KALAH61_LIST_OPTIONS set
# (cli_help_print). An option inside quotes that name another command
# ('kalah solve --all') is that command's, not this one's.
set -eu
dir=$1
export LC_ALL=C.UTF-8 KALAH61_LIST_OPTIONS=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 checked=0

# The options named in a help text (on stdin), one a line, sorted, for the
# command "$1" ("kalah solve"): long ones, and short ones written "-x" as
# an option ("-o OUT", "[-o OUT]", "-h,"), quotes of other commands left out.
named() {
  sed -E "s/'(kalah|mk61|puluk|mk61-ui)( [a-z-]+)*( [^']*)?'//g" |
    grep -oE '(^|[][ (,|{])--?[a-zA-Z][a-z0-9-]*' | sed -E 's/^[][ (,|{]//' |
    grep -vE '^-[a-zA-Z][a-z0-9]' | sort -u
}

# The options a command accepts, one a line, sorted, into FILE:
#   accepted "PROG SUB..." FILE   (its help into $tmp/help)
accepted() {
  # shellcheck disable=SC2086 # the words of the command
  if ! "$dir"/$1 --help >"$tmp/help" 2>"$tmp/err"; then
    echo "help_options: '$1 --help' failed: $(cat "$tmp/err")"
    failed=1
    return 1
  fi
  sed -n 's/^options: //p' "$tmp/err" | tr ' ' '\n' | sed '/^$/d' | sort -u >"$2"
  [ -s "$2" ] && return 0
  echo "help_options: '$1 --help' did not list its options (KALAH61_LIST_OPTIONS)"
  failed=1
  return 1
}

# check "PROG SUB..." [GROUP]: the help and the options of one command;
# with GROUP (a file), the help may name any option of the group's
# commands, and is held to them all (a dispatcher and its commands share
# one help: kalah egdb build|info|check).
check() {
  cmd=$1 group=${2:-}
  accepted "$cmd" "$tmp/accepted" || return 0
  [ -z "$group" ] || sort -u "$group" "$tmp/accepted" -o "$tmp/accepted"
  # A program's list of commands names their options, not its own.
  case $cmd in
    *" "*) cat "$tmp/help" ;;
    *) sed '/^Commands:/,/^$/d' "$tmp/help" ;;
  esac | named >"$tmp/named"
  # Quotes of this very command stay: its own options.
  self=$(printf '%s' "$cmd" | sed 's/ /\\ /g')
  sed -nE "s/.*'$self( [^']*)'.*/\\1/p" "$tmp/help" | grep -oE '(^| )--?[a-zA-Z][a-z0-9-]*' |
    sed 's/^ //' >>"$tmp/named" || true
  sort -u -o "$tmp/named" "$tmp/named"
  extra=$(comm -23 "$tmp/named" "$tmp/accepted" | tr '\n' ' ')
  missing=$(comm -13 "$tmp/named" "$tmp/accepted" | grep -vxE -- '--help|-h' | tr '\n' ' ' || true)
  if [ -n "$extra" ]; then
    echo "help_options: '$cmd --help' names options it does not take: $extra"
    failed=1
  fi
  if [ -n "$missing" ]; then
    echo "help_options: '$cmd' takes options its --help does not name: $missing"
    failed=1
  fi
  checked=$((checked + 1))
}

for prog in kalah mk61 puluk mk61-ui; do
  [ -x "$dir/$prog" ] || continue
  check "$prog"
  subs=$("$dir/$prog" --help 2>/dev/null | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\).*/\1/p')
  for sub in $subs; do
    # A dispatcher (no options of its own): its usage lines name its
    # commands; it and they are held to the options of them all.
    accepted "$prog $sub" "$tmp/own" || continue
    words=
    if ! grep -qvxE -- '--help|-h' "$tmp/own"; then
      words=$(sed -nE "s/^(Usage:| ) +$prog $sub ([a-z]+)( .*)?$/\\2/p" "$tmp/help" | sort -u)
    fi
    if [ -z "$words" ]; then
      check "$prog $sub"
      continue
    fi
    : >"$tmp/group"
    for w in $words; do
      accepted "$prog $sub $w" "$tmp/one" && cat "$tmp/one" >>"$tmp/group"
    done
    check "$prog $sub" "$tmp/group"
    for w in $words; do
      check "$prog $sub $w" "$tmp/group"
    done
  done
done
[ "$checked" -gt 20 ] || { echo "help_options: only $checked commands found in $dir"; exit 1; }
[ "$failed" -eq 0 ] || exit 1
echo "help_options: $checked commands: every option each --help names is taken, every option taken is named"
