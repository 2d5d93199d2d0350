#!/usr/bin/env bash
# The referee against hostile programs (hostile.sh): each gets the verdict
# that says what it did, the honest players beside it are never judged
# otherwise than "ok", nothing of a hostile program is left running, nothing
# it does reaches outside its folder, and the referee's temporary folder is
# gone however the referee ends.
# usage: hostile_test.sh AMAZONS HOSTILE_SH [PART]: PART "programs" (what
# programs print and leave: the referee reading it), "kernel" (the limits
# the kernel enforces and the sandbox's walls), or both (the default).
set -u
part=${3:-all}
in_part() { [ "$part" = all ] || [ "$part" = "$1" ]; }
dir=$(mktemp -d)
trap 'pkill -P $$ 2>/dev/null; rm -rf "$dir"' EXIT
mkdir "$dir/bin" "$dir/tmp"
cp "$1" "$2" "$dir/bin/"
amazons=$dir/bin/amazons hostile=$dir/bin/hostile.sh
mark="hostile-$(basename "$dir")"  # what the hostile program leaves running is named (hostile.sh)
cd "$dir"
export TMPDIR=$dir/tmp
failures=0
# The honest players: in the sanitizer build without LeakSanitizer's scan at
# exit, a quarter of each call's time there (amazons.game_master plays the
# same program with it, directly).
honest=$amazons
ldd "$amazons" 2>/dev/null | grep -q libasan && honest="env ASAN_OPTIONS=detect_leaks=0 $amazons"
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# [PLAYER=NAME] [STRICT=1] [LIMIT=MS] [ENV="NAME=VALUE ..."] expect MODE VERDICT [REFEREE OPTIONS...]
# (ENV: variables on the hostile program's command line.)
expect() {
  local mode=$1 verdict=$2 player=${PLAYER:-h-$1} strict=${STRICT:-0} program="$hostile $1 $amazons"
  shift 2
  [ -n "${ENV:-}" ] && program="env $ENV $program"
  "$amazons" referee --rows 6 --cols 6 --amazons 2 --limit "${LIMIT:-1500}" --seed 3 --log "$mode.log" "$@" \
    "$honest player=honest1 nodes=30 strict=$strict" "$program" \
    "$honest player=honest2 nodes=30 strict=$strict" \
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
pgrep -f "$mark-writer" >/dev/null && fail "background: the leftover writer is still running"
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
if in_part kernel; then  # ---- the kernel's part: limits, walls, other users ----
# (Time enough that only memory can end the hog, and the honest players are
# never short of it, on a machine busy with other tests under sanitizers.)
LIMIT=10000 expect hog "disqualified: exceeded the memory limit of 200 MiB" --memory 200
expect processes "disqualified: exceeded the limit of 20 tasks (processes and threads)" --processes 20
expect bigfile "disqualified: exceeded the file size limit of 8 MiB" --files 8
# What no process reports, the kernel counts: memory no process holds as its
# own (a memfd, shared memory), threads, blocks reserved by a file of size 0.
LIMIT=10000 expect memfd "disqualified: exceeded the memory limit of 64 MiB" --memory 64
LIMIT=10000 expect shm "disqualified: exceeded the memory limit of 64 MiB" --memory 64
LIMIT=10000 expect threads "disqualified: exceeded the limit of 20 tasks (processes and threads)" --processes 20
LIMIT=10000 expect fallocate "disqualified: filled its folder beyond the limit of 8 MiB or 10000 files" --files 8
grep -o 'ESCAPED: [a-zA-Z0-9 ]*' memfd.log shm.log threads.log fallocate.log | sort -u |
  while read -r line; do fail "kernel limits: $line"; done
# SIGXFSZ sent by a program to itself is no file grown too large.
expect xfsz "disqualified: crashed: killed by SIGXFSZ (signal 25)" --files 8
LIMIT=20000 expect manyfiles "disqualified: filled its folder beyond the limit of 64 MiB or 10000 files"
# Forged memos and boards for the other players and games: strict honest
# players, two games at once, are not fooled.
STRICT=1 LIMIT=10000 expect forge "ok\"" --games 2 --jobs 2
ls /tmp/board.txt* 2>/dev/null | grep -q . && fail "forge: it wrote into /tmp"
ls "$dir"/board.txt* 2>/dev/null | grep -q . && fail "forge: it wrote beside the log"
# Out of its folder, the log, the network, a unix socket of the host in
# /tmp, the referee's environment, its parent, a user namespace: nothing
# works. Without the sandbox (asked for) most of it does: the probe works.
# A world-writable socket in /tmp, and (as root) one outside /tmp and /run,
# in /srv, where a host's services keep theirs too.
socket=$(mktemp -u /tmp/gridgames-hostile.XXXXXX.sock)
elsewhere=""
if [ "$(id -u)" -eq 0 ] && mkdir -p /srv && elsewhere_dir=$(mktemp -d /srv/gridgames-hostile.XXXXXX); then
  chmod 755 "$elsewhere_dir"
  elsewhere=$elsewhere_dir/service.sock
  trap 'pkill -P $$ 2>/dev/null; rm -rf "$dir" "$elsewhere_dir"' EXIT
fi
python3 -c 'import os, socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen()
held = []
for path in sys.argv[1:]:
    u = socket.socket(socket.AF_UNIX); u.bind(path); os.chmod(path, 0o777); u.listen(); held.append(u)
print(s.getsockname()[1], flush=True); time.sleep(300)' "$socket" $elsewhere >port.txt &
for _ in $(seq 50); do [ -s port.txt ] && break; sleep 0.1; done
escape_env="ESCAPE_DIR=$dir ESCAPE_PORT=$(cat port.txt) ESCAPE_SOCKET=$socket ESCAPE_SOCKET_ELSEWHERE=$elsewhere"
# (Its probes start python several times a turn: time enough for them on a
# busy machine.)
GRIDGAMES_SECRET=gridgames-secret-42 LIMIT=10000 ENV=$escape_env expect escape "ok\""
grep -o 'ESCAPED: [a-z ]*' escape.log | sort -u | while read -r line; do fail "escape: $line"; done
[ -e escaped ] && fail "escape: a file appeared outside its folder"
grep -q '^junk' escape.log && fail "escape: it wrote into the log"
# (The environment's probe is shown to work by a variable on the command line.)
LIMIT=10000 ENV="$escape_env ESCAPE_NO_KILL=1 GRIDGAMES_SECRET=1" expect escape "ok\"" --no-sandbox
# (io_uring is not asked of the host: many disable it.)
for probe in "wrote outside its folder" "reached a unix socket of the host" "saw the referee's environment" \
  "kept a key in the kernel"; do
  grep -q "ESCAPED: $probe" escape.log || fail "escape, no sandbox: the probe \"$probe\" did not work"
done
rm -f escaped "$socket"
# Two referees at once: a player of one cannot read the other's boards
# (each seat a user of its own, the temporary folders hidden), even when
# the other's folders are on the disk (a referee without the sandbox); its
# players' folders in the sandbox are seen by no other process at all.
# Without the sandbox the probe works.
mkdir other-tmp
TMPDIR=$dir/other-tmp "$amazons" referee --rows 6 --cols 6 --amazons 2 --limit 60000 --log other.log \
  --no-sandbox "$amazons player=other1" "$hostile hang $amazons" >other.out 2>&1 &
other=$!
for _ in $(seq 100); do pgrep -f "$mark-sleep" >/dev/null && break; sleep 0.1; done
ENV="ESCAPE_DIR=$dir/other-tmp" expect spy "ok\""
grep -o 'ESCAPED: .*board' spy.log | head -1 | while read -r line; do fail "spy: $line"; done
ENV="ESCAPE_DIR=$dir/other-tmp" expect spy "ok\"" --no-sandbox
grep -q 'ESCAPED: read another referee' spy.log || fail "spy, no sandbox: the probe found no board"
kill -TERM $other
wait $other
fi  # ---- the kernel's part
# A board of 60 MiB is logged cut, with its length; --replay shows a
# program's control characters escaped.
# A board larger than its size allows is not read, and costs the referee
# nothing; the log says how long it was.
expect bigboard "disqualified: left a board file that is over 1386 bytes, more than a 6 x 6 board can hold"
grep -q '"after_bytes":60000000' bigboard.log || fail "bigboard: the board's length is not logged"
"$amazons" referee --replay bigboard.log | grep -q "a board file of 60000000 bytes, not read" ||
  fail "bigboard: the replay does not say the board was not read"
# (Twenty of them at once, on four jobs: the referee's memory stays small.
# A sanitizer build's referee holds up to 256 MiB of freed memory in
# quarantine: a small one, so that its figure is the referee's too.)
ASAN_OPTIONS="${ASAN_OPTIONS:-}:quarantine_size_mb=8" /usr/bin/time -f %M -o bigboard.kib "$amazons" referee --rows 6 --cols 6 --amazons 2 --seed 3 \
  --games 20 --jobs 4 --log bigboards.log "$hostile bigboard $amazons" >bigboards.out 2>&1 ||
  fail "bigboards: the referee exited $?: $(tail -2 bigboards.out)"
[ "$(cat bigboard.kib)" -lt 100000 ] || fail "bigboards: the referee took $(cat bigboard.kib) KiB"
# A large board of bytes outside UTF-8: each takes 5 bytes of the log, which
# logs as many as fit in 1 MiB. (One seat: the game ends with its verdict.)
"$amazons" referee --rows 250 --cols 250 --amazons 1 --seed 3 --log escapes.log \
  "$hostile escapes $amazons" >escapes.out 2>&1 || fail "escapes: the referee exited $?: $(tail -2 escapes.out)"
grep -q '"verdict":"disqualified: left a board that cannot be read' escapes.log ||
  fail "escapes: no verdict \"left a board that cannot be read\""
longest=$(awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }' escapes.log)
[ "$longest" -gt 500000 ] && [ "$longest" -lt 2200000 ] || fail "escapes: a log line of $longest bytes"
grep -q '"after_bytes":250' escapes.log || fail "escapes: the board's length is not logged"
expect controls "disqualified: left a board that cannot be read"
"$amazons" referee --replay controls.log >controls.replay
grep -q $'\e\|\a\|\xc2\x9b' controls.replay && fail "controls: the replay printed a control character"
grep -q '\\x1b]0;pwned\\x07' controls.replay || fail "controls: the replay does not show them escaped"
# A program that answers another's name is seated under a name of its own,
# and both play as themselves.
PLAYER=honest1-2 expect clash "ok\""
grep -q "two players are called honest1; the one of .* is seated as honest1-2" clash.out ||
  fail "clash: $(head -3 clash.out)"
grep -q '"player":"honest1-2".*"verdict":"ok"' clash.log || fail "clash: the second honest1 did not play"
PLAYER=the-organisers expect badname "ok\"" --names ,the-organisers,
grep -q "the-organisers: " badname.out || fail "badname: not seated under the organiser's name"
"$amazons" referee --rows 6 --cols 6 "$amazons player=honest1" "$hostile badname $amazons" >noname.out 2>&1
[ $? -eq 2 ] && grep -q "did not answer with a name (it printed \"I will not tell you my name\" and exited 0); give a name with --names" noname.out ||
  fail "badname without --names: $(cat noname.out)"
if in_part kernel; then  # ---- the kernel's part: the sandbox's users and its start ----
# A program in a folder its seat's user could not pass (as under /root),
# or could not even list, still runs: the way to it is made in the
# sandbox. A program its seat's user may not run is refused, with the
# command that opens it.
mkdir -p private/bin closed
cp "$amazons" private/bin/ && cp "$amazons" closed/ && cp "$amazons" closed/locked
chmod 700 private closed closed/locked
for program in private/bin/amazons closed/amazons; do
  "$amazons" referee --rows 6 --cols 6 --amazons 2 --log private.log \
    "$dir/$program player=p1 nodes=20" "$amazons player=p2 nodes=20" >private.out 2>&1 ||
    fail "$program: $(cat private.out)"
  grep -q '"player":"p1".*"verdict":"ok"' private.log || fail "$program did not play"
  grep '"player":"p1"' private.log | grep -v '"verdict":"ok' | grep -q . && fail "$program was disqualified"
done
if [ "$(id -u)" -eq 0 ]; then
  "$amazons" referee --rows 6 --cols 6 "$dir/closed/locked player=c1" "$amazons player=c2" >closed.out 2>&1
  [ $? -eq 2 ] && grep -q "$dir/closed/locked: the players run as users of their own, who may not run it (chmod o+x $dir/closed/locked)" closed.out ||
    fail "a program only its owner may run: $(cat closed.out)"
fi
# Run by another user than root: no control groups, users or filesystems
# of its own to give, so the referee stops unless --polled-limits accepts
# that; then the players still cannot read the user's private files.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
  pub=$(mktemp -d -p /tmp)
  trap 'pkill -P $$ 2>/dev/null; rm -rf "$dir" "$pub"' EXIT
  chmod 755 "$pub"
  mkdir "$pub/bin" "$pub/home" "$pub/tmp"
  cp "$amazons" "$hostile" "$pub/bin/"
  echo "the user's secret" >"$pub/home/secret"
  chown -R 65534:65534 "$pub/home" "$pub/tmp"
  chmod 700 "$pub/home"
  as_user() { setpriv --reuid 65534 --regid 65534 --clear-groups env HOME="$pub/home" TMPDIR="$pub/tmp" "$@"; }
  as_user "$pub/bin/amazons" referee --rows 6 --cols 6 --log "$pub/tmp/user.log" \
    "$pub/bin/amazons player=u1" "$pub/bin/amazons player=u2" >user.out 2>&1
  [ $? -eq 2 ] && grep -q "the kernel cannot enforce every limit here: memory and processes" user.out &&
    grep -q "give --polled-limits to accept limits checked by polling" user.out ||
    fail "not root, no --polled-limits: $(cat user.out)"
  as_user "$pub/bin/amazons" referee --polled-limits --rows 6 --cols 6 --amazons 2 --log "$pub/tmp/user.log" \
    "env ESCAPE_FILE=$pub/home/secret ESCAPE_DIR=$pub/tmp $pub/bin/hostile.sh escape $pub/bin/amazons" \
    "$pub/bin/amazons player=u2 nodes=20" >user.out 2>&1 || fail "not root, --polled-limits: $(cat user.out)"
  grep -q "(limits polled, not enforced by the kernel: memory and processes" user.out ||
    fail "not root: the standings do not name the polled limits: $(cat user.out)"
  grep -o 'ESCAPED: [a-z ]*' "$pub/tmp/user.log" | sort -u | while read -r line; do fail "not root: $line"; done
  grep -q '"player":"h-escape".*"verdict":"ok"' "$pub/tmp/user.log" || fail "not root: the player did not play"
  rm -rf "$pub"
fi
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
[ $? -eq 2 ] && grep -q "the players' sandbox cannot start: bubblewrap: bwrap: No permissions to create a new namespace" nosandbox.out &&
  grep -q -- "--no-sandbox" nosandbox.out || fail "no sandbox: $(cat nosandbox.out)"
PATH=$dir/fakebin:$PATH "$amazons" referee --rows 6 --cols 6 --no-sandbox --log nosandbox.log "$amazons player=a" "$amazons player=b" >nosandbox.out 2>&1 ||
  fail "--no-sandbox: $(cat nosandbox.out)"
fi  # ---- the kernel's part
# Stopped by a signal in the middle of a call, the referee removes its folder
# and leaves nothing running.
"$amazons" referee --rows 6 --cols 6 --amazons 2 --limit 60000 --log stop.log \
  "$amazons player=honest1" "$hostile hang $amazons" >stop.out 2>&1 &
referee=$!
for _ in $(seq 100); do pgrep -f "$mark-sleep" >/dev/null && break; sleep 0.1; done
kill -TERM $referee
wait $referee
code=$?
[ $code -eq 143 ] && grep -q "stopped by SIGTERM" stop.out || fail "SIGTERM: exit $code: $(cat stop.out)"
[ -z "$(ls -A "$TMPDIR")" ] || fail "SIGTERM: the referee left $(ls "$TMPDIR") behind"
sleep 0.5
if pgrep -f "$mark" >/dev/null; then
  fail "a hostile program's process is still running"
  pkill -f "$mark"
fi
[ $failures -eq 0 ] && echo "every hostile program got its verdict ($part); the honest ones were not touched"
exit $((failures > 0))
