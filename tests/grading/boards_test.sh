#!/usr/bin/env bash
# gridgames grade --compare board: RAIInet and Sword and Shield programs
# judged by the positions they draw and the winner they name, on tests of
# the specification alone (tests/grading/raiinet-boards: moves, board,
# refused commands, three whole games; sword-and-shield-boards below). A RAIInet written by hand to the specification with its own words
# and colours (tests/grading/spec_raiinet.py) scores 0 compared line by
# line and passes by position; the same program with a real bug planted
# fails at the board the bug changes, or at its winner.
# usage: boards_test.sh GRIDGAMES BIN_DIR SOURCE_DIR
set -u
gridgames=$1 bin=$2 source=$3
tests=$source/tests/grading/raiinet-boards
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
grade() { "$gridgames" grade raiinet --tests "$tests" "$@" >"$dir/out.txt" 2>"$dir/err.txt"; }

# Our program, by position.
grade --program "$bin/raiinet" --compare board ||
  fail "ours: exit $?: $(cat "$dir/out.txt" "$dir/err.txt")"
grep -q "^3 of 3 tests pass (raiinet," "$dir/out.txt" || fail "ours: $(cat "$dir/out.txt")"

# A class in FOLDER: for each NAME a copy of the hand-written SCRIPT run as
# PROGRAM, with --bug NAME planted but in "right".
# usage: make_class FOLDER SCRIPT PROGRAM NAME...
make_class() {
  local folder=$1 script=$2 program=$3 who bug
  shift 3
  for who in "$@"; do
    mkdir -p "$folder/$who"
    cp "$source/tests/grading/$script" "$folder/$who/"
    bug=""
    [ "$who" = right ] || bug="--bug $who "
    printf '#!/bin/sh\nexec python3 "$(dirname "$0")/%s" %s"$@"\n' "$script" "$bug" >"$folder/$who/$program"
  done
  chmod -R 755 "$folder"
}

# A class of four: the program right, and three with a bug each.
make_class "$dir/class" spec_raiinet.py raiinet right tie edge winner
grade --submissions "$dir/class" --jobs 2 --reports "$dir/exact"
grep -q "^right: 0 of 3 tests pass" "$dir/out.txt" || fail "right, exactly: $(cat "$dir/out.txt")"
grade --submissions "$dir/class" --jobs 2 --compare board --reports "$dir/reports"
[ $? -eq 1 ] || fail "by position: exit $?"
grep -q "^right: 3 of 3 tests pass$" "$dir/out.txt" || fail "right, by position: $(cat "$dir/out.txt")"
grep -q '^tie: 2 of 3 tests pass (first failing: game-34: differ: its board [0-9]* is no position our rules reach after `move [a-hA-H] [a-z]*` or later: expected ' \
  "$dir/out.txt" || fail "tie: $(cat "$dir/out.txt")"
grep -q '^edge: 2 of 3 tests pass (first failing: game-22: differ: its board [0-9]* is no position ' "$dir/out.txt" ||
  fail "edge: $(cat "$dir/out.txt")"
grep -q '^winner: 0 of 3 tests pass (first failing: game-22: differ: it names player 2 the winner; by our rules player 1 wins)$' \
  "$dir/out.txt" || fail "winner: $(cat "$dir/out.txt")"
python3 - "$dir/reports/tie.json" <<'PY' || fail "tie: the report"
import json, sys
r = json.load(open(sys.argv[1]))
t = next(t for t in r["tests"] if not t["passed"])
assert t["name"] == "game-34" and t["verdict"] == "differ", t
expected, got = t["detail"].split(": expected ")[1].split(", got ")
assert expected.count("/") == 7 and got.count("/") == 7 and expected != got, t["detail"]
PY

# Random tests of the specification's game (--random): ours and the program
# written to the specification pass every one; a Download card spent
# without downloading is found, shrunk to the Download and the commands
# until a board shows it, and saved once with its arguments and link
# files, as a test that --compare board grades the same way again.
random() { "$gridgames" grade raiinet --random 10 --seed 5 --actions 40 "$@" >"$dir/out.txt" 2>"$dir/err.txt"; }
random --program "$bin/raiinet" || fail "random, ours: exit $?: $(cat "$dir/out.txt" "$dir/err.txt")"
grep -q "^0 of 10 random scripts differ (raiinet by position, .*; seed 5)$" "$dir/out.txt" ||
  fail "random, ours: $(cat "$dir/out.txt")"
