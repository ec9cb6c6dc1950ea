#!/bin/sh
# The work over MPI against the single process (docs/solver-cluster.md),
# with several ranks on this machine (Open MPI: --oversubscribe; as root,
# OMPI_ALLOW_RUN_AS_ROOT and its confirmation come from CTest):
#   egdb    'kalah egdb build --mpi' replicated and partitioned, 2 and 3
#           ranks, 1 and 2 threads, three rule sets: the file is byte for
#           byte 'kalah egdb build''s
#   resume  a rank killed (SIGKILL) mid-build: the job ends with an error
#           naming what happened, no file at the output path but the
#           partial file of the finished levels (itself a whole database),
#           no second start without --resume, and --resume completes a
#           byte-identical file
#   solve   'kalah solve --mpi' on positions of several rule sets, with
#           and without --all, with and without a database: the same
#           value, every move's value (and with --all the same best move,
#           the lowest pit of the best), and a best move worth the value
# Usage: mpi.sh MODE KALAH MPIEXEC SCRATCH-DIR
set -u
mode=$1 kalah=$2 mpiexec=$3 dir=$4
rm -rf "$dir" && mkdir -p "$dir" || exit 1
extra=
"$mpiexec" --version 2>&1 | grep -q "Open MPI\|OpenRTE" && extra=--oversubscribe
fail() { echo "FAIL: $*"; for f in "$dir"/out "$dir"/err; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done; exit 1; }
mpi() { np=$1; shift; "$mpiexec" $extra -np "$np" "$kalah" "$@" >"$dir/out" 2>"$dir/err"; }

