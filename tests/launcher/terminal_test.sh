#!/usr/bin/env bash
# At a terminal (a pseudo-terminal made by util-linux's script): RAIInet and
# Sword and Shield say how to get help before the first display, RAIInet's
# two people at one terminal pause before the first player's secrets, and
# `help` lists the commands. Scripts and pipes get none of the hints.
set -u
gridgames=$1
fail() { echo "FAIL: $*"; exit 1; }
# No pseudo-terminals here: skipped (CTest's SKIP_RETURN_CODE).
timeout 10 script -qec true /dev/null </dev/null >/dev/null 2>&1 || { echo "skipped: no pty"; exit 77; }
at_terminal() {  # at_terminal INPUT ARGS...: the output of gridgames ARGS on a terminal
  local input=$1
  shift
  printf '%b' "$input" | timeout 20 script -qec "$(printf '%q ' "$gridgames" "$@")" /dev/null
}
hint="Type help for the commands."
out=$(at_terminal 'quit\n' raiinet -seed 3 -ai 2) || fail "raiinet -ai 2 exited $?: $out"
[[ $out == *"$hint"*"Player 1:"*"Player 1> "* ]] || fail "raiinet -ai 2 at a terminal: $out"
# The pause comes first, then the hint and Player 1's display.
out=$(at_terminal '\nquit\n' raiinet -seed 3) || fail "raiinet exited $?: $out"
[[ $out == *"Pass the keyboard to Player 1, then press Enter."*"$hint"*"Player 1:"* ]] ||
  fail "raiinet hot seat at a terminal: $out"
out=$(at_terminal 'help\nquit\n' raiinet -seed 3 -ai 1) || fail "raiinet -ai 1 exited $?: $out"
[[ $out == *"$hint"*"Player 2> "*"Commands:"*"H (Hijack)      <link> <up|down|left|right>"* ]] ||
  fail "raiinet help at a terminal: $out"
out=$(at_terminal 'help\nquit\n' sword-and-shield -ai green) || fail "sword-and-shield exited $?: $out"
[[ $out == *"$hint"*"Yellow's turn"*"Commands:"*"  quit                            end the game"* ]] ||
  fail "sword-and-shield at a terminal: $out"
# Pipes: the same programs without the hint.
for args in "raiinet -seed 3" "sword-and-shield"; do
  # shellcheck disable=SC2086  # the words of args are the arguments
  out=$(echo quit | "$gridgames" $args) || fail "$args from a pipe exited $?"
  [[ $out != *"$hint"* ]] || fail "$args from a pipe printed the hint"
done
echo "ok"
