#!/usr/bin/env bash
# gridgames tournament: pairs with the seats swapped, standings with Elo,
# records and PGN, the SPRT deciding for a strong player and never for a
# player against itself, and bad options refused with a reason.
set -u
gridgames=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

out=$("$gridgames" tournament sword-and-shield --players greedy,random,random@1 --games 4 --seed 3 \
  --concurrency 2 --records "$dir/games.jsonl" --pgn "$dir/games.pgn") || fail "a round robin exited $?: $out"
# Three encounters of two pairs: 12 games, each a JSON line and a PGN game.
[ "$(grep -c '^pair ' <<<"$out")" -eq 6 ] || fail "not 6 pairs: $out"
grep -q '^Standings after 12 games' <<<"$out" || fail "no standings: $out"
[ "$(wc -l <"$dir/games.jsonl")" -eq 12 ] || fail "not 12 records"
[ "$(grep -c '^\[Result ' "$dir/games.pgn")" -eq 12 ] || fail "not 12 PGN games"
# Classic Amazons in its players' notation: each action's in the records,
# the plies numbered in the PGN's moves.
"$gridgames" tournament amazons --param rules=standard --players random,random@1 --games 2 --records "$dir/classic.jsonl" --pgn "$dir/classic.pgn" >/dev/null ||
  fail "a classic tournament exited $?"
python3 - "$dir/classic.jsonl" <<'PY' || fail "the classic records' notation"
import json, re, sys
for line in open(sys.argv[1]):
    actions = json.loads(line)["actions"]
    assert actions and all(re.fullmatch(r"[a-j]\d+-[a-j]\d+|/[a-j]\d+", a["notation"]) for a in actions), actions[:3]
PY
grep -qE '^1\. [a-j][0-9]+-[a-j][0-9]+/[a-j][0-9]+ [a-j][0-9]+-[a-j][0-9]+/[a-j][0-9]+ 2\. ' "$dir/classic.pgn" ||
  fail "the classic PGN's moves: $(head -12 "$dir/classic.pgn")"
python3 - "$dir/games.jsonl" <<'PY' || fail "the records"
import json, sys
games = [json.loads(line) for line in open(sys.argv[1])]
pairs = {}
for g in games:
    assert g["game"] == "sword-and-shield" and g["actions"] and g["reason"] == "rules", g["reason"]
    assert sum(g["points"]) == 1
    pairs.setdefault(g["pair"], []).append(g)
for pair in pairs.values():  # the seats swapped, the same start
    assert len(pair) == 2 and pair[0]["seats"] == pair[1]["seats"][::-1], pair[0]["seats"]
PY
# The crosstable: each row's points against each column, of 4 games, and
# the two cells of an encounter adding up to its games.
python3 - "$out" <<'PY' || fail "the crosstable: $out"
import sys
lines = sys.argv[1].split("\n")
at = lines.index("Crosstable (the row's points against the column's player, of their games):")
assert lines[at + 1].split() == ["1", "2", "3"], lines[at + 1]
rows = [line.split()[2:] for line in lines[at + 2:at + 5]]
assert [line.split()[1] for line in lines[at + 2:at + 5]] == ["greedy", "random", "random@1"]
for r in range(3):
    assert rows[r][r] == "-"
    for c in range(3):
        if r != c:
            mine, games = rows[r][c].split("/")
            theirs, _ = rows[c][r].split("/")
            assert games == "4" and float(mine) + float(theirs) == 4, (r, c)
PY
wins=$(sed -n 's/^[0-9]*\. greedy: \([0-9]*\) wins.*/\1/p' <<<"$out")
[ "${wins:-0}" -ge 6 ] || fail "greedy won $wins of 8: $out"

# The same seed, the same tournament.
again=$("$gridgames" tournament sword-and-shield --players greedy,random,random@1 --games 4 --seed 3)
[ "$(grep -v '^pair ' <<<"$again")" = "$(grep -v '^pair ' <<<"$out")" ] || fail "not deterministic"

# Interrupted after two pairs and a half line, then resumed: the same
# tournament as played at once.
"$gridgames" tournament sword-and-shield --players greedy,random,random@1 --games 6 --seed 4 \
  --records "$dir/full.jsonl" >"$dir/full.out" || fail "the full tournament"
head -c $(($(head -5 "$dir/full.jsonl" | wc -c) + 100)) "$dir/full.jsonl" >"$dir/part.jsonl"
out=$("$gridgames" tournament sword-and-shield --players greedy,random,random@1 --games 6 --seed 4 \
  --resume "$dir/part.jsonl") || fail "resume exited $?"
