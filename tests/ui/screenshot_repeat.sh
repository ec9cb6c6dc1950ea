#!/bin/sh
# The README's screenshot command draws the same pixels on an idle machine
# and on a busy one: run once as it is, and once pinned to a single core
# (taskset -c 0) that it shares with eight CPU-bound processes. The window's
# judge of the calculator's moves has a node budget, no clock, so its
# verdicts (drawn in the cross-check panel) cannot depend on the load.
# The PNG writer is deterministic (zlib at a fixed level), so the same
# pixels are the same bytes: the files are compared with cmp.
# Usage: screenshot_repeat.sh MK61-UI README.md SCRATCH-DIR
set -u
ui=$1
readme=$2
dir=$3
rm -rf "$dir" && mkdir -p "$dir" || exit 1
busy=""
stop_busy() { for p in $busy; do kill "$p" 2>/dev/null; done; busy=""; }
fail() { echo "FAIL: $*"; stop_busy; exit 1; }
trap stop_busy EXIT INT TERM

# The command as the README gives it, writing into the scratch directory.
line=$(grep '^SDL_VIDEODRIVER=offscreen build/mk61-ui .*--screenshot docs/screenshot.png$' "$readme")
[ -n "$line" ] || fail "no screenshot command in $readme"
args=${line#SDL_VIDEODRIVER=offscreen build/mk61-ui }
args=${args% --screenshot docs/screenshot.png}
echo "command: mk61-ui $args --screenshot FILE"
run() { # run PREFIX FILE
    eval "SDL_VIDEODRIVER=offscreen $1 \"\$ui\" $args --screenshot \"\$2\"" ||
        fail "mk61-ui failed ($1)"
}

run "" "$dir/idle.png"

command -v taskset >/dev/null || fail "taskset (util-linux) is needed"
i=0
while [ $i -lt 8 ]; do
    taskset -c 0 timeout 120 sh -c 'while :; do :; done' &
    busy="$busy $!"
    i=$((i + 1))
done
run "taskset -c 0" "$dir/busy.png"
stop_busy

cmp "$dir/idle.png" "$dir/busy.png" || fail "the busy run drew other pixels than the idle one"
echo "the same pixels, idle and on a core shared with 8 busy processes"
