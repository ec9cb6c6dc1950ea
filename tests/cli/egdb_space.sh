#!/bin/sh
# A database on a disk without room for it: 'kalah egdb build' and the
# build of 'kalah bench --compare' refuse before building, with a message
# that says how much is needed and free, exit code 1, and leave no file.
# The disk is a 1 MB tmpfs mounted in a private mount namespace (unshare,
# in a user namespace or as root); where none can be made the test is
# skipped (exit code 77). Usage: egdb_space.sh KALAH SCRATCH-DIR
set -u
kalah=$1
dir=$2
rm -rf "$dir" && mkdir -p "$dir/small" || exit 1
for how in "-rm" "-m"; do
    if unshare $how sh -c "mount -t tmpfs -o size=1m none '$dir/small'" 2>/dev/null; then
        break
    fi
    how=
done
[ -n "$how" ] || { echo "SKIP: no private mount namespace for a small disk"; exit 77; }

# Run inside the namespace: $1 the expected stderr text, then the command.
# Kalah(4,3) up to 20 stones: C(28, 8) = 3108105 positions, 3 MB.
exec unshare $how sh -c '
    set -u
    dir=$1 kalah=$2
    mount -t tmpfs -o size=1m none "$dir/small" || exit 1
    fail() { echo "FAIL: $*"; cat "$dir/err"; exit 1; }
    KALAH61_EGDB_DIR="$dir/small/db" "$kalah" bench --compare --tt 16 >"$dir/out" 2>"$dir/err"
    [ $? -eq 1 ] || fail "bench --compare: exit code not 1"
    grep -q "^kalah bench: not enough disk space for the database $dir/small/db/kalah-6-any.egdb: it needs 215\.[0-9] MB, and 1\.0 MB is free there$" "$dir/err" ||
        fail "bench --compare: no message about the disk"
    grep -q "^kalah bench: without a 20-stone database the second case cannot run" "$dir/err" ||
        fail "bench --compare: no advice"
    grep -q "^case" "$dir/out" && fail "bench --compare ran cases"
    "$kalah" egdb build --rules kalah-4-3 --max-stones 20 --out "$dir/small/k.egdb" >"$dir/out" 2>"$dir/err"
    [ $? -eq 1 ] || fail "egdb build: exit code not 1"
    grep -q "^kalah egdb: not enough disk space for the database $dir/small/k.egdb: it needs [0-9.]* MB, and 1\.0 MB is free there$" "$dir/err" ||
        fail "egdb build: no message about the disk"
    left=$(find "$dir/small" -type f | wc -l)
    [ "$left" -eq 0 ] || fail "$left files left on the small disk"
    echo OK
' sh "$dir" "$kalah"
