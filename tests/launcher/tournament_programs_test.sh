#!/usr/bin/env bash
# gridgames tournament with program: players (Amazons' tournament file
# protocol): games played through the referee's calls, each ending named
# (win, draw, crash, time, illegal action), the calls confined to their own
# folder, nothing left behind.
set -u
gridgames=$1
amazons=$(realpath "$2")
hostile=$(realpath "$3")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
small=(--param rows=6 --param cols=6 --param amazons=2)

# Our program against a bot, on a small extended board: every game whole.
out=$("$gridgames" tournament amazons --seed 1 --players "program:$amazons time=100,random" --games 4 \
  "${small[@]}" --records "$dir/games.jsonl") || fail "program against random exited $?: $out"
grep -q '^Standings after 4 games' <<<"$out" || fail "no standings: $out"
python3 - "$dir/games.jsonl" <<'PY' || fail "the records of a program's games"
import json, sys
games = [json.loads(line) for line in open(sys.argv[1])]
assert len(games) == 4
for g in games:
    assert g["verdict"] in ("win", "draw") and g["reason"] == "rules", g
    assert any(a["action"].startswith("place") for a in g["actions"]), g["actions"][:3]
    assert any(a["action"].startswith("move") for a in g["actions"])
PY

# The sandbox's first process is the small gridgames-call-init beside the
# program; a program copied where it is not starts itself in its place.
# Either is started from a descriptor: its command line inside names no
# path of the host (nothing there tells a program where the project's
# programs are); from outside, its executable shows which it is.
printf '#!/bin/sh\ntr "\\0" " " </proc/$PPID/cmdline\nsleep 1\nexit 3\n' >"$dir/parent"
chmod +x "$dir/parent"
first_process() {  # GRIDGAMES: "COMMAND LINE INSIDE|EXECUTABLE" of the sandbox's first process
  "$1" tournament raiinet --players "program:$dir/parent,random" --games 2 >"$dir/first.txt" 2>&1 &
  local tournament=$! exe="" sandbox init
  for _ in $(seq 200); do
    for sandbox in $(pgrep -P "$tournament"); do
      for init in $(pgrep -P "$sandbox"); do exe=$(readlink "/proc/$init/exe"); done
    done
    [ -n "$exe" ] && break
    sleep 0.02
  done
  wait "$tournament"
  echo "$(sed -n 's/^pair 1: .*it printed "\(.* --call-init\) .*/\1/p' "$dir/first.txt")|$exe"
}
inside="/proc/self/fd/4 --call-init"
seen=$(first_process "$gridgames")
[ "$seen" = "$inside|$(dirname "$(realpath "$gridgames")")/gridgames-call-init" ] || fail "the first process: \"$seen\""
mkdir "$dir/alone" && cp "$gridgames" "$dir/alone/gridgames"
seen=$(first_process "$dir/alone/gridgames")
[ "$seen" = "$inside|$dir/alone/gridgames" ] || fail "the first process of a program alone: \"$seen\""
rm -rf "$dir/alone"

