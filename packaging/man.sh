#!/bin/sh
# Writes a command's man page, gzipped, from its own --help (build time;
# called by packaging/CMakeLists.txt):
#   man.sh HELP2MAN COMMAND NAME DESCRIPTION EXTRA.h2m OUT.1.gz
# The page is help2man's reading of 'COMMAND --help' and '--version'; for a
# command with subcommands (the "Commands:" list of its --help, one per line
# indented by two spaces) the DESCRIPTION is its --help's own text with that
# list kept line for line, and a section "COMMANDS IN DETAIL" adds each
# one's 'COMMAND SUB --help' word for word; EXTRA.h2m (help2man's --include
# format) adds the examples, the files and the links. Nothing is written
# by hand twice, so the page cannot drift from --help.
set -eu
# The helps name the documents where they are installed (cli_doc_dir): a
# page says where the Debian package puts them, not where the build's
# programs find them.
export KALAH61_DOC_DIR="${KALAH61_DOC_DIR:-/usr/share/doc/kalah61}"
[ $# -eq 6 ] || { echo "usage: man.sh HELP2MAN COMMAND NAME DESCRIPTION EXTRA.h2m OUT.1.gz" >&2; exit 2; }
help2man=$1 cmd=$2 name=$3 desc=$4 extra=$5 out=$6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# roff: a backslash is \e, a hyphen a minus sign \- (so that options can be
# pasted), and a line may not start with a control character.
roff() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^[.']/\\\\\\&&/"; }
subs=$("$cmd" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\).*/\1/p')
{
  if [ -n "$subs" ]; then
    # help2man's reading of a two-column list runs the "Commands:" lines
    # together where a name and its text are one space apart.
    echo '[=DESCRIPTION]'
    "$cmd" --help | roff | awk '
      !body { if ($0 == "") body = 1; next }   # the usage: the SYNOPSIS
      /^Options:/ { exit }
      /^Commands:/ { print ".SS Commands:"; print ".nf"; list = 1; next }
      $0 == "" { if (list) print ".fi"; else if (text) print ".PP"; list = 0; next }
      { text = 1; print }
      END { if (list) print ".fi" }'
    echo '[COMMANDS IN DETAIL]'
    for s in $subs; do
      text=$("$cmd" "$s" --help)
      printf '.SS "%s %s"\n.nf\n' "$name" "$s"
      printf '%s\n' "$text" | roff
      printf '.fi\n'
    done
  fi
  cat "$extra"
} >"$tmp/include.h2m"
"$help2man" --locale=C.UTF-8 --no-info --section=1 --name="$desc" --include="$tmp/include.h2m" \
  --output="$tmp/page.1" "$cmd"
gzip -9n <"$tmp/page.1" >"$out.new"
mv "$out.new" "$out"
