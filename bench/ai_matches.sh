#!/usr/bin/env bash
# The computer players' matches of docs/journal/computer-players.md ("Matches"): each
# through `gridgames selfplay`, seats alternating, 200 games, at fixed search
# budgets (NAME@N: N search iterations a decision) so that the results repeat
# exactly on any machine.
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

if [ "$which" = raiinet ] || [ "$which" = all ]; then
  match raiinet 400 heuristic,random
  match raiinet 400 ai@2000,random
  match raiinet 400 ai@2000,heuristic
  match raiinet 400 ai@1000,ai@2000
fi
if [ "$which" = sword-and-shield ] || [ "$which" = all ]; then
  match sword-and-shield 300 greedy,random
  match sword-and-shield 300 ai@3000,random
  match sword-and-shield 300 ai@3000,greedy
  match sword-and-shield 300 ai@2000,ai@1000
fi
if [ "$which" = amazons ] || [ "$which" = all ]; then
  match amazons - ai@2000,ai@1000 --param rules=standard
fi
