#!/usr/bin/env bash
# Nothing outlives the referee: `amazons referee` and `gridgames tournament`,
# each killed with -9 in the middle of a player's call, leave no player
# running (its sandbox's first process sees the referee's end of their pipe
# close, kills every process of the call and exits); and the next start of either
# sweeps what the killed one left (its folder, its control groups, any
# process still running as a seat's user) before it gives a seat's user
# again.
#   killed_referee_test.sh PATH/TO/amazons PATH/TO/gridgames PATH/TO/hostile.sh
set -u
dir=$(mktemp -d)
mark="hostile-$(basename "$dir")"  # what the hanging player runs is named (hostile.sh)
trap 'pkill -f "$mark" 2>/dev/null; rm -rf "$dir"' EXIT
mkdir "$dir/bin" "$dir/tmp"
cp "$1" "$2" "$3" "$dir/bin/"
amazons=$dir/bin/amazons gridgames=$dir/bin/gridgames hostile=$dir/bin/hostile.sh
cd "$dir"
export TMPDIR=$dir/tmp
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The groups of the calls of process PID, wherever the control groups are.
groups_of() {
  find /sys/fs/cgroup -maxdepth 8 -type d -name "gridgames-$1" 2>/dev/null
}

# NAME COMMAND...: runs the command until its hanging player's call is under
# way, kills it with -9; the player must be gone within 2 s.
kill_in_a_call() {
  local name=$1
  shift
  "$@" >"$name.out" 2>&1 &
  local pid=$!
  for _ in $(seq 200); do pgrep -f "$mark-sleep" >/dev/null && break; sleep 0.1; done
  pgrep -f "$mark-sleep" >/dev/null || fail "$name: the hanging player never ran: $(tail -3 "$name.out")"
  kill -KILL "$pid"
  wait "$pid" 2>/dev/null
  for _ in $(seq 20); do pgrep -f "$mark-sleep" >/dev/null || break; sleep 0.1; done
  if pgrep -f "$mark-sleep" >/dev/null; then
    fail "$name: the player outlived its referee killed with -9 ($(pgrep -f "$mark-sleep" | head -1))"
    pkill -KILL -f "$mark-sleep"
  fi
  killed=$pid
}

honest="$amazons player=honest1 nodes=30"
for run in referee tournament; do
  if [ $run = referee ]; then
    kill_in_a_call referee "$amazons" referee --rows 6 --cols 6 --amazons 2 --limit 60000 \
      "$honest" "$hostile hang $amazons"
  else
    kill_in_a_call tournament "$gridgames" tournament amazons --players "program:$hostile hang $amazons,random" \
      --games 2 --param rows=6 --param cols=6 --param amazons=2 --limit 60000
  fi
  # What it left: its folder (and, where calls have control groups, its groups).
  left=$(ls -A "$TMPDIR")
  [ -n "$left" ] || echo "$run: the killed one left no folder (nothing to sweep)"
  had_groups=$(groups_of "$killed")
  # The next start (of the other program: either sweeps what either left).
  if [ $run = referee ]; then
    "$gridgames" tournament amazons --players "program:$honest,random" --games 2 \
      --param rows=6 --param cols=6 --param amazons=2 >"next-$run.out" 2>&1 ||
      fail "$run: the next tournament failed: $(tail -3 "next-$run.out")"
  else
    "$amazons" referee --rows 6 --cols 6 --amazons 2 "$honest" "$amazons player=honest2 nodes=30" \
      >"next-$run.out" 2>&1 || fail "$run: the next referee failed: $(tail -3 "next-$run.out")"
  fi
  [ -z "$(ls -A "$TMPDIR")" ] || fail "$run: the next start left $(ls -A "$TMPDIR") (of the killed: $left)"
  [ -z "$(groups_of "$killed")" ] || fail "$run: the killed one's control groups are still there: $had_groups"
done
[ $failures -eq 0 ] && echo "killed with -9: no player outlived its referee, and the next start swept what it left"
exit $((failures > 0))
