#!/usr/bin/env bash
# The referee against hostile programs (hostile.sh): each gets the verdict
# that says what it did, the honest players beside it are never judged
# otherwise than "ok", nothing of a hostile program is left running, nothing
# it does reaches outside its folder, and the referee's temporary folder is
# gone however the referee ends.
set -u
dir=$(mktemp -d)
trap 'pkill -P $$ 2>/dev/null; rm -rf "$dir"' EXIT
# The players run as nobody when the referee is root: the programs go where
# everyone may run them.
chmod 755 "$dir"
mkdir "$dir/bin" "$dir/tmp"
cp "$1" "$2" "$dir/bin/"
amazons=$dir/bin/amazons hostile=$dir/bin/hostile.sh
cd "$dir"
export TMPDIR=$dir/tmp
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# [PLAYER=NAME] [STRICT=1] [LIMIT=MS] expect MODE VERDICT [REFEREE OPTIONS...]
expect() {
  local mode=$1 verdict=$2 player=${PLAYER:-h-$1} strict=${STRICT:-0}
  shift 2
  "$amazons" referee --rows 6 --cols 6 --amazons 2 --limit "${LIMIT:-1500}" --seed 3 --log "$mode.log" "$@" \
    "$amazons player=honest1 nodes=30 strict=$strict" "$hostile $mode $amazons" \
    "$amazons player=honest2 nodes=30 strict=$strict" \
    >"$mode.out" 2>&1 || fail "$mode: the referee exited $?: $(tail -2 "$mode.out")"
  if ! grep -q "\"player\":\"$player\".*\"verdict\":\"$verdict" "$mode.log"; then
    fail "$mode: no verdict \"$verdict\""
    grep -o "\"player\":\"$player\".*\"verdict\":\"[^\"]*\"" "$mode.log" | grep -v '"ok' | head -2
  fi
  if grep "\"player\":\"honest" "$mode.log" | grep -v '"verdict":"ok' | grep -q .; then
    fail "$mode: an honest player was judged otherwise than ok"
  fi
  if [ -n "$(ls -A "$TMPDIR")" ]; then
    fail "$mode: the referee left $(ls "$TMPDIR") behind"
    rm -rf "${TMPDIR:?}"/*
  fi
}
expect crash "disqualified: crashed: killed by SIGSEGV (signal 11)"
expect hang "disqualified: out of time: no answer within 1500 ms"
expect exit1 "disqualified: exit 1 while a turn was possible"
expect background "ok\""
# Its writer left its process group; the referee ended it all the same, and logged it.
pgrep -f "echo garbage" >/dev/null && fail "background: the leftover writer is still running"
grep -q '"leftovers_killed":[1-9].*"player":"h-background"' background.log ||
  fail "background: the leftover processes killed are not logged"
"$amazons" referee --replay background.log | grep -q "leftover process(es) killed" ||
  fail "background: the replay does not show the leftovers killed"
expect garbage "disqualified: left a board that cannot be read: line 1"
expect delete "disqualified: left no board file"
expect symlink "disqualified: left a board file that is a symbolic link"
grep -q "root:" symlink.log && fail "symlink: the log shows the file the link points to"
expect fifo "disqualified: left a board file that is not a regular file"
expect megabytes "ok\""
grep -q '"output_cut":true,"phase":"movement","player":"h-megabytes"' megabytes.log || fail "megabytes: the output was not cut"
[ "$(stat -c %s megabytes.log)" -lt 2000000 ] || fail "megabytes: the log holds the megabytes"
expect badbytes "disqualified: left a board that cannot be read"
grep -q 'Name: \\\\xff\\\\xfe\\\\x80 and more' badbytes.log || fail "badbytes: the output is not logged escaped"
grep -q "standings after 1 game" badbytes.out || fail "badbytes: no standings"
python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' badbytes.log ||
  fail "badbytes: the log is not JSON lines"
# (Time enough that only memory can end the hog, and the honest players are
# never short of it, on a machine busy with other tests under sanitizers.)
LIMIT=10000 expect hog "disqualified: exceeded the memory limit of 200 MiB" --memory 200
expect processes "disqualified: exceeded the limit of 20 processes" --processes 20
expect bigfile "disqualified: exceeded the file size limit of 8 MiB" --files 8
LIMIT=20000 expect manyfiles "disqualified: filled its folder beyond the limit of 64 MiB or 10000 files"
# Forged memos and boards for the other players and games: strict honest
# players, two games at once, are not fooled.
STRICT=1 LIMIT=10000 expect forge "ok\"" --games 2 --jobs 2
ls /tmp/board.txt* 2>/dev/null | grep -q . && fail "forge: it wrote into /tmp"
ls "$dir"/board.txt* 2>/dev/null | grep -q . && fail "forge: it wrote beside the log"
# Out of its folder, the log, the network, its parent: nothing works.
python3 -c 'import socket,time
s=socket.socket(); s.bind(("127.0.0.1",0)); s.listen(); print(s.getsockname()[1], flush=True)
time.sleep(120)' >port.txt &
for _ in $(seq 50); do [ -s port.txt ] && break; sleep 0.1; done
ESCAPE_DIR=$dir ESCAPE_PORT=$(cat port.txt) expect escape "ok\""
grep -o 'ESCAPED: [a-z ]*' escape.log | sort -u | while read -r line; do fail "escape: $line"; done
[ -e escaped ] && fail "escape: a file appeared outside its folder"
grep -q '^junk' escape.log && fail "escape: it wrote into the log"
PLAYER=the-organisers expect badname "ok\"" --names ,the-organisers,
grep -q "the-organisers: " badname.out || fail "badname: not seated under the organiser's name"
"$amazons" referee --rows 6 --cols 6 "$amazons player=honest1" "$hostile badname $amazons" >noname.out 2>&1
[ $? -eq 2 ] && grep -q "did not answer with a name (it printed \"I will not tell you my name\" and exited 0); give a name with --names" noname.out ||
  fail "badname without --names: $(cat noname.out)"
# Without the sandbox (asked for), the limits and verdicts hold the same.
expect crash "disqualified: crashed: killed by SIGSEGV (signal 11)" --no-sandbox
LIMIT=10000 expect hog "disqualified: exceeded the memory limit of 200 MiB" --memory 200 --no-sandbox
expect background "ok\"" --no-sandbox
grep -q '"leftovers_killed":[1-9].*"player":"h-background"' background.log ||
  fail "background, no sandbox: the leftover processes killed are not logged"
# A sandbox that cannot start stops the referee, unless --no-sandbox is given.
mkdir fakebin
printf '#!/bin/sh\necho "bwrap: No permissions to create a new namespace" >&2\nexit 1\n' >fakebin/bwrap
chmod +x fakebin/bwrap
PATH=$dir/fakebin:$PATH "$amazons" referee --rows 6 --cols 6 --names a,b "$amazons player=a" "$amazons player=b" >nosandbox.out 2>&1
[ $? -eq 2 ] && grep -q "the players' sandbox (bubblewrap) cannot start: bwrap: No permissions to create a new namespace" nosandbox.out &&
  grep -q -- "--no-sandbox" nosandbox.out || fail "no sandbox: $(cat nosandbox.out)"
PATH=$dir/fakebin:$PATH "$amazons" referee --rows 6 --cols 6 --no-sandbox --log nosandbox.log "$amazons player=a" "$amazons player=b" >nosandbox.out 2>&1 ||
  fail "--no-sandbox: $(cat nosandbox.out)"
# Stopped by a signal in the middle of a call, the referee removes its folder
# and leaves nothing running.
"$amazons" referee --rows 6 --cols 6 --amazons 2 --limit 60000 --log stop.log \
  "$amazons player=honest1" "$hostile hang $amazons" >stop.out 2>&1 &
referee=$!
for _ in $(seq 100); do pgrep -f "sleep 1000" >/dev/null && break; sleep 0.1; done
kill -TERM $referee
wait $referee
code=$?
[ $code -eq 143 ] && grep -q "stopped by SIGTERM" stop.out || fail "SIGTERM: exit $code: $(cat stop.out)"
[ -z "$(ls -A "$TMPDIR")" ] || fail "SIGTERM: the referee left $(ls "$TMPDIR") behind"
sleep 0.5
if pgrep -f "sleep 1000" >/dev/null || pgrep -f "echo garbage" >/dev/null || pgrep -f "sleep 30" >/dev/null; then
  fail "a hostile program's process is still running"
  pkill -f "sleep 1000"
fi
[ $failures -eq 0 ] && echo "every hostile program got its verdict; the honest ones were not touched"
exit $((failures > 0))
