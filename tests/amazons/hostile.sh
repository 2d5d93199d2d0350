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
#   hog         takes memory until it is stopped (1 GiB at most, then waits)
#   processes   starts 200 processes
#   bigfile     writes a file of 100 MB
#   manyfiles   makes 10,050 files in its folder and exits 0
#   forge       writes forged anti-cheat memos and boards wherever it can
#               (the other players' folders, the other games', /tmp, and
#               $ESCAPE_DIR), then moves legally
#   memfd       holds 2 GiB in a memfd (no process's resident memory)
#   shm         holds 2 GiB in SysV shared memory
#   threads     starts 3,000 threads (not processes)
#   fallocate   reserves 2 GiB with fallocate --keep-size, 4 MiB in each of
#               512 files whose size stays 0; prints ESCAPED past 100 MiB
#   xfsz        sends itself SIGXFSZ, having written nothing large
#   bigboard    leaves a board of 60 MiB, all line ends
#   escapes     leaves a board as long as the one it was given, every byte
#               outside UTF-8
#   controls    prints and leaves terminal escape sequences (retitle, clear)
#   clash       answers `name` with honest1, another player's name, then
#               plays honestly under it
#   escape      tries, on its first call of a game, to leave its folder:
#               writes into $ESCAPE_DIR and the referee's log there
#               (escape.log), reads the log, connects to port $ESCAPE_PORT
#               and to the unix sockets $ESCAPE_SOCKET and
#               $ESCAPE_SOCKET_ELSEWHERE (outside /tmp and /run), keeps a key
#               in the kernel's keyring, sets up an io_uring, lists the
#               control groups, looks for other seats' folders in its mounts,
#               looks for GRIDGAMES_SECRET in its environment, reads
#               $ESCAPE_FILE, makes a user namespace (to mount a tmpfs),
#               kills its parent (unless $ESCAPE_NO_KILL); prints what
#               worked; then (and on every later call) moves legally
#   spy         looks for the boards of other referees' players under
#               $ESCAPE_DIR (their folders): prints ESCAPED if it reads one
# The ESCAPE_ variables come on its command line (env NAME=VALUE hostile.sh
# ...): the referee gives players an empty environment.
# usage: hostile.sh MODE AMAZONS_PROGRAM ARGS...
mode=$1 amazons=$2
shift 2
# What it leaves running is named after the test that copied it here
# (TEST_DIR/bin/hostile.sh: "hostile-TEST_DIR's name"), so that a test looks
# for its own leftovers, never another's running beside it.
mark="hostile-$(basename "$(dirname "$(dirname "$(readlink -f "$0")")")")"
name="h-$mode"
[ "$mode" = clash ] && name=honest1
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
  hang) exec -a "$mark-sleep" sleep 1000 ;;
  exit1) exit 1 ;;
  background)
    "$amazons" "player=$name" nodes=30 seed=1 "$@" || exit $?
    setsid bash -c "sleep 2; echo garbage >'$PWD/$board'" "$mark-writer" </dev/null >/dev/null 2>&1 &
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
  hog)  # 16 MiB at a time, written, to 1 GiB (a string doubled in sh took 7 s to 256 MiB on a busy machine)
    exec python3 -c 'import time; held = [b"x" * (16 << 20) for _ in range(64)]; time.sleep(60)' ;;
  processes) for _ in $(seq 200); do (exec -a "$mark-sleep" sleep 30) & done; wait ;;
  bigfile) exec head -c 100000000 /dev/zero >big ;;
  manyfiles) mkdir -p many && cd many && touch $(seq 10050); exit 0 ;;
  forge)
    for folder in .. ../* ../../* ../../*/* /tmp "${ESCAPE_DIR:-/nonexistent}"; do
      [ -d "$folder" ] && [ "$folder" -ef . ] || forge_memo "$folder"
    done
    honest "$@" ;;
  memfd)
    exec python3 -c 'import os
fd = os.memfd_create("hoard"); block = b"x" * (1 << 20)
for _ in range(2048): os.write(fd, block)
print("ESCAPED: held 2 GiB in a memfd")' ;;
  shm)
    exec python3 -c 'import ctypes
