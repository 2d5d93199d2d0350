#!/usr/bin/env bash
# The referee against hostile programs (hostile.sh): each gets the verdict
# that says what it did, the honest players beside it are never judged
# otherwise than "ok", and nothing of a hostile program is left running.
set -u
amazons=$1 hostile=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect() {  # [PLAYER=NAME] expect MODE VERDICT [REFEREE OPTIONS...]
  local mode=$1 verdict=$2 player=${PLAYER:-h-$1}
  shift 2
  "$amazons" referee --rows 6 --cols 6 --amazons 2 --limit 1500 --seed 3 --log "$mode.log" "$@" \
    "$amazons player=honest1 nodes=30" "$hostile $mode $amazons" "$amazons player=honest2 nodes=30" \
    >"$mode.out" 2>&1 || fail "$mode: the referee exited $?: $(tail -2 "$mode.out")"
  if ! grep -q "\"player\":\"$player\".*\"verdict\":\"$verdict" "$mode.log"; then
    fail "$mode: no verdict \"$verdict\""
    grep -o "\"player\":\"$player\".*\"verdict\":\"[^\"]*\"" "$mode.log" | grep -v '"ok' | head -2
  fi
  if grep "\"player\":\"honest" "$mode.log" | grep -v '"verdict":"ok' | grep -q .; then
    fail "$mode: an honest player was judged otherwise than ok"
  fi
}
expect crash "disqualified: crashed: killed by SIGSEGV (signal 11)"
expect hang "disqualified: out of time: no answer within 1500 ms"
expect exit1 "disqualified: exit 1 while a turn was possible"
expect background "ok\""
# Its writer left its process group; the referee ended it all the same.
pgrep -f "echo garbage" >/dev/null && fail "background: the leftover writer is still running"
expect garbage "disqualified: left a board that cannot be read: line 1"
expect delete "disqualified: left no board file"
expect megabytes "ok\""
grep -q '"output_cut":true,"phase":"movement","player":"h-megabytes"' megabytes.log || fail "megabytes: the output was not cut"
[ "$(stat -c %s megabytes.log)" -lt 2000000 ] || fail "megabytes: the log holds the megabytes"
PLAYER=the-organisers expect badname "ok\"" --names ,the-organisers,
grep -q "the-organisers: " badname.out || fail "badname: not seated under the organiser's name"
"$amazons" referee --rows 6 --cols 6 "$amazons player=honest1" "$hostile badname $amazons" >noname.out 2>&1
[ $? -eq 2 ] && grep -q "did not answer with a name; give one with --names" noname.out ||
  fail "badname without --names: $(cat noname.out)"
sleep 0.5
if pgrep -f "sleep 1000" >/dev/null || pgrep -f "echo garbage" >/dev/null; then
  fail "a hostile program's process is still running"
  pkill -f "sleep 1000"
fi
[ $failures -eq 0 ] && echo "every hostile program got its verdict; the honest ones were not touched"
exit $((failures > 0))
