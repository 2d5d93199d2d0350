#!/usr/bin/env bash
# hippolyta (../shared/opponents/) as a tournament program through
# bench/hippolyta_adapter: it plays whole classic games in a tournament
# (from a crowded board, where it answers at once), and the adapter refuses
# what hippolyta cannot play. Skipped (77) where hippolyta is not built.
set -u
gridgames=$1
adapter=$(realpath "$2")
hippolyta=${3:-}
[ -n "$hippolyta" ] && [ -x "$hippolyta" ] || { echo "hippolyta is not built (../shared/opponents)"; exit 77; }
hippolyta=$(realpath "$hippolyta")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

out=$("$gridgames" tournament amazons --seed 1 --param rules=standard --random-plies 20 --limit 60000 \
  --players "program:$adapter $hippolyta 0.01,random" --games 2 --records "$dir/games.jsonl") ||
  fail "the tournament exited $?: $out"
grep -q '^1\. program:.*hippolyta 0.01: 2 wins, 0 draws, 0 losses' <<<"$out" || fail "hippolyta: $out"
[ "$(grep -c '"verdict":"win"' "$dir/games.jsonl")" -eq 2 ] || fail "the verdicts"

[ "$("$adapter" "$hippolyta" 1 name)" = hippolyta ] || fail "its name"
"$adapter" "$hippolyta" 1 phase=placement amazons=4 "$dir/b" "$dir/b" 2>"$dir/err"
[ $? -eq 3 ] && grep -q "places no amazons" "$dir/err" || fail "a placement: $(cat "$dir/err")"
cp "$(dirname "$0")/../amazons/start_board.txt" "$dir/other"
"$adapter" "$hippolyta" 1 phase=movement "$dir/other" "$dir/out" 2>"$dir/err"
[ $? -eq 2 ] && grep -q "10 x 10" "$dir/err" || fail "a 9 x 11 board: $(cat "$dir/err")"
echo "hippolyta adapter: all checks passed"
