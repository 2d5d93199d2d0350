#!/usr/bin/env bash
# The computer players' matches at one and two seconds a decision, and
# fixed-budget matches as long (docs/computer-players.md), pooled over many short
# runs: such a match takes hours of a core, more than one session or one core
# gives, so it is played as runs of 2 games (seats alternating), each from
# its own seed, and every finished run is appended to bench/results/MATCH.log,
# which is committed. A run cut off by the end of a session leaves nothing,
# and its seed is played again.
#
# Usage:
#   bench/timed_matches.sh list
#   bench/timed_matches.sh run MATCH FIRST STEP LAST
#       plays the runs of seeds FIRST, FIRST+STEP, ... up to LAST that the
#       log does not have yet (two workers at once: FIRST 0 and 1, STEP 2)
#   bench/timed_matches.sh tally MATCH
#       the log's games for the first bot of the match: won, drawn, lost,
#       and the share won with its 95% Wilson interval
# GRIDGAMES= names another build's gridgames (default build/bin/gridgames),
# GRIDGAMES_BUILD= the commit it was built from (default: the checkout's).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
gridgames="${GRIDGAMES:-$root/build/bin/gridgames}"
results="$root/bench/results"

# The selfplay arguments of each match (the seed and the run's size apart).
declare -A matches=(
  [sword-and-shield-ai-2s-vs-1s]="sword-and-shield --max-length 300 --bots ai@2000ms,ai@1000ms"
  # Four times the time: whether more time helps at all where twice does not
  # (docs/journal/computer-players.md, "Where the two unmet goals stand").
  [sword-and-shield-ai-4s-vs-1s]="sword-and-shield --max-length 300 --bots ai@4000ms,ai@1000ms"
  # Late-move reductions, tried and not kept: its log's build, 9bf5ffa.
  [sword-and-shield-reduced-2s-vs-1s]="sword-and-shield --max-length 300 --bots ai@2000ms,ai@1000ms"
  # RAIInet's bots were renamed after build a359fb3: `ai` became `ai-vote`, and
  # `ai-mean` (with more worlds) became `ai`; a log names the bots its runs
  # played, and the tally counts each run's first bot.
  [raiinet-ai-2s-vs-1s]="raiinet --max-length 400 --bots ai-vote@2000ms,ai-vote@1000ms"
  [raiinet-ismcts-2s-vs-1s]="raiinet --max-length 400 --bots ismcts@2000ms,ismcts@1000ms"
  # The same, since a game at the length limit is adjudicated (build bff3481 on).
  [raiinet-ismcts-2s-vs-1s-adjudicated]="raiinet --max-length 400 --bots ismcts@2000ms,ismcts@1000ms"
  [raiinet-ismcts-vs-ai]="raiinet --max-length 400 --bots ismcts@1000ms,ai-vote@1000ms"
  # The AI choosing the best value averaged over its worlds (AiOptions::by_mean_value),
  # 4 worlds at any budget: its log's builds, ed9b75a and 566a5a0; no bot plays
  # it now.
  [raiinet-ai-mean-2s-vs-1s]="raiinet --max-length 400 --bots ai-mean@2000ms,ai-mean@1000ms"
  # ai-mean as it became ai: one world for each 250 ms, 8 worlds at 2 s (its first
  # runs: build 566a5a0 with a temporary switch, GG_WORLD_MS=250, the same play).
  [raiinet-ai-mean-worlds-2s-vs-1s]="raiinet --max-length 400 --bots ai@2000ms,ai@1000ms"
  # ai with twice the worlds: one for each 125 ms, so 8 at one second and 16 at
  # two (build e47d075 with a temporary switch, GG_WORLD_MS=125; stopped at 100
  # games, 48.0%, and not kept).
  [raiinet-ai-125ms-worlds-2s-vs-1s]="raiinet --max-length 400 --bots ai@2000ms,ai@1000ms"
  # `ai` with its worlds in antithetic pairs (AiOptions::antithetic): at
  # one second against `ai`, against itself at twice the time, and against the
  # reference players. It was the bot `ai-pairs` until it replaced `ai` after
  # build 7b46cdd, when the former `ai` became `ai-unpaired`; the logs name the
  # bots as their runs played them.
  [raiinet-ai-pairs-vs-ai]="raiinet --max-length 400 --bots ai@1000ms,ai-unpaired@1000ms"
  [raiinet-ai-pairs-2s-vs-1s]="raiinet --max-length 400 --bots ai@2000ms,ai@1000ms"
  [raiinet-ai-pairs-vs-random]="raiinet --max-length 400 --bots ai@1000ms,random"
  [raiinet-ai-pairs-vs-heuristic]="raiinet --max-length 400 --bots ai@1000ms,heuristic"
  # Four times the time (16 worlds against 4): whether more time helps at all
  # where twice does not.
  [raiinet-ai-4s-vs-1s]="raiinet --max-length 400 --bots ai@4000ms,ai@1000ms"
  # `ai` whose opponents choose without seeing its hidden links: in each world
  # every other iteration redraws the AI's unrevealed links as the opponent
  # would guess them and counts only at the opponent's choices, the rest only
  # at the AI's (a temporary switch, GG_VIEWS=all, on the build of 04661d1;
  # never committed; docs/journal/ai-journal.md).
  [raiinet-views-2s-vs-1s]="raiinet --max-length 400 --bots ai@2000ms,ai@1000ms"
  # Sword and Shield's `ai` with a quiescence search of 2 actions at its leaves
  # (only actions that bury a piece, win, or leave a reaction to choose; a
  # temporary switch, GG_QS=2, giving it the odd times, on the build of
  # 2ba583c; never committed; docs/journal/ai-journal.md).
  [sword-and-shield-quiesce-2s-vs-1s]="sword-and-shield --max-length 300 --bots ai@2001ms,ai@1001ms"
  [sword-and-shield-quiesce-vs-ai]="sword-and-shield --max-length 300 --bots ai@1001ms,ai@1000ms"
  # The two-second match's mirror at fixed budgets: 8 worlds of 12,000
  # iterations against 4 (a second buys about 4 worlds of 13,000-25,000), to
  # tell whether twice the worlds helps at this scale when time plays no part.
  [raiinet-ai-96k-vs-48k]="raiinet --max-length 400 --bots ai@96000,ai@48000"
  # `ai` whose leaves are valued without a playout, by an evaluation fitted to
  # the results of 700 games: build e3b4c29 with a temporary switch on odd
  # times (GG_EVAL=1 GG_PLAYOUT=0); stopped at 60 games, 43.3%, not kept.
  [raiinet-eval-leaves-2s-vs-1s]="raiinet --max-length 400 --bots ai@2001ms,ai@1001ms"
  # The same with 4 worlds at any time, so two seconds search each deeper
  # (GG_DEEP=1 besides); stopped at 8 games, 1 won.
  [raiinet-eval-leaves-deep-2s-vs-1s]="raiinet --max-length 400 --bots ai@2001ms,ai@1001ms"
  [raiinet-ai-mean-vs-ai]="raiinet --max-length 400 --bots ai@1000ms,ai-vote@1000ms"
  # ai-mean against the reference players, before it replaced ai (docs/journal/computer-players.md).
  [raiinet-ai-mean-vs-random]="raiinet --max-length 400 --bots ai@1000ms,random"
  [raiinet-ai-mean-vs-heuristic]="raiinet --max-length 400 --bots ai@1000ms,heuristic"
  [raiinet-ai-vs-random]="raiinet --max-length 400 --bots ai-vote@1000ms,random"
  [raiinet-ai-vs-heuristic]="raiinet --max-length 400 --bots ai-vote@1000ms,heuristic"
  [amazons-ai-vs-uct]="amazons --param rules=standard --bots ai@1000ms,uct@1000ms"
)

