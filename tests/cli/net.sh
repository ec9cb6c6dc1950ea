#!/bin/sh
# Network play as separate processes on loopback: kalah serve, two kalah
# connect clients that play each other, a person (kalah play --remote, with
# scripted input) against the server's engine, and kalah records replaying
# what the server wrote. Usage: net.sh KALAH SCRATCH-DIR
set -u
kalah=$1
dir=$2
rm -rf "$dir" && mkdir -p "$dir" || exit 1
cd "$dir" || exit 1
fail() { echo "FAIL: $*"; for f in serve.out a.out b.out person.out records.out; do
    [ -f $f ] && { echo "--- $f"; cat $f; }; done; kill $server 2>/dev/null; exit 1; }
# Waits for the server just started to write its port (fails naming it).
wait_port() {
    i=0
    while [ ! -s port ]; do
        i=$((i + 1)); [ $i -gt 100 ] && fail "$1 did not start"; sleep 0.1
    done
}

"$kalah" serve --port 0 --port-file port --games 2 --wait 1 --timeout 5 --pits 6 --stones 3 \
    --level alphabeta:e1:2 --record games.txt >serve.out 2>&1 &
server=$!
wait_port "the server"
address=127.0.0.1:$(cat port)

# Two engine clients arrive together and are paired.
"$kalah" connect "$address" --time 0.02 --name ann --quiet >a.out 2>&1 &
a=$!
"$kalah" connect "$address" --level alphabeta:e2:3 --name bob --quiet >b.out 2>&1 &
b=$!
wait $a || fail "ann's client failed"
wait $b || fail "bob's client failed"
grep -q "^game 1: \(won\|lost\|drawn\)" a.out || fail "ann saw no result"

# A person alone gets the engine after the wait; the input tries every pit
# in turn, so some tries hit empty pits and are asked again.
i=0; printf '%0300d\n' 0 >moves
while [ $i -lt 200 ]; do printf '6\n5\nx\n4\n3\n2\n1\n' >>moves; i=$((i + 1)); done
"$kalah" play --remote "$address" --name person <moves >person.out 2>&1 || fail "play --remote failed"
grep -q "Game 1 is over: you \(won\|lost\|drew\)" person.out || fail "the person saw no result"
# Every move is named, the opponent's too, and the clock is shown.
grep -q "You move first" person.out || fail "the first move was not announced"
grep -q "You played [1-6]\. North played [1-6]" person.out || fail "the moves were not named"
grep -q "Your move \[1-6, q quit, [45] s left\]" person.out || fail "the clock was not shown"
grep -q "A pit number from 1 to 6, or q" person.out || fail "a bad answer was not refused"
# The prompt offers the legal pits only: some prompt of the game offers fewer.
grep "Your move \[" person.out | grep -v "Your move \[1-6," | grep -q "Your move \[[1-6][1-6 -]*, q quit" ||
    fail "the prompt did not offer only the legal pits"
grep -q "That line is too long" person.out || fail "an over-long line was not refused"

wait $server || fail "the server failed"
grep -q "2 games finished (1 against the engine)" serve.out || fail "the server's summary"

# Every recorded game replays in the core.
"$kalah" records games.txt >records.out 2>&1 || fail "kalah records refused the record"
grep -q "^2 games replayed in the core" records.out || fail "not 2 games"
grep -q "person .* against kalah61-alphabeta-e1-2" records.out || fail "the person's game"

# A server started again on the same record numbers its games on from there.
rm -f port
"$kalah" serve --port 0 --port-file port --games 1 --wait 0 --pits 4 --stones 2 --level first \
    --record games.txt >serve2.out 2>&1 &
server=$!
wait_port "the second server"
"$kalah" connect 127.0.0.1:$(cat port) --level last --name cy --quiet >c.out 2>&1 || fail "cy's client failed"
wait $server || fail "the second server failed"
"$kalah" records games.txt >records.out 2>&1 || fail "kalah records refused the longer record"
grep -q "^game 3: cy " records.out || fail "the third game is not number 3"

# Without --record a server writes no file, and says so as it starts.
rm -f port
"$kalah" serve --port 0 --port-file port --games 1 --wait 0 --pits 4 --stones 2 --level first \
    >serve3.out 2>&1 &
server=$!
wait_port "the third server"
"$kalah" connect 127.0.0.1:$(cat port) --level last --name di --quiet >d.out 2>&1 || fail "di's client failed"
wait $server || fail "the third server failed"
grep -q "games are not recorded" serve3.out || fail "the server did not say the games go nowhere"
[ ! -e kgp-games.txt ] || fail "a server without --record wrote kgp-games.txt"

# One changed byte is found, with the line it is on.
sed '2s/kalah-6-3+decided \([1-6]\)/kalah-6-3+decided 7\1/' games.txt >damaged.txt
"$kalah" records damaged.txt >damaged.out 2>&1 && fail "a damaged record was accepted"
grep -q "damaged.txt:2: the checksum does not match" damaged.out || fail "the damage report"
echo "ok: $(cat records.out | tail -1)"