random --program "$dir/class/right/raiinet" || fail "random, right: exit $?: $(cat "$dir/out.txt" "$dir/err.txt")"
make_class "$dir/class" spec_raiinet.py raiinet download
random --program "$dir/class/download/raiinet" --save "$dir/saved"
[ $? -eq 1 ] || fail "random, download: exit $?: $(cat "$dir/out.txt" "$dir/err.txt")"
found=$(grep -c "^DIFFER random-5-[0-9]*: [0-9]* commands shrunk to [0-9]*: differ: its board [0-9]* is no position .* (after \`ability [1-5] [a-hA-H]\`), got " "$dir/out.txt")
[ "$found" -ge 1 ] && grep -q "^$found of 10 random scripts differ" "$dir/out.txt" || fail "random, download: $(cat "$dir/out.txt")"
saved=$(ls "$dir/saved" | grep -c '\.txt$')
[ "$saved" -ge 1 ] && [ "$saved" -le "$found" ] && [ "$(ls "$dir/saved" | grep -c '\.links$')" -eq $((2 * saved)) ] ||
  fail "random, download: saved $(ls "$dir/saved" | tr '\n' ' ')"
"$gridgames" grade raiinet --tests "$dir/saved" --compare board --program "$dir/class/right/raiinet" >"$dir/out.txt" ||
  fail "saved, right: $(cat "$dir/out.txt")"
"$gridgames" grade raiinet --tests "$dir/saved" --compare board --program "$dir/class/download/raiinet" >"$dir/out.txt"
[ $? -eq 1 ] && grep -q "^0 of $saved tests pass" "$dir/out.txt" || fail "saved, download: $(cat "$dir/out.txt")"
random --program "$bin/raiinet" --compare lines 2>"$dir/err.txt"
[ $? -eq 2 ] && grep -q "judged by position" "$dir/err.txt" || fail "random, lines: $(cat "$dir/err.txt")"

# Sword and Shield the same way (tests/grading/sword-and-shield-boards:
# four games of the specification's commands, three won, with undo; and
# tests/grading/spec_sword_and_shield.py, its cells four characters wide
# with lines between, colours, its own words): right by position and 0
# line by line; each planted bug fails at the board it changes, its winner,
# or its time (a program that waits for input after the last command).
sas_tests=$source/tests/grading/sword-and-shield-boards
sas() { "$gridgames" grade sword-and-shield "$@" >"$dir/out.txt" 2>"$dir/err.txt"; }
sas --tests "$sas_tests" --program "$bin/sword-and-shield" --compare board ||
  fail "sword-and-shield, ours: exit $?: $(cat "$dir/out.txt" "$dir/err.txt")"
make_class "$dir/sas" spec_sword_and_shield.py sword-and-shield right shield corner undo winner hang
sas --tests "$sas_tests" --submissions "$dir/sas" --jobs 2 --time-limit 2
grep -q '^right: 0 of 4 tests pass (first failing: game-10: line 1: expected "Green unused:", got "SWORD & SHIELD -- yellow begins")$' \
  "$dir/out.txt" || fail "sword-and-shield, right, exactly: $(cat "$dir/out.txt")"
sas --tests "$sas_tests" --submissions "$dir/sas" --jobs 2 --time-limit 2 --compare board
expect() { grep -q "^$1" "$dir/out.txt" || fail "sword-and-shield, $1: $(cat "$dir/out.txt")"; }
expect 'right: 4 of 4 tests pass$'
expect 'shield: 0 of 4 tests pass (first failing: game-10: differ: its board 10 is no position our rules reach after `rotate Q 2` or later: expected .* (row 8 differs))$'
expect 'corner: 3 of 4 tests pass (first failing: game-10: differ: its board 116 is no position our rules reach after `move K left` or later: '
expect 'undo: 0 of 4 tests pass (first failing: game-10: differ: its board 65 is no position our rules reach after `rotate K 4` or later: '
expect 'winner: 1 of 4 tests pass (first failing: game-10: differ: it names player 1 the winner; by our rules player 2 wins)$'
expect 'hang: 3 of 4 tests pass (first failing: game-44: timeout: out of time: no answer within 2000 ms)$'
# Random tests of the specification's game: the right program passes, the
# undo that leaves buried pieces buried is found and shrunk.
sas --random 10 --seed 5 --actions 200 --program "$dir/sas/right/sword-and-shield" --jobs 2 ||
  fail "sword-and-shield, random, right: exit $?: $(cat "$dir/out.txt" "$dir/err.txt")"