arguments_of() {
  [ -n "${matches[$1]:-}" ] || {
    echo "timed_matches: no match \"$1\" (bench/timed_matches.sh list)" >&2
    exit 2
  }
  echo "${matches[$1]}"
}

run() {  # run MATCH FIRST STEP LAST
  local arguments log build
  arguments=$(arguments_of "$1")
  log="$results/$1.log"
  mkdir -p "$results"
  touch "$log"
  build=${GRIDGAMES_BUILD:-$(git -C "$root" describe --always 2>/dev/null || echo unknown)}
  for ((seed = $2; seed <= $4; seed += $3)); do
    # The game first, then the run's size and seed, then the match's options.
    # shellcheck disable=SC2206 # the match's arguments are words
    local words=(${arguments%% *} --games 2 --seed "$seed" ${arguments#* } --each-game)
    # A log holds one match, so its game and seed name a run.
    grep -qF -- "## gridgames selfplay ${words[*]:0:5} " "$log" && continue
    local out
    # A run that did not finish (killed, failed) leaves nothing in the log.
    out=$("$gridgames" selfplay "${words[@]}" 2>&1) || {
      echo "timed_matches: seed $seed did not finish; not logged" >&2
      continue
    }
    {
      echo "## gridgames selfplay ${words[*]}  ($(date -u +%FT%TZ), build $build)"
      echo "$out"
    } | flock "$log.lock" tee -a "$log" >/dev/null
  done
}

tally() {  # tally MATCH
  local log
  arguments_of "$1" >/dev/null
  log="$results/$1.log"
  [ -f "$log" ] || {
    echo "timed_matches: no games yet ($log)" >&2
    exit 2
  }
  # Each run's first bot as its header names it (bots were renamed).
  awk '
    /^## gridgames selfplay / {
      bot = $0; sub(/.* --bots /, "", bot); sub(/[, ].*/, "", bot)
      if (!(bot in named)) { named[bot] = 1; names = names (names ? " and " : "") bot }
    }
    /^game [0-9]+/ {
      games++
      if (index($0, " " bot " won")) won++
      else if (index($0, " " bot " drew")) drawn++
      if (index($0, "adjudicated")) adjudicated++
    }
    END {
      if (games == 0) { print "no games"; exit }
      n = games; p = won / n; z = 1.96
      centre = (p + z * z / (2 * n)) / (1 + z * z / n)
      half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
      printf "%s: %d won, %d drawn, %d lost of %d (%.1f%%, 95%% interval %.1f%%-%.1f%%)",
             names, won, drawn, n - won - drawn, n, 100 * p, 100 * (centre - half), 100 * (centre + half)
      if (adjudicated) printf "; %d adjudicated", adjudicated
      printf "\n"
    }' "$log"
}

case "${1:-}" in
  list) for m in "${!matches[@]}"; do echo "$m: selfplay ${matches[$m]}"; done | sort ;;
  run) if ! { [ $# -eq 5 ] && [[ "$3$4$5" =~ ^[0-9]+$ ]] && [ "$4" -gt 0 ]; }; then
         echo "usage: bench/timed_matches.sh run MATCH FIRST STEP LAST (whole numbers, STEP > 0)" >&2
         exit 2
       fi
       run "$2" "$3" "$4" "$5" ;;
  tally) [ $# -eq 2 ] || { echo "usage: bench/timed_matches.sh tally MATCH" >&2; exit 2; }
         tally "$2" ;;
  *) sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2 ;;
esac
