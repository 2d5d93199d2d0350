#!/usr/bin/env bash
# A hostile player program, for the referee's tests: it places honestly (as
# the real player, renamed) and, in the movement phase, misbehaves as MODE says:
#   crash       killed by SIGSEGV
#   hang        never answers
#   exit1       exits 1 without moving, although it could move
#   background  moves legally, then a process that left its group writes
#               garbage over the board a little later
#   garbage     writes garbage over the board and exits 0
#   delete      deletes the board and exits 0
#   megabytes   prints 20 MB, then moves legally
#   badname     answers `name` with a sentence, then plays legally
# usage: hostile.sh MODE AMAZONS_PROGRAM ARGS...
mode=$1 amazons=$2
shift 2
name="h-$mode"
if [ "$*" = name ]; then
  if [ "$mode" = badname ]; then echo "I will not tell you my name"; else echo "$name"; fi
  exit 0
fi
honest() { exec "$amazons" "player=$name" nodes=30 seed=1 "$@"; }
case " $* " in
  *" phase=placement "*) honest "$@" ;;
esac
board=${*: -1}
case $mode in
  crash) kill -SEGV $$ ;;
  hang) exec sleep 1000 ;;
  exit1) exit 1 ;;
  background)
    "$amazons" "player=$name" nodes=30 seed=1 "$@" || exit $?
    setsid bash -c "sleep 2; echo garbage >'$PWD/$board'" </dev/null >/dev/null 2>&1 &
    exit 0 ;;
  garbage) echo 'garbage' >"$board"; exit 0 ;;
  delete) rm -f "$board"; exit 0 ;;
  megabytes) head -c 20000000 /dev/zero | tr '\0' 'x'; honest "$@" ;;
  *) honest "$@" ;;
esac