sas --random 1 --seed 5 --actions 200 --program "$dir/sas/undo/sword-and-shield"
[ $? -eq 1 ] && grep -q "^1 of 1 random scripts differ (sword-and-shield by position" "$dir/out.txt" &&
  grep -q "^DIFFER random-5-[0-9]*: [0-9]* commands shrunk to [0-9]*: differ: its board" "$dir/out.txt" ||
  fail "sword-and-shield, random, undo: $(cat "$dir/out.txt")"

# The ETF games by position: the boards of the expected output (here our
# golden transcripts, standing for the oracle's), each after its command.
# A program that words every message otherwise passes by position and
# fails line by line; one that draws a cell wrong fails at that board.
for game in space-defender-2 simodyssey2; do
  mkdir -p "$dir/etf-$game"
  cp "$bin/$game" "$dir/etf-$game/real"
  printf '#!/bin/sh\n"$(dirname "$0")/real" "$@" | sed "s/Starfighter/Fighter-ship/; s/Explorer/Voyager/; s/^  state:/  STATE: /"\n' \
    >"$dir/etf-$game/words"
  chmod -R 755 "$dir/etf-$game"
  golden=$source/tests/golden/$game
  total=$(ls "$golden" | grep -c '\.expected\.txt$')
  "$gridgames" grade "$game" --tests "$golden" --program "$dir/etf-$game/words" --compare board --jobs 2 >"$dir/out.txt" 2>&1 ||
    fail "$game, words, by position: $(tail -3 "$dir/out.txt")"
  grep -q "^$total of $total tests pass" "$dir/out.txt" || fail "$game, words, by position: $(tail -1 "$dir/out.txt")"
  "$gridgames" grade "$game" --tests "$golden" --program "$dir/etf-$game/words" --jobs 2 >"$dir/out.txt" 2>&1
  [ $? -eq 1 ] || fail "$game, words, exactly: $(tail -1 "$dir/out.txt")"
done
printf '#!/bin/sh\n"$(dirname "$0")/real" "$@" | sed "/^    C /s/_/#/2"\n' >"$dir/etf-space-defender-2/board"
chmod 755 "$dir/etf-space-defender-2/board"
"$gridgames" grade space-defender-2 --tests "$source/tests/golden/space-defender-2" --program "$dir/etf-space-defender-2/board" \
  --compare board >"$dir/out.txt" 2>&1
[ $? -eq 1 ] && grep -q "^FAIL [a-z0-9_-]*: differ: its board 1 is no position the expected output shows .*: expected [_SG/]*.*, got .*_#_" "$dir/out.txt" ||
  fail "space-defender-2, a cell drawn wrong: $(head -3 "$dir/out.txt")"

# A game whose specification fixes no board display the grader reads, and
# a test that fixes no placements: said, not guessed.
"$gridgames" grade amazons --tests "$tests" --program "$bin/amazons" --compare board 2>"$dir/err.txt"
[ $? -eq 2 ] && grep -q "fixes no board display the grader reads" "$dir/err.txt" || fail "amazons: $(cat "$dir/err.txt")"
mkdir "$dir/unplaced"
cp "$tests/game-7.in" "$dir/unplaced/"
"$gridgames" grade raiinet --tests "$dir/unplaced" --program "$bin/raiinet" --compare board >"$dir/out.txt"
grep -q "no expected output: the test fixes no placements" "$dir/out.txt" || fail "unplaced: $(cat "$dir/out.txt")"

[ $failures -eq 0 ] && echo "gridgames grade --compare board: every check passed"
exit $((failures > 0))