grep -q '^resumed: 2 pairs' <<<"$out" || fail "resumed: $out"
[ "$(grep -v '^pair \|^resumed' <<<"$out")" = "$(grep -v '^pair ' "$dir/full.out")" ] ||
  fail "a resumed tournament differs: $out"
[ "$(wc -l <"$dir/part.jsonl")" -eq 18 ] || fail "the resumed records do not hold 18 games"
refused_resume=$("$gridgames" tournament sword-and-shield --players greedy,random --games 6 --seed 4 \
  --resume "$dir/part.jsonl" 2>&1)
[[ "$refused_resume" == *"holds games of another tournament"* ]] || fail "resumed another: $refused_resume"
refused_resume=$("$gridgames" tournament sword-and-shield --players greedy,random,random@1 --games 6 \
  --seed 4 --max-length 50 --resume "$dir/part.jsonl" 2>&1)
[[ "$refused_resume" == *"holds games of another tournament"* ]] || fail "resumed with another length: $refused_resume"

# A gauntlet: the first player against each other one only; classic
# Amazons games as SGF.
mkdir "$dir/sgf"
out=$("$gridgames" tournament amazons --players uct@30,random,random@1 --gauntlet --games 2 \
  --param rules=standard --sgf "$dir/sgf") || fail "a gauntlet exited $?"
grep -q '^uct@30 vs random: pairs' <<<"$out" && grep -q '^uct@30 vs random@1: pairs' <<<"$out" ||
  fail "the gauntlet's encounters: $out"
grep -q '^random vs random@1' <<<"$out" && fail "a gauntlet played the others among themselves"
[ "$(ls "$dir/sgf" | wc -l)" -eq 4 ] || fail "not 4 SGF files: $(ls "$dir/sgf")"
grep -q '^(;FF\[4\]GM\[18\]' "$dir/sgf/pair-1-game-1.sgf" || fail "not SGF"

# The SPRT: H1 quickly for a strong player against random, never H1 for a
# player against itself.
out=$("$gridgames" tournament sword-and-shield --players ai@100,random --games 1000 --sprt 0,100,0.05,0.05 --seed 1)
grep -q '^SPRT: H1 accepted after [0-9]* pairs' <<<"$out" || fail "no H1 for ai: $out"
pairs=$(sed -n 's/^SPRT: H1 accepted after \([0-9]*\) pairs/\1/p' <<<"$out")
[ "$pairs" -le 20 ] || fail "H1 for ai after $pairs pairs"
for seed in 1 2 3 4 5; do
  out=$("$gridgames" tournament sword-and-shield --players random,random --games 2000 --seed $seed \
    --sprt 0,100,0.05,0.05)
  grep -q '^SPRT: H1' <<<"$out" && fail "H1 for random against itself (seed $seed)"
  grep -q '^SPRT: H0 accepted' <<<"$out" || fail "no decision for random against itself (seed $seed)"
done

# A game clock: each decision charged to its seat's bank, the increment
# after it, the clock left in each action's record; a bot of a fixed number
# of iterations that overruns a clock of 2 ms loses on time.
"$gridgames" tournament sword-and-shield --players ai,greedy --games 2 --seed 6 --clock 2+0.05 \
  --records "$dir/clock.jsonl" >/dev/null || fail "a tournament with a clock exited $?"
python3 - "$dir/clock.jsonl" <<'PY' || fail "the clock's records"
import json, sys
for line in open(sys.argv[1]):
    g = json.loads(line)
    assert g["clock"] == "2+0.05" and g["reason"] == "rules", (g["clock"], g["reason"])
    left = {}
    for a in g["actions"]:
        before = left.get(a["player"], 2000)
        assert a["clock_ms"] == before - a["ms"] + 50, (before, a)
        left[a["player"]] = a["clock_ms"]
    assert len(left) == 2 and min(left.values()) > 0, left
PY
out=$("$gridgames" tournament sword-and-shield --players uct@200,random --games 2 --clock 0.002+0 --seed 1 \
  --records "$dir/flag.jsonl") || fail "a tournament lost on time exited $?: $out"
grep -q "^[12]\. uct@200: 0 wins, 0 draws, 2 losses, .*lost by time 2\$" <<<"$out" ||
  fail "uct@200 did not lose both on time: $out"
grep -q "(time by uct@200: its clock ran out (" <<<"$out" || fail "no reason for the loss on time: $out"