# Programs that crash, run out of time, or leave a board that is not a
# move lose their game by that verdict.
cat >"$dir/crash" <<SH
#!/bin/sh
[ "\$1" = name ] && { echo crasher; exit 0; }
kill -SEGV \$\$
SH
cat >"$dir/slow" <<SH
#!/bin/sh
[ "\$1" = name ] && { echo sleeper; exit 0; }
sleep 10
SH
cat >"$dir/idle" <<SH
#!/bin/sh
[ "\$1" = name ] && { echo idler; exit 0; }
exit 0
SH
chmod +x "$dir/crash" "$dir/slow" "$dir/idle"
check_fault() {  # PROGRAM VERDICT WORDS
  local out
  out=$("$gridgames" tournament amazons --seed 1 --players "program:$1,random" --games 2 "${small[@]}" \
    --limit 500 --records "$dir/fault.jsonl" --pgn "$dir/fault.pgn") || fail "$1 exited $?: $out"
  grep -q "^1\. program:$1: 0 wins, 0 draws, 2 losses, .*; lost by $2 2\$" <<<"$out" ||
    fail "$1 did not lose both by $2: $out"
  grep -q "($2 by program:$1: $3" <<<"$out" || fail "$1: no reason \"$3\": $out"
  [ "$(grep -c "\"verdict\":\"$2\"" "$dir/fault.jsonl")" -eq 2 ] || fail "$1: records"
  [ "$(grep -c "^\[Termination \"$2\"\]" "$dir/fault.pgn")" -eq 2 ] || fail "$1: PGN"
}
check_fault "$dir/crash" crash "crashed: killed by SIGSEGV"
check_fault "$dir/slow" time "out of time: no answer within 500 ms"
check_fault "$dir/idle" "illegal action" "not one legal placement"

# The kernel's limits hold here as in the referee (tests/amazons/hostile.sh):
# memory in a memfd, threads, blocks reserved by files of size 0.
if [ "$(id -u)" -eq 0 ]; then
  check_limit() {  # MODE VERDICT WORDS OPTIONS...
    local mode=$1 words=$2 out
    shift 2
    out=$("$gridgames" tournament amazons --seed 1 --players "program:$hostile $mode $amazons,random" --games 2 \
      "${small[@]}" --limit 10000 "$@") || fail "$mode exited $?: $out"
    grep -q "^1\. program:.*: 0 wins, 0 draws, 2 losses, .*; lost by crash 2\$" <<<"$out" ||
      fail "$mode did not lose both by crash: $out"
    grep -q "(crash by program:.*: $words" <<<"$out" || fail "$mode: no reason \"$words\": $out"
  }
  check_limit memfd "exceeded the memory limit of 64 MiB" --memory 64
  check_limit threads "exceeded the limit of 20 tasks (processes and threads)" --processes 20
  check_limit fallocate "filled its folder beyond the limit of 8 MiB" --files 8
fi

# A call writes only in its own folder: outside it, in the sandbox, nothing.
if command -v bwrap >/dev/null; then
  cat >"$dir/escape" <<SH
#!/bin/sh
{ echo escaped >"$dir/escaped"; } 2>/dev/null
amazons=\$1
shift
exec "\$amazons" time=50 "\$@"
SH
  chmod +x "$dir/escape"
  # (The program it runs named on its command line: a call sees no other.)
  out=$("$gridgames" tournament amazons --seed 1 --players "program:$dir/escape $amazons,random" --games 2 \
    "${small[@]}") || fail "the escaping program exited $?: $out"
  [ -e "$dir/escaped" ] && fail "a sandboxed call wrote outside its folder"
  grep -q '^1\. program:.*escape .*amazons: 2 wins' <<<"$out" || fail "the confined program did not play: $out"
else
  echo "bubblewrap is not installed: the sandbox's confinement is not checked here"
fi

# Classic Amazons: our program with the standard rules, as SGF too.
mkdir "$dir/sgf"
# (A count of nodes, not a time: the same strength on any machine, under
# the sanitizers too.)
out=$("$gridgames" tournament amazons --seed 1 --players "program:$amazons rules=standard nodes=3000,uct@20" \
  --games 2 --param rules=standard --sgf "$dir/sgf") || fail "classic exited $?: $out"
[ "$(ls "$dir/sgf" | wc -l)" -eq 2 ] || fail "not 2 SGF files"
grep -q '^1\. program:.*: 2 wins' <<<"$out" || fail "our program lost to uct@20: $out"

# (The other games' program: players speak the engine protocol:
# engine_protocol_test.sh.) A program needs a command.
out=$("$gridgames" tournament amazons --players program:,random 2>&1) && fail "an empty command"
[[ "$out" == *"program:COMMAND needs a command"* ]] || fail "empty: $out"

# Stopped by a signal: the calls end, the folders go, the pairs played
# stay in the records for --resume. (Its folders in a TMPDIR of its own:
# other tests' tournaments come and go in /tmp meanwhile.)
mkdir "$dir/tmp"
TMPDIR="$dir/tmp" "$gridgames" tournament amazons --seed 1 --players "program:$dir/slow,random" --games 4 "${small[@]}" \
  --limit 60000 --records "$dir/stopped.jsonl" >"$dir/stopped.out" 2>&1 &
tournament=$!
sleep 2
kill -TERM $tournament
wait $tournament
status=$?
[ $status -eq 143 ] || fail "a stopped tournament exited $status"
grep -q "stopped by SIGTERM; the pairs played are counted above and kept in" "$dir/stopped.out" ||
  fail "stopped: $(cat "$dir/stopped.out")"
[ ! -s "$dir/stopped.jsonl" ] || fail "a game cut by the signal was recorded"

[ -z "$(ls -A "$dir/tmp")" ] || fail "a tournament left its folder: $(ls -A "$dir/tmp")"
echo "tournament programs: all checks passed"
