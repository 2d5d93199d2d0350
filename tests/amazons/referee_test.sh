#!/usr/bin/env bash
# The referee catches a cheating program each way it can cheat, disqualifies
# it, and lets the game go on; honest programs are never disqualified.
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/bin"
cp "$1" "$2" "$dir/bin/"
amazons=$dir/bin/$(basename "$1") cheater=$dir/bin/$(basename "$2")
cd "$dir"
failures=0
# The honest players: in the sanitizer build without LeakSanitizer's scan at
# exit, a quarter of each call's time there (amazons.game_master plays the
# same program with it, directly).
honest=$amazons
ldd "$amazons" 2>/dev/null | grep -q libasan && honest="env ASAN_OPTIONS=detect_leaks=0 $amazons"
expect() {  # expect MODE WORDS
  local mode=$1 words=$2
  "$amazons" referee --rows 6 --cols 6 --amazons 2 --limit 1500 --seed 3 --log "$mode.log" \
    "$honest player=honest nodes=40" "$cheater mode=$mode" >"$mode.out" 2>&1
  if ! grep -q "\"player\":\"cheater\".*\"verdict\":\"disqualified: .*\($words\)" "$mode.log"; then
    echo "FAIL: $mode: no disqualification \"$words\" in the log"; tail -3 "$mode.out"; failures=$((failures + 1))
  fi
  if grep -q "\"player\":\"honest\".*disqualified" "$mode.log"; then
    echo "FAIL: $mode: the honest player was disqualified"; failures=$((failures + 1))
  fi
  grep -q "cheater disqualified" "$mode.out" || grep -q "disqualified in 1" "$mode.out" ||
    { echo "FAIL: $mode: the standings do not show it"; failures=$((failures + 1)); }
}
expect score "the score of player 2 went from [0-9]* to [0-9]*, but [0-9]* treasure left the board"
expect arrow "the arrow or spear on [0-9]*,[0-9]* was removed"
expect other "an amazon of player 1 was moved, added or removed (only the mover's own amazons may move)"
expect double "2 amazons of player 2 moved, from\\|arrows or spears were shot"
expect nothing "no amazon of player 2 moved"
expect goods "not one legal placement: the amazon on [0-9]*,[0-9]* stands on treasure or an artifact, which placing it there takes"
expect lie "exit 1 while a turn was possible"
expect broken "left a board that cannot be read"
expect slow "out of time: no answer within 1500 ms"
expect crash "wrong exit code 3"
# A tournament between three copies of the program and a random player: all honest.
"$amazons" referee --games 3 --jobs 2 --rows 8 --cols 8 --amazons 3 --log tour.log \
  "$honest player=a nodes=60" "$honest player=b nodes=60" "$honest player=c nodes=60" \
  "$honest player=r ai=random" >tour.out 2>&1 || { echo "FAIL: the tournament"; failures=$((failures + 1)); }
if grep -q disqualified tour.log; then
  echo "FAIL: an honest program was disqualified:"
  grep -o '"player":"[^"]*".*"verdict":"disqualified[^"]*"' tour.log | head -3
  failures=$((failures + 1))
fi
grep -q "standings after 3 game(s)" tour.out || { echo "FAIL: no standings"; failures=$((failures + 1)); }
"$amazons" referee --replay tour.log | grep -q "^game 2, call 1: " || { echo "FAIL: replay"; failures=$((failures + 1)); }
# Anything but a referee log is refused, with exit 2.
printf 'not json\n' >bad.log
"$amazons" referee --replay bad.log >/dev/null 2>&1; [ $? -eq 2 ] || { echo "FAIL: replay of a non-log"; failures=$((failures + 1)); }
printf '{"game":1}\n' >partial.log
"$amazons" referee --replay partial.log >/dev/null 2>&1; [ $? -eq 2 ] || { echo "FAIL: replay of a partial log"; failures=$((failures + 1)); }
"$amazons" referee --replay . >/dev/null 2>&1; [ $? -eq 2 ] || { echo "FAIL: replay of a directory"; failures=$((failures + 1)); }
"$amazons" referee --games 0 x 2>bad_option.txt; [ $? -eq 2 ] && grep -q "games" bad_option.txt ||
  { echo "FAIL: a bad option value"; failures=$((failures + 1)); }
[ $failures -eq 0 ] && echo "the referee caught every way of cheating"
exit $((failures > 0))