# Bad options: exit 2 and a reason.
refused() {  # refused "REASON" ARGS...
  local want=$1
  shift
  local got
  got=$("$gridgames" tournament "$@" 2>&1)
  [ $? -eq 2 ] || fail "$* is not exit 2"
  [[ "$got" == *"$want"* ]] || fail "$*: $got"
}
refused 'no player "magic"' raiinet --players ai,magic
refused 'not a game of two players' amazons --players random,uct --param players=3
refused '--sprt is ELO0,ELO1,ALPHA,BETA' raiinet --players ai,random --sprt 5,0,0.05,0.05
refused '--sprt tests two players' raiinet --players ai,random,heuristic --sprt 0,5,0.05,0.05
refused '--clock is BASE+INC in seconds' raiinet --players ai,random --clock 60
refused '--clock is BASE+INC in seconds' raiinet --players ai,random --clock 0+1
refused '--clock is BASE+INC in seconds' raiinet --players ai,random --clock 5+-1
refused 'cannot write' raiinet --players ai,random --records "$dir/no/such/folder/x"
refused 'unknown game' chess --players a,b
refused 'not a folder' raiinet --players ai,random --sgf "$dir/none"
# Every game of two players (as gridgames --help lists the games, a new one
# too) plays a short tournament with its records; a game of one is refused.
for game in $("$gridgames" --help | sed -n 's/^Games: //p' | tr -d ','); do
  every=$("$gridgames" tournament "$game" --players random,random@1 --games 2 --seed 5 \
    --records "$dir/every-$game.jsonl" 2>&1)
  case $? in
    0) [ "$(wc -l <"$dir/every-$game.jsonl")" -eq 2 ] || fail "$game: not 2 records: $every" ;;
    2) [[ $every == *"not a game of two players"* ]] || fail "$game refused: $every" ;;
    *) fail "a tournament of $game exited otherwise: $every" ;;
  esac
done

# An opening suite: each opening a pair, both colours from it; once through
# the suite when --games is not given; bad suites refused with their line.
suite=$(dirname "$0")/../../bench/openings/amazons-classic.txt
out=$("$gridgames" tournament amazons --param rules=standard --players random,random@1 \
  --openings "$suite" --records "$dir/openings.jsonl") || fail "a suite's tournament exited $?: $out"
grep -q '^Standings after 120 games' <<<"$out" || fail "not the 60 openings twice: $(tail -3 <<<"$out")"
python3 - "$suite" "$dir/openings.jsonl" <<'PY' || fail "the openings' records"
import json, sys
suite = [[a.strip() for a in line.split("#")[0].split(";")] for line in open(sys.argv[1])
         if line.split("#")[0].strip()]
assert len(suite) == 60, len(suite)
games = [json.loads(line) for line in open(sys.argv[2])]
assert len(games) == 120
for g in games:
    opening = suite[g["opening"] - 1]
    assert g["opening"] == g["pair"], (g["opening"], g["pair"])  # in the file's order
    played = [a["action"] for a in g["actions"][:len(opening)]]
    assert played == opening and all(a.get("opening") for a in g["actions"][:len(opening)]), played
    assert not g["actions"][len(opening)].get("opening")
PY
"$gridgames" tournament amazons --param rules=standard --players random,random@1 --openings "$suite" \
  --shuffle-openings --seed 4 --games 8 --records "$dir/shuffled.jsonl" >/dev/null || fail "shuffled openings"
python3 -c "
import json, sys
o = [json.loads(l)['opening'] for l in open(sys.argv[1])]
assert o[0::2] == o[1::2] and len(set(o)) == 4 and o[0::2] != [1, 2, 3, 4], o" "$dir/shuffled.jsonl" ||
  fail "the shuffled openings: $(cut -c1-80 "$dir/shuffled.jsonl")"
printf 'move 1,4 6,4; shoot 6,9\n# a comment\nmove 1,4 9,9\n' >"$dir/bad.txt"
for args in "--openings $dir/bad.txt" "--openings $dir/none.txt" "--openings $suite --random-plies 2" "--shuffle-openings"; do
  # shellcheck disable=SC2086
  if out=$("$gridgames" tournament amazons --param rules=standard --players random,random@1 $args 2>&1); then
    fail "accepted: $args"
  fi
  case $out in
    *"line 3: move 1,4 9,9"* | *"none.txt: cannot be read"* | *"give one way to open"* | *"needs --openings"*) ;;
    *) fail "$args: $out" ;;
  esac
done
echo ok
