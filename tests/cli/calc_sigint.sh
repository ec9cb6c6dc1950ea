#!/bin/sh
# mk61 calc and Ctrl-C (SIGINT sent to the process): a running program
# (loop: БП loop, with no step limit) stops as С/П stops it, the machine is
# kept and answers keys; at the prompt, Ctrl-C twice in a row quits.
# Usage: calc_sigint.sh MK61 SCRATCH-DIR. No step of it is timed: it waits
# for each answer, polling.
set -u
mk61=$1
dir=$2
rm -rf "$dir" && mkdir -p "$dir" || exit 1
cd "$dir" || exit 1
printf 'loop: БП loop\n' >loop.mk61
mkfifo in || exit 1
"$mk61" calc loop.mk61 --max-steps 0 <in >out 2>&1 &
calc=$!
exec 3>in
fail() { echo "FAIL: $*"; echo "--- out"; cat out; kill $calc 2>/dev/null; exit 1; }
# wait_for TEXT COUNT: until out holds TEXT at least COUNT times (60 s at most)
wait_for() {
    i=0
    while [ "$(grep -c -- "$1" out)" -lt "$2" ]; do
        i=$((i + 1)); [ $i -gt 600 ] && fail "no '$1' (x$2)"; sleep 0.1
    done
}
wait_for '^> ' 1
printf 'rtn rs\n' >&3
# One Ctrl-C: the program stops wherever it is, once it is reading keys or
# running (a Ctrl-C before the run is kept for it).
sleep 0.2
kill -INT $calc
wait_for 'Stopped by Ctrl-C at address 00' 1
kill -0 $calc 2>/dev/null || fail "mk61 calc ended on one Ctrl-C"
# The machine is kept: 2 В↑ 3 + shows 5.
printf '2 enter 3 + :regs\n' >&3
wait_for '^X  *5$' 1
grep -q '^state  *ready at address 00' out || fail "the machine is not ready at 00 after Ctrl-C"
# At the prompt: one Ctrl-C says how to quit, the second quits.
kill -INT $calc
wait_for 'Ctrl-C again or :q quits' 1
kill -INT $calc
i=0
while kill -0 $calc 2>/dev/null; do
    i=$((i + 1)); [ $i -gt 600 ] && fail "two Ctrl-C at the prompt did not quit"; sleep 0.1
done
wait $calc || fail "mk61 calc exited with $? on Ctrl-C twice"
exec 3>&-
echo ok
