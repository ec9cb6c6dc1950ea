#!/bin/sh
# Every example the commands' --help texts and the README give, run.
#   examples.sh BIN SOURCE
# BIN holds the programs (kalah, mk61, puluk, mk61-ui when built); SOURCE
# is the source tree (its README.md, and the files the README's examples
# read: tests/, programs/, ../shared/ when it is there).
#
# The examples: the lines of every --help (the programs', their commands',
# a dispatcher's commands') that start with the program's name after an
# optional "Usage:" or "Example(s):", without placeholders (a word in
# capitals, [ ], { }, |, ...); and the lines of the README's code blocks
# that run build/kalah, build/mk61, build/puluk or build/mk61-ui. Each runs
# in a scratch folder (HOME, the databases' and tables' folders there too;
# tests/ and programs/ linked from SOURCE; docs/ made empty for the files
# the examples write), with no input (an interactive one ends at once),
# and must exit 0. The long ones are bounded by counts, never by time:
#   kalah solve, analyze --exact   --nodes 200000 (exit 1 allowed: the budget)
#   kalah bench                    --nodes 20000 --tt 16
#   kalah egdb build               --max-stones at most 12
#   kalah match, tournament        --games 2
#   puluk match, tournament        --games 2
#   mk61 crosscheck                --games 1
#   puluk solve                    --epsilon 1e-3 (run first: the perfect
#                                  player's table for the others)
#   kalah connect                  --level easy for --time, one game
#   mk61-ui without --screenshot   --screenshot window.png (the window
#                                  drawn once: with no one at the keys it
#                                  would stay open)
# and a server runs with one game (--games 1, --port 0), its clients being
# the README's (kalah connect, kalah play --remote) or one engine client.
set -eu
bin=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
scratch=$(mktemp -d)
spid=
cleanup() {
  if [ -n "$spid" ]; then kill "$spid" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT
cd "$scratch"
mkdir -p docs/screens home tables
ln -s "$src/tests" tests
ln -s "$src/programs" programs
export HOME="$scratch/home" PULUK_TABLE_DIR="$scratch/tables" PATH="$bin:$PATH"
export SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy LC_ALL=C.UTF-8
unset XDG_CACHE_HOME KALAH61_EGDB_DIR KALAH61_LIST_OPTIONS KALAH61_DOC_DIR
failed=0 ran=0

# ---- the examples ------------------------------------------------------------

helps() {
  for prog in kalah mk61 puluk mk61-ui; do
    [ -x "$bin/$prog" ] || continue
    "$prog" --help
    for sub in $("$prog" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\).*/\1/p'); do
      "$prog" "$sub" --help
      for w in $("$prog" "$sub" --help |
        sed -nE "s/^(Usage:| ) +$prog $sub (build|info|check)( .*)?$/\\2/p" | sort -u); do
        "$prog" "$sub" "$w" --help
      done
    done
  done 2>/dev/null
}
helps | sed -E 's/^(Usage|Examples?):/ /' |
  grep -E '^ +(kalah|mk61|puluk|mk61-ui)( |$)' | grep -vE '[][{}|]|\.\.\.|\<[A-Z]{2,}\>' |
  sed -E 's/^ +//; s/ +$//' | awk '!seen[$0]++' >help.txt
awk '/^```/ { block = !block; next } block' "$src/README.md" |
  grep -E '^([A-Z_]+=[^ ]+ )*build/(kalah|mk61|puluk|mk61-ui) ' |
  sed -E 's/ +#.*$//; s#build/##' | grep -vE '\<[A-Z]{2,}\>( |$)' >readme.txt
[ -s help.txt ] && [ -s readme.txt ] || { echo "examples: none found"; exit 1; }

# ---- running one -----------------------------------------------------------------

# The example bounded by counts (see above).
bound() {
  printf '%s\n' "$1" | sed -E \
    -e '/^kalah (solve|analyze .*--exact)/ s/$/ --nodes 200000/' \
    -e '/^kalah bench/ s/$/ --nodes 20000 --tt 16/' \
    -e '/^kalah egdb build/ s/--max-stones (1[3-9]|[2-4][0-9])/--max-stones 12/' \
    -e '/^(kalah|puluk) (match|tournament)/ { s/--games [0-9]+/--games 2/; /--games/! s/$/ --games 2/; }' \
    -e '/^mk61 crosscheck/ s/--games [0-9]+/--games 1/' \
    -e '/^puluk solve/ s/$/ --epsilon 1e-3 --quiet/' \
    -e '/^kalah connect/ { s/--time [0-9.]+/--level easy/; s/$/ --games 1/; }' \
    -e '/^([A-Z_]+=[^ ]+ )*mk61-ui/ { /--screenshot/! s/$/ --screenshot window.png/; }' \
    -e "s#\\.\\./shared/#$src/../shared/#g"
}

# Runs one example line (sh syntax) from where; with budget, exit 1 is
# allowed when the output says the budget ran out.
run() {
  where=$1 line=$2
  ran=$((ran + 1))
  rc=0
  # The window under AddressSanitizer: SDL's drivers leave memory at exit
  # that is not ours, so leaks go unreported there, as in the UI tests.
  asan=${ASAN_OPTIONS:-}
  case $line in *mk61-ui*) asan="${asan:+$asan:}detect_leaks=0" ;; esac
  ASAN_OPTIONS=$asan sh -c "$line" </dev/null >out.txt 2>&1 || rc=$?
  if [ "$rc" -eq 0 ] || { [ "$rc" -eq 1 ] && grep -q 'budget ran out' out.txt; }; then
    echo "examples: ok ($where): $line"
  else
    echo "examples: FAILED ($where, exit $rc): $line"
    sed 's/^/    /' out.txt | tail -20
    failed=1
  fi
}

