#!/bin/sh
# The window's idle cost, as a benchmark that prints figures (not a test:
# no test asserts on time; test_ui's idle_frames counts the frames drawn):
#   [K61_PRESS=KEY] idle_cpu.sh MK61-UI [SECONDS [ARGS...]]
# Starts Xvfb on a free display, opens MK61-UI ARGS there (an idle window
# by default), waits 5 s for it to settle, then for SECONDS (60) counts
# the frames it presents (SDL_RenderPresent, through an LD_PRELOAD shim
# built here with cc) and the CPU time it uses (/proc/PID/stat), and
# prints both. Needs Xvfb (Debian: xvfb) and a C compiler.
set -eu
[ $# -ge 1 ] || { echo "usage: idle_cpu.sh MK61-UI [SECONDS [ARGS...]]" >&2; exit 2; }
ui=$1
secs=${2:-60}
[ $# -lt 2 ] || shift
shift
tmp=$(mktemp -d)
xpid= upid=
cleanup() {
  if [ -n "$upid" ]; then kill "$upid" 2>/dev/null && wait "$upid" 2>/dev/null || true; fi
  [ -z "$xpid" ] || kill "$xpid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
cat >"$tmp/count.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
static volatile long presents;
static void (*real)(void *);
void SDL_RenderPresent(void *r)
{
    if (!real)
        real = (void (*)(void *))dlsym(RTLD_NEXT, "SDL_RenderPresent");
    presents++;
    real(r);
}
static void dump(int sig)
{
    (void)sig;
    FILE *o = fopen(getenv("K61_COUNT_OUT"), "a");
    if (o) {
        fprintf(o, "%ld\n", presents);
        fclose(o);
    }
}
__attribute__((constructor)) static void start(void) { signal(SIGUSR1, dump); }
C
cc -shared -fPIC -O2 -o "$tmp/count.so" "$tmp/count.c" -ldl
d=99
while [ -e "/tmp/.X$d-lock" ]; do d=$((d + 1)); done
Xvfb ":$d" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
sleep 1
# CPU ticks (user + system) of a process.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
DISPLAY=":$d" K61_COUNT_OUT="$tmp/frames" LD_PRELOAD="$tmp/count.so" "$ui" "$@" &
upid=$!
sleep 5
# K61_PRESS=KEY: a key pressed in the window first (xdotool; Debian:
# xdotool), F5 (Run) to measure a running program.
if [ -n "${K61_PRESS:-}" ]; then
  wid=$(DISPLAY=":$d" xdotool search --name kalah61 | head -1)
  DISPLAY=":$d" xdotool windowfocus --sync "$wid" key "$K61_PRESS"
  sleep 1
fi
kill -0 "$upid" || { echo "idle_cpu: $ui exited" >&2; exit 1; }
t0=$(ticks "$upid")
kill -USR1 "$upid"
sleep "$secs"
t1=$(ticks "$upid")
kill -USR1 "$upid"
sleep 0.5
hz=$(getconf CLK_TCK)
f0=$(sed -n 1p "$tmp/frames")
f1=$(sed -n 2p "$tmp/frames")
awk -v f="$((f1 - f0))" -v t="$((t1 - t0))" -v hz="$hz" -v s="$secs" 'BEGIN {
  printf "frames presented in %d s: %d (%.1f a second); CPU: %.2f s, %.2f%% of a core\n",
         s, f, f / s, t / hz, 100 * t / hz / s }'
