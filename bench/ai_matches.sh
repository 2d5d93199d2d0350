#!/usr/bin/env bash
# The computer players' matches of the README ("Computer opponents"): each
# through `gridgames selfplay`, seats alternating, 200 games, at fixed search
# budgets (NAME@N: N search iterations a decision) so that the results repeat
# exactly on any machine. Sword and Shield's matches are played as 20 runs of
# 10 games (seeds 1-20), each at most 10 minutes: a game can repeat a chain
# of reactions that the rules take back without end (README, Computer
# opponents), and a run that times out is reported as such.
# Usage: bench/ai_matches.sh [raiinet|sword-and-shield|amazons|all] [GAMES]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
gridgames="${GRIDGAMES:-$root/build/bin/gridgames}"
which=${1:-all}
games=${2:-200}

match() {  # match GAME MAX_LENGTH BOTS [SELFPLAY OPTIONS...]; MAX_LENGTH - for none
  echo "== $1: $3 ($games games, max length $2)"
  local length=()
  [ "$2" = - ] || length=(--max-length "$2")
  /usr/bin/time -f "   %e s" "$gridgames" selfplay "$1" --games "$games" --seed 1 "${length[@]}" \
    --bots "$3" "${@:4}"
}

chunked() {  # chunked GAME MAX_LENGTH BOTS: runs of 10 games, seeds 1, 2, ...; the totals
  echo "== $1: $3 ($games games in runs of 10, max length $2)"
  for ((seed = 1; seed <= games / 10; ++seed)); do
    timeout 600 "$gridgames" selfplay "$1" --games 10 --seed "$seed" --max-length "$2" --bots "$3" ||
      echo "seed $seed: did not finish in 10 minutes"
  done | tee /dev/stderr | awk '/^1 /{w+=$3; d+=$5; l+=$7} /adjudicated/{a+=$1}
    END {printf "total for %s: %d wins, %d draws, %d losses, %d adjudicated\n", "bot 1", w, d, l, a}'
}

if [ "$which" = raiinet ] || [ "$which" = all ]; then
  match raiinet 400 heuristic,random
  match raiinet 400 ai@2000,random
  match raiinet 400 ai@2000,heuristic
  match raiinet 400 ai@1000,ai@2000
fi
if [ "$which" = sword-and-shield ] || [ "$which" = all ]; then
  match sword-and-shield 300 greedy,random
  match sword-and-shield 300 ai@300,random
  chunked sword-and-shield 300 ai@300,greedy
  chunked sword-and-shield 300 ai@200,ai@100
fi
if [ "$which" = amazons ] || [ "$which" = all ]; then
  match amazons - ai@2000,ai@1000 --param rules=standard
fi