libc = ctypes.CDLL(None, use_errno=True); libc.shmat.restype = ctypes.c_void_p
size = 2 << 30; shm = libc.shmget(0, ctypes.c_size_t(size), 0o1600)
at = libc.shmat(shm, None, 0); ctypes.memset(at, 1, size)
print("ESCAPED: held 2 GiB of shared memory")' ;;
  threads)
    exec python3 -c 'import threading, time
for _ in range(3000): threading.Thread(target=time.sleep, args=(30,), daemon=True).start()
print("ESCAPED: started 3000 threads")' ;;
  fallocate)
    reserved=0
    for file in $(seq 512); do  # 2 GiB, 4 MiB a file: each under the file size limit
      : >"r$file" && fallocate --keep-size -l 4M "r$file" 2>/dev/null || break
      reserved=$((reserved + 4))
    done
    [ $reserved -ge 100 ] && echo "ESCAPED: reserved $reserved MiB"
    honest "$@" ;;
  xfsz) kill -XFSZ $$ ;;
  bigboard) head -c 60000000 /dev/zero | tr '\0' '\n' >"$board"; exit 0 ;;
  escapes)  # as many bytes outside UTF-8 as the board given has bytes
    head -c "$(stat -c %s "$board")" /dev/zero | tr '\0' '\377' >"$board.new"
    mv "$board.new" "$board"; exit 0 ;;
  controls)
    printf '\033]0;pwned\007\033[2J\033[Hforged line\n'
    printf '\033]0;pwned\007\033[2J\302\233H\n' >>"$board"
    exit 0 ;;
  escape)  # (once a game: its folder keeps the mark from call to call)
    if [ ! -e .probed ]; then
      : >.probed
      (echo escaped >"$ESCAPE_DIR/escaped") 2>/dev/null && echo "ESCAPED: wrote outside its folder"
      (echo junk >>"$ESCAPE_DIR/escape.log") 2>/dev/null
      grep -q verdict "$ESCAPE_DIR/escape.log" 2>/dev/null && echo "ESCAPED: read the log"
      (exec 3<>"/dev/tcp/127.0.0.1/$ESCAPE_PORT") 2>/dev/null && echo "ESCAPED: reached the network"
      for socket in "$ESCAPE_SOCKET" ${ESCAPE_SOCKET_ELSEWHERE:-}; do
        python3 -c 'import socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])' "$socket" 2>/dev/null &&
          echo "ESCAPED: reached a unix socket of the host"
      done
      # The kernel's keyrings (a key outlives its process) and io_uring.
      python3 -c 'import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
key = libc.syscall(248, b"user", b"gridgames-hostile", b"left", 4, -3)  # add_key, the user keyring
sys.exit(0 if key >= 0 else 1)' 2>/dev/null && echo "ESCAPED: kept a key in the kernel"
      python3 -c 'import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
params = ctypes.create_string_buffer(120)
sys.exit(0 if libc.syscall(425, 4, params) >= 0 else 1)  # io_uring_setup' 2>/dev/null &&
        echo "ESCAPED: set up an io_uring"
      # The host's control groups, and the other seats' folders in its mounts.
      ls /sys/fs/cgroup 2>/dev/null | grep -q . && echo "ESCAPED: saw the control groups"
      awk '{print $5}' /proc/self/mountinfo 2>/dev/null | grep '/player-' | grep -qvx "$PWD" &&
        echo "ESCAPED: saw another seat's folder"
      env | grep -q '^GRIDGAMES_SECRET=' && echo "ESCAPED: saw the referee's environment"
      [ -n "${ESCAPE_FILE:-}" ] && cat "$ESCAPE_FILE" 2>/dev/null | grep -q . &&
        echo "ESCAPED: read a private file of the referee's user"
      unshare -r true 2>/dev/null && echo "ESCAPED: made a user namespace"
      if [ -z "${ESCAPE_NO_KILL:-}" ]; then
        kill -9 "$PPID" 2>/dev/null
        sleep 0.1
        kill -0 "$PPID" 2>/dev/null || echo "ESCAPED: killed its parent"
      fi
    fi
    honest "$@" ;;
  spy)
    for file in "$ESCAPE_DIR"/*/game-*/player-*/board.txt; do
      case $file in "$PWD"/*) continue ;; esac
      grep -q . "$file" 2>/dev/null && echo "ESCAPED: read another referee's board $file"
    done
    honest "$@" ;;
  *) honest "$@" ;;
esac