# A server for the clients of an example, one game: its pid in spid, its
# port in port.
serve() {
  rm -f port.txt
  # shellcheck disable=SC2086 # the server's options
  kalah serve --port 0 --port-file port.txt --games 1 --quiet $1 </dev/null >serve.txt 2>&1 &
  spid=$!
  n=0
  while [ ! -s port.txt ] && [ "$n" -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
  port=$(cat port.txt)
}

# The server's end (its game over, or Ctrl-C when no game can end).
serve_done() {
  if [ "$1" = stop ]; then kill -INT "$spid" 2>/dev/null || true; fi
  rc=0
  wait "$spid" || rc=$?
  spid=
  [ "$rc" -eq 0 ] || { echo "examples: FAILED: the server exited $rc"; cat serve.txt; failed=1; }
}

example() {
  where=$1 line=$(bound "$2")
  case $line in
    *"$src/../shared/"*)
      [ -d "$src/../shared" ] || { echo "examples: skipped ($where, no ../shared): $line"; return; } ;;
  esac
  case $line in
    *mk61-ui*) [ -x "$bin/mk61-ui" ] || { echo "examples: skipped (no mk61-ui): $line"; return; } ;;
  esac
  case $line in
    "kalah serve"*)
      # The server with one game, played by one engine client (two when
      # lone clients wait for a partner).
      opts=$(printf '%s\n' "$line" | sed -E 's/^kalah serve//; s/--port [0-9]+//')
      serve "$opts"
      cpid=
      case $line in
        *"--wait never"*)
          kalah connect "127.0.0.1:$port" --games 1 --level easy --quiet >client2.txt 2>&1 \
            </dev/null &
          cpid=$! ;;
      esac
      run "$where" "kalah connect 127.0.0.1:$port --games 1 --level easy --quiet"
      if [ -n "$cpid" ]; then wait "$cpid" || { echo "examples: FAILED: the second client"; failed=1; }; fi
      serve_done end
      echo "examples: ok ($where): $line (one game, port $port)"
      ;;
    "kalah connect "* | "kalah play --remote "*)
      serve "--wait 0.1 --level easy"
      run "$where" "$(printf '%s\n' "$line" | sed -E "s/[0-9.]+:2671/127.0.0.1:$port/")"
      case $line in
        "kalah connect"*) serve_done end ;;
        *) serve_done stop ;;
      esac
      ;;
    *) run "$where" "$line" ;;
  esac
}

# The perfect player's table first, by the README's puluk solve.
grep -q '^puluk solve' readme.txt && example README "$(grep -m1 '^puluk solve' readme.txt)"
while IFS= read -r line; do example help "$line"; done <help.txt
while IFS= read -r line; do
  case $line in "puluk solve"*) continue ;; esac
  example README "$line"
done <readme.txt
[ "$ran" -gt 30 ] || { echo "examples: only $ran run"; exit 1; }
[ "$failed" -eq 0 ] || exit 1
echo "examples: all $ran examples of the helps and the README ran"
