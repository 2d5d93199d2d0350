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
wins=$(sed -n 's/^[0-9]*\. greedy: \([0-9]*\) wins.*/\1/p' <<<"$out")
[ "${wins:-0}" -ge 6 ] || fail "greedy won $wins of 8: $out"

# The same seed, the same tournament.
again=$("$gridgames" tournament sword-and-shield --players greedy,random,random@1 --games 4 --seed 3)
[ "$(grep -v '^pair ' <<<"$again")" = "$(grep -v '^pair ' <<<"$out")" ] || fail "not deterministic"

# The SPRT: H1 quickly for a strong player against random, never H1 for a
# player against itself.
out=$("$gridgames" tournament sword-and-shield --players ai@100,random --games 1000 --sprt 0,100,0.05,0.05)
grep -q '^SPRT: H1 accepted after [0-9]* pairs' <<<"$out" || fail "no H1 for ai: $out"
pairs=$(sed -n 's/^SPRT: H1 accepted after \([0-9]*\) pairs/\1/p' <<<"$out")
[ "$pairs" -le 20 ] || fail "H1 for ai after $pairs pairs"
for seed in 1 2 3 4 5; do
  out=$("$gridgames" tournament sword-and-shield --players random,random --games 2000 --seed $seed \
    --sprt 0,100,0.05,0.05)
  grep -q '^SPRT: H1' <<<"$out" && fail "H1 for random against itself (seed $seed)"
  grep -q '^SPRT: H0 accepted' <<<"$out" || fail "no decision for random against itself (seed $seed)"
done

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
refused 'cannot write' raiinet --players ai,random --records "$dir/no/such/folder/x"
refused 'unknown game' chess --players a,b
echo ok