case $mode in
egdb)
    for rules in kalah-6-4:12 kalah-6-4+empty:10 kalah-4-4+mover:12; do
        r=${rules%:*} k=${rules#*:}
        "$kalah" egdb build --rules "$r" --max-stones "$k" --threads 1 --out "$dir/one.egdb" \
            >"$dir/out" 2>"$dir/err" || fail "$r: the single build"
        for how in "3 1" "2 2" "3 1 --partition" "2 2 --partition"; do
            set -- $how
            np=$1 th=$2; shift 2
            rm -f "$dir/mpi.egdb"
            mpi "$np" egdb build --mpi --rules "$r" --max-stones "$k" --threads "$th" \
                --out "$dir/mpi.egdb" "$@" || fail "$r, $np ranks of $th threads $*: exit code"
            layout=replicated
            [ $# -gt 0 ] && layout=partitioned
            grep -q "^Built [0-9]* positions in .* over $np ranks of $th threads\?, $layout" "$dir/out" ||
                fail "$r, $np ranks $*: not built $layout"
            cmp "$dir/one.egdb" "$dir/mpi.egdb" || fail "$r, $np ranks of $th threads $*: files differ"
            [ -e "$dir/mpi.egdb.partial" ] && fail "$r: the partial file is left"
        done
    done
    echo OK ;;
resume)
    "$kalah" egdb build --rules kalah-6-4 --max-stones 12 --threads 1 --out "$dir/one.egdb" \
        >"$dir/out" 2>"$dir/err" || fail "the single build"
    KALAH61_TEST_HOLD_LEVEL=8 "$mpiexec" $extra -np 3 "$kalah" egdb build --mpi \
        --rules kalah-6-4 --max-stones 12 --threads 1 --partition --out "$dir/A" \
        >"$dir/out" 2>"$dir/err" &
    job=$!
    # Levels 0..8 on disk: the partial file's header says 8 stones (byte 20).
    for i in $(seq 600); do
        kill -0 "$job" 2>/dev/null || break
        [ -f "$dir/A.partial" ] && [ "$(od -An -tu1 -j20 -N1 "$dir/A.partial" 2>/dev/null | tr -d ' ')" = 8 ] && break
        sleep 0.1
    done
    victim=
    for p in /proc/[0-9]*; do
        [ "$(awk '/^PPid:/ { print $2 }' "$p/status" 2>/dev/null)" = "$job" ] || continue
        tr '\0' '\n' <"$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=1\|PMI_RANK=1" && victim=${p#/proc/}
    done
    [ -n "$victim" ] || { kill "$job" 2>/dev/null; fail "no rank 1 among the children of $job"; }
    kill -KILL "$victim"
    wait "$job"
    rc=$?
    cp "$dir/err" "$dir/err.killed"
    [ "$rc" -ne 0 ] || fail "the job lost a rank and ended with exit code 0"
    grep -q "rank 1 .*signal 9\|signal 9 (Killed)" "$dir/err" ||
        fail "no message naming the rank killed"
    grep -q "^kalah egdb build: rank 0 of 3 ended by SIGTERM while building level 9 of 12 .*; levels 0\.\.8 are in $dir/A.partial: run the same command with --resume to go on$" "$dir/err" ||
        fail "no message saying which levels are on disk"
    [ -e "$dir/A" ] && fail "a file at the output path"
    "$kalah" egdb check "$dir/A.partial" >"$dir/out" 2>"$dir/err" || fail "the partial file is not a database"
    grep -q "OK (kalah-6-4, up to 8 stones" "$dir/out" || fail "the partial file does not hold levels 0..8"
    mpi 2 egdb build --mpi --rules kalah-6-4 --max-stones 12 --threads 1 --out "$dir/A" &&
        fail "a second build started over the partial file without --resume"
    grep -q "A.partial holds the levels of an earlier build: go on from it with --resume, or delete it" "$dir/err" ||
        fail "no advice to --resume"
    [ -e "$dir/A" ] && fail "a file at the output path after the refusal"
    mpi 2 egdb build --mpi --rules kalah-6-4 --max-stones 12 --threads 1 --out "$dir/A" --resume ||
        fail "--resume: exit code"
    grep -q "going on from $dir/A.partial: levels 0\.\.8 were finished" "$dir/err" || fail "--resume did not go on from level 9"
    grep -q "^Levels 0\.\.8 came from $dir/A.partial" "$dir/out" || fail "--resume: no word of the levels found"
    cmp "$dir/one.egdb" "$dir/A" || fail "the resumed file differs from the single build's"
    [ -e "$dir/A.partial" ] && fail "the partial file is left"
    echo OK ;;
solve)
    # Positions of several rule sets: starts, and after a few moves.
    "$kalah" egdb build --rules kalah-5-4 --max-stones 12 --threads 1 --out "$dir/k5.egdb" \
        >"$dir/out" 2>"$dir/err" || fail "the database"
    n=0
    for case in "2 kalah-6-3" "3 kalah-5-3 2 4" "2 kalah-5-3+empty" "3 kalah-4-4+mover 2" \
                "2 kalah-4-3+decided" "3 relay-4-3" "3 kalah-5-4 3 --egdb $dir/k5.egdb" \
                "2 kalah-5-4+empty 1 4 --no-egdb"; do
        set -- $case
        np=$1; shift
        # The single process with --all says it all: the value, each move's.
        "$kalah" solve "$@" --all --threads 1 --tt 16 --quiet >"$dir/one" 2>&1 ||
            fail "$*: the single solve"
        grep "^Value:" "$dir/one" >"$dir/v1"
        grep "^  *[0-9][0-9]*  *[-+0-9]" "$dir/one" | sed 's/  best$//' >"$dir/t1"
        value=$(sed -n 's/^Value: \([-+0-9]*\) .*/\1/p' "$dir/one")
        for all in "" --all; do
            mpi "$np" solve "$@" $all --threads 1 --tt 16 --quiet --mpi ||
                fail "$* $all: $np ranks: exit code"
            grep "^Value:" "$dir/out" >"$dir/v2"
            [ -s "$dir/v1" ] && cmp -s "$dir/v1" "$dir/v2" ||
                fail "$* $all: the values differ: $(cat "$dir/v1") / $(cat "$dir/v2")"
            grep -q "^Over MPI: $np ranks" "$dir/out" || fail "$*: no word of the ranks"
            # The best move: one the single process finds worth the value.
            best=$(sed -n 's/^Best move: pit //p' "$dir/out")
            grep -q "^ *$best  *$value$" "$dir/t1" || fail "$* $all: pit $best is not worth $value"
            if [ -n "$all" ]; then
                grep "^  *[0-9][0-9]*  *[-+0-9]" "$dir/out" | sed 's/  best$//' >"$dir/t2"
                cmp -s "$dir/t1" "$dir/t2" || fail "$* --all: the moves' values differ"
                [ "$(grep '^Best move' "$dir/one")" = "$(grep '^Best move' "$dir/out")" ] ||
                    fail "$* --all: best moves $(grep '^Best move' "$dir/one") and $(grep '^Best move' "$dir/out")"
            fi
            n=$((n + 1))
        done
    done
    echo "OK: $n positions"
    ;;
*) echo "mpi.sh: unknown mode $mode"; exit 2 ;;
esac
