#!/usr/bin/env bash
# The launcher: an unknown name is an error listing the games; a known one starts it.
set -u
gridgames=$1
fail() { echo "FAIL: $*"; exit 1; }
err=$("$gridgames" no-such-game 2>&1 >/dev/null); status=$?
[ $status -eq 2 ] || fail "unknown game exit $status, want 2"
[[ $err == *'unknown game "no-such-game"'*simodyssey* ]] || fail "message: $err"
out=$(printf 'abort\n' | "$gridgames" simodyssey) || fail "simodyssey via gridgames exited $?"
[[ $out == *"Negative on that request:no mission in progress."* ]] || fail "simodyssey output: $out"
out=$(printf '9\nsimodyssey\nstatus\n' | "$gridgames") || fail "menu exited $?"
[[ $out == *'1. '*'no game "9"'*"no mission in progress."* ]] || fail "menu output: $out"
# After a game the menu comes back (a game reads the rest of piped input, so
# one game a run here); quit leaves it.
out=$(printf 'sword-and-shield\nquit\n' | "$gridgames") || fail "menu exited $?"
[ "$(grep -c 'gridgames: choose a game' <<<"$out")" -eq 2 ] || fail "the menu did not come back: $out"
out=$(printf 'quit\n' | "$gridgames") || fail "quit exited $?"
# Every line of the menu fits a terminal of 80 columns.
long=$(awk 'length > 80' <<<"$out")
[ -z "$long" ] || fail "menu lines over 80 columns: $long"
[ "$(grep -c 'gridgames: choose a game' <<<"$out")" -eq 1 ] || fail "quit: $out"
[ "$("$gridgames" --version)" = "gridgames 1.0" ] || fail "gridgames --version"
# Sword and Shield names what is wrong with its options, as RAIInet does.
while IFS='|' read -r args message; do
  # shellcheck disable=SC2086 # the options are words
  err=$("$gridgames" sword-and-shield $args 2>&1 </dev/null)
  [ $? -eq 2 ] || fail "sword-and-shield $args is not exit 2"
  [ "${err%%$'\n'*}" = "sword-and-shield: $message" ] || fail "sword-and-shield $args: $err"
done <<'OPTIONS'
-ai blue|-ai needs the colour, yellow or green
-time 0|-time needs milliseconds from 1 to 600000
-nodes x|-nodes needs a whole number from 1
-seed -1|-seed needs a whole number from 0 to 999999999
-b|-b needs a value
-frob 1|unknown option "-frob"; the options are -compact, -full, -b FILE, -ai yellow|green, -time MS, -nodes N, -seed N, --strict
OPTIONS
# selfplay: every game of the registry (as gridgames --help lists them)
# through the contract, the contract checked at every step; and each one's
# program starts from the launcher.
games=$("$gridgames" --help | sed -n 's/^Games: //p' | tr -d ',')
# ...and says how to play them in a browser.
"$gridgames" --help | grep -q "gridgames serve" || fail "gridgames --help does not mention serve"
[ "$(wc -w <<<"$games")" -ge 5 ] || fail "gridgames --help lists the games: $games"
for game in $games; do
  printf 'quit\n' | "$gridgames" "$game" >/dev/null 2>&1 || fail "gridgames $game exited $?"
  out=$("$gridgames" selfplay "$game" --games 4 --bots random,random --max-length 200 --seed 3) ||
    fail "selfplay $game exited $?: $out"
  [[ $out == *"1 random: "*" wins, "*" draws, "*" losses"*"2 random: "*"mean length "*" games per second"* ]] ||
    fail "selfplay $game output: $out"
done
out=$("$gridgames" selfplay amazons --seed 1 --games 2 --bots ai,random --nodes 30 --param rows=5 --param cols=5 --param amazons=1) ||
  fail "selfplay amazons ai exited $?"
[[ $out == *"1 ai: 2 wins, 0 draws, 0 losses"* ]] || fail "the Amazons AI lost to random: $out"
# RAIInet's other searches beat random too.
for bot in ismcts ai-vote ai-unpaired; do
  out=$("$gridgames" selfplay raiinet --games 2 --bots "$bot@300,random" --max-length 400 --seed 3) ||
    fail "selfplay raiinet $bot exited $?"
  [[ $out == *"1 $bot@300: 2 wins, 0 draws, 0 losses"* ]] || fail "RAIInet's $bot lost to random: $out"
done
# A game with a seed parameter starts each round of seats from its own seed
# (both seats play it), unless --param seed= fixes it; --each-game prints them,
# and a printed seed replays its game.
out=$("$gridgames" selfplay raiinet --games 3 --bots heuristic,random --seed 3 --each-game) ||
  fail "selfplay --each-game exited $?"
[[ $out == "game 1 (seed=3000009): heuristic "*"game 2 (seed=3000009): random "*"game 3 (seed=3000010): heuristic "*"1 heuristic: "* ]] ||
  fail "selfplay --each-game: $out"
first=$(head -1 <<<"$out")
again=$("$gridgames" selfplay raiinet --games 1 --bots heuristic,random --seed 3 --param seed=3000009 --each-game | head -1)
[ "$again" = "$first" ] || fail "seed=3000009 replayed as \"$again\", not \"$first\""
out=$("$gridgames" selfplay raiinet --games 3 --bots heuristic,random --param seed=5 --each-game) ||
  fail "selfplay --param seed=5 exited $?"
[ "$(grep -c '^game . (seed=5)' <<<"$out")" -eq 3 ] || fail "--param seed=5 did not fix the start: $out"
# Without --seed the games' seed is drawn from the system's random source
# (no start can be known beforehand) and said; given, it plays them again.
out=$("$gridgames" selfplay raiinet --games 2 --bots heuristic,random --each-game --max-length 60)
seed=$(sed -n 's/^seed \([0-9]*\) (drawn): --seed \1 plays these games again$/\1/p' <<<"$out")
other=$("$gridgames" selfplay raiinet --games 2 --bots heuristic,random --each-game --max-length 60 |
  sed -n 's/^seed \([0-9]*\) (drawn).*/\1/p')
[ -n "$seed" ] && [ -n "$other" ] && [ "$seed" != "$other" ] || fail "drawn seeds: \"$seed\", \"$other\": $out"
again=$("$gridgames" selfplay raiinet --games 2 --bots heuristic,random --each-game --max-length 60 --seed "$seed")
[ "$(grep '^game ' <<<"$again")" = "$(grep '^game ' <<<"$out")" ] || fail "--seed $seed played other games: $again"
"$gridgames" selfplay amazons --bots magic 2>/dev/null; [ $? -eq 2 ] || fail "an unknown bot is not exit 2"
# A budget out of range is refused before any game, with the ranges: a
# billion milliseconds once overflowed the deadline's arithmetic.
for bot in ai@0 ai@3600001ms ai@999999999ms ai@1e3; do
  out=$("$gridgames" selfplay sword-and-shield --bots "$bot,random" 2>&1)
  [ $? -eq 2 ] || fail "the bot $bot is not exit 2"
  [ "$out" = "selfplay: no bot \"$bot\" for this game (a budget is @N iterations, N from 1 to 1000000000, or @Nms milliseconds, N from 1 to 3600000)" ] ||
    fail "the bot $bot: $out"
done
"$gridgames" selfplay amazons --param rows=0 2>/dev/null; [ $? -eq 2 ] || fail "a bad parameter is not exit 2"
"$gridgames" selfplay chess 2>/dev/null; [ $? -eq 2 ] || fail "an unknown game is not exit 2"
echo ok
