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
#   symlink     leaves the board as a symbolic link to /etc/passwd
#   fifo        leaves the board as a FIFO (a reader of it would wait forever)
#   megabytes   prints 20 MB, then moves legally
#   badname     answers `name` with a sentence, then plays legally
#   badbytes    prints bytes that are not UTF-8 and leaves one in the board
#   hog         takes memory until it is stopped
#   processes   starts 200 processes
#   bigfile     writes a file of 100 MB
#   manyfiles   makes 10,050 files in its folder and exits 0
#   forge       writes forged anti-cheat memos and boards wherever it can
#               (the other players' folders, the other games', /tmp, and
#               $ESCAPE_DIR), then moves legally
#   escape      tries to leave its folder: writes into $ESCAPE_DIR and the
#               referee's log there (escape.log), reads the log, connects to
#               port $ESCAPE_PORT, kills its parent; prints what worked;
#               then moves legally
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
forge_memo() {  # forge_memo FOLDER: memos that make every strict player cry foul
  [ -d "$1" ] || return
  for player in honest1 honest2; do
    sed -E "s/^($player [0-9]+) [0-9]+\r?\$/\\1 999/" "$board" >"$1/$board.$player.last"
  done
  echo garbage >"$1/$board"
} 2>/dev/null
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
  symlink) rm -f "$board"; ln -s /etc/passwd "$board"; exit 0 ;;
  fifo) rm -f "$board"; mkfifo "$board"; exit 0 ;;
  megabytes) head -c 20000000 /dev/zero | tr '\0' 'x'; honest "$@" ;;
  badbytes)
    printf 'Name: \xff\xfe\x80 and more\n'
    printf '\xff' >>"$board"
    exit 0 ;;
  hog) a=x; while :; do a="$a$a"; done ;;
  processes) for _ in $(seq 200); do sleep 30 & done; wait ;;
  bigfile) exec head -c 100000000 /dev/zero >big ;;
  manyfiles) mkdir -p many && cd many && touch $(seq 10050); exit 0 ;;
  forge)
    for folder in .. ../* ../../* ../../*/* /tmp "${ESCAPE_DIR:-/nonexistent}"; do
      [ -d "$folder" ] && [ "$folder" -ef . ] || forge_memo "$folder"
    done
    honest "$@" ;;
  escape)
    (echo escaped >"$ESCAPE_DIR/escaped") 2>/dev/null && echo "ESCAPED: wrote outside its folder"
    (echo junk >>"$ESCAPE_DIR/escape.log") 2>/dev/null
    grep -q verdict "$ESCAPE_DIR/escape.log" 2>/dev/null && echo "ESCAPED: read the log"
    (exec 3<>"/dev/tcp/127.0.0.1/$ESCAPE_PORT") 2>/dev/null && echo "ESCAPED: reached the network"
    kill -9 "$PPID" 2>/dev/null
    sleep 0.1
    kill -0 "$PPID" 2>/dev/null || echo "ESCAPED: killed its parent"
    honest "$@" ;;
  *) honest "$@" ;;
esac
