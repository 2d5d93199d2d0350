#!/usr/bin/env bash
# The document's game master: three copies of the player program (player=
# different names) on one board file, placement rounds then movement rounds
# until all exit 1. Every call is logged and then checked by replay_check.
set -u
amazons=$1 check=$2 start=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$start" "$dir/board.txt"
log="$dir/log"
n=0
call() {  # call PHASE NAME ID ARGS...
  local phase=$1 name=$2 id=$3
  shift 3
  n=$((n + 1))
  cp "$dir/board.txt" "$dir/before.$n"
  "$amazons" "phase=$phase" "$@" "$dir/board.txt" "$dir/board.txt" "player=$name" "seed=$n" 2>>"$dir/stderr"
  local code=$?
  cp "$dir/board.txt" "$dir/after.$n"
  echo "$phase $id $code $dir/before.$n $dir/after.$n" >>"$log"
  return $code
}
names=(ann bob cid)
while true; do
  codes=""
  for i in 0 1 2; do
    call placement "${names[$i]}" $((i + 1)) amazons=3
    codes+=$?
  done
  [ "$codes" = 111 ] && break
  [ $n -gt 100 ] && { echo "FAIL: placement does not end"; exit 1; }
done
rounds=0
while true; do
  codes=""
  for i in 0 1 2; do
    call movement "${names[$i]}" $((i + 1)) strict=1 nodes=300
    codes+=$?
  done
  [ "$codes" = 111 ] && break
  case $codes in *[23]*) echo "FAIL: an exit code other than 0 or 1: $codes"; cat "$dir/stderr"; exit 1 ;; esac
  rounds=$((rounds + 1))
  [ $rounds -gt 1000 ] && { echo "FAIL: the game does not end"; exit 1; }
done
if [ -s "$dir/stderr" ]; then
  echo "FAIL: the players complained:"
  cat "$dir/stderr"
  exit 1
fi
"$check" "$log"
