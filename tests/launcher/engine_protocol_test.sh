#!/usr/bin/env bash
# The engine protocol (docs/engine-protocol.md): `gridgames engine GAME BOT`
# answers a request with its bot's action and refuses bad requests; the
# Python example plays; tournaments speak the protocol to program: players
# of Sword and Shield and RAIInet and to engine: players of Amazons (beside
# a program of Amazons' file protocol); programs that answer nothing, a
# refused move, exit 3 or hang lose by that; a request tells the game, the
# moves so far, the legal moves and the clock, and never the opponent's
# hidden links.
set -u
gridgames=$(realpath "$1")
example=$(realpath "$2")
amazons=$(realpath "$3")
# "quick" (the sanitizer build, where a start of our program and its
# sandbox cost half a second a decision): RAIInet and Sword and Shield
# games end at 16 actions (a draw by the rules' length limit), and the
# Amazons tournament (the same player of the protocol, beside the file
# protocol's) is the release build's only.
short=()
quick=${4:-}
[ -n "$quick" ] && short=(--param max_length=16)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Our bot answers a request; bad requests and arguments exit 2 with the reason.
request='{"protocol":1,"game":"sword-and-shield","params":{},"moves":[],"player":0,"clock":{"move_ms":1000}}'
answer=$(printf '%s\n' "$request" | "$gridgames" engine sword-and-shield ai@50) || fail "engine exited $?"
[[ $answer =~ ^create\ [a-x]\ (0|90|180|270)$ ]] || fail "the first action: \"$answer\""
refused() {  # GAME BOT REQUEST WORDS
  local out
  out=$(printf '%s\n' "$3" | "$gridgames" engine "$1" "$2" 2>&1 >/dev/null)
  [ $? -eq 2 ] && [[ $out == *"$4"* ]] || fail "engine $1 $2 <<< $3: \"$out\""
}
refused sword-and-shield ai "not json" "the request is not a JSON object"
refused sword-and-shield ai '{"protocol":2}' "not of the engine protocol, version 1"
refused sword-and-shield ai "${request/sword-and-shield/raiinet}" "the request is for raiinet, not sword-and-shield"
refused sword-and-shield ai "${request/\"player\":0/\"player\":1}" "the request's player 1 is not the player to move, 0"
refused sword-and-shield ai "${request/\"moves\":\[\]/\"moves\":[\"fly\"]}" "\"fly\": "
refused sword-and-shield magic "$request" "no bot \"magic\" for sword-and-shield"
refused amazons ai '{"protocol":1,"game":"amazons","params":{"rows":"0"},"player":0}' "rows"
refused sword-and-shield ai "${request/\{\"move_ms\":1000\}/5}" "\"clock\" is an object of numbers of milliseconds"
# Under a game clock our bot answers too.
clocked=${request/\{\"move_ms\":1000\}/\{\"move_ms\":3000,\"remaining_ms\":3000,\"increment_ms\":100\}}
answer=$(printf '%s\n' "$clocked" | "$gridgames" engine sword-and-shield ai) || fail "engine under a clock exited $?"
[[ $answer =~ ^create\ [a-x]\ (0|90|180|270)$ ]] || fail "the first action under a clock: \"$answer\""
refused sword-and-shield ai "" "no request on standard input"
refused chess ai "$request" "no game \"chess\""

# Tournaments: program: of any game, engine: beside Amazons' file protocol.
# (A limit of 10 s a decision: under the sanitizers, on a busy machine, a
# start of our program and its sandbox once took over the default 2 s.)
play() {  # GAME PLAYERS OPTIONS...: every game ends by the rules
  local game=$1 players=$2 out
  shift 2
  out=$("$gridgames" tournament "$game" --seed 1 --players "$players" --games 2 --limit 10000 \
    --records "$dir/$game.jsonl" "$@") ||
    fail "$game: exited $?: $out"
  python3 - "$dir/$game.jsonl" <<'PY' || fail "$game: $out"
import json, sys
games = [json.loads(line) for line in open(sys.argv[1])]
assert len(games) == 2, games
for g in games:
    assert g["verdict"] in ("win", "draw") and g["reason"] == "rules", (g["verdict"], g["reason"])
PY
  echo "$out"
}
out=$(play sword-and-shield "program:$gridgames engine sword-and-shield ai@50,random" "${short[@]}")
[ ${#short[@]} -gt 0 ] || grep -q "^1\. program:.*: 2 wins" <<<"$out" ||
  fail "our engine program lost to random: $out"
play raiinet "program:python3 $example,program:$gridgames engine raiinet heuristic" "${short[@]}" >/dev/null
if [ -z "$quick" ]; then
  out=$(play amazons "engine:python3 $example,program:$amazons rules=standard nodes=200" --param rules=standard)
  grep -q "^2\. program:.*: 2 wins" <<<"$out" || fail "our file-protocol program lost to random moves: $out"
fi

# Programs that answer nothing, a refused move, exit 3 or hang lose by it.
printf '#!/bin/sh\nexit 0\n' >"$dir/silent"
printf '#!/bin/sh\necho "fly away"\n' >"$dir/liar"
printf '#!/bin/sh\necho oops\nexit 3\n' >"$dir/failing"
printf '#!/bin/sh\nsleep 10\n' >"$dir/slow"
chmod +x "$dir/silent" "$dir/liar" "$dir/failing" "$dir/slow"
loses() {  # PROGRAM VERDICT WORDS
  local out
  out=$("$gridgames" tournament raiinet --seed 1 --players "program:$1,random" --games 2 --limit 1000) ||
    fail "$1 exited $?: $out"
  grep -q "^1\. program:$1: 0 wins, 0 draws, 2 losses, .*; lost by $2 2\$" <<<"$out" ||
    fail "$1 did not lose both by $2: $out"
  grep -q "($2 by program:$1: $3" <<<"$out" || fail "$1: no reason \"$3\": $out"
}
loses "$dir/silent" "illegal action" "it answered no action"
loses "$dir/liar" "illegal action" "fly away"
loses "$dir/failing" crash "exit 3 (it printed \"oops"
loses "$dir/slow" time "out of time: no answer within 1000 ms"

# What a request tells (a program that keeps them, unconfined): the game,
# its seat, the moves so far, the legal moves as data, the clock; in
# RAIInet the seat's own links as they are, the opponent's drawn again for
# each request (never the real ones, never the real seed).
cat >"$dir/keeper" <<SH
#!/bin/sh
read -r line
printf '%s\n' "\$line" >>"$dir/requests.jsonl"
printf '%s\n' "\$line" | exec "$gridgames" engine raiinet heuristic
SH
chmod +x "$dir/keeper"
"$gridgames" tournament raiinet --players "program:$dir/keeper,random" --games 2 --no-sandbox --seed 7 --limit 10000 "${short[@]}" \
  --records "$dir/kept.jsonl" >/dev/null || fail "the keeper's tournament"
python3 - "$dir/requests.jsonl" "$dir/kept.jsonl" <<'PY' || fail "the requests"
import json, sys
requests = [json.loads(line) for line in open(sys.argv[1])]
games = [json.loads(line) for line in open(sys.argv[2])]
assert len(requests) > 6, len(requests)
for r in requests:
    assert r["protocol"] == 1 and r["game"] == "raiinet" and r["players"] == 2, r
    assert r["clock"] == {"move_ms": 10000}, r["clock"]
    assert r["legal"] and all({"action", "label", "squares"} <= set(m) for m in r["legal"]), r["legal"][:2]
    assert isinstance(r["observation"], str) and r["observation"]
    assert r["params"]["seed"] not in {g["params"]["seed"] for g in games}, "the real seed told"
# Each game's requests (the moves so far start again with each game).
played = []
for r in requests:
    if not played or len(r["moves"]) < len(played[-1][-1]["moves"]):
        played.append([])
    played[-1].append(r)
assert len(played) == 2, len(played)
for game in played:
    seat = game[0]["player"]
    own, other = "links%d" % (seat + 1), "links%d" % (2 - seat)
    assert len({r["params"][own] for r in game}) == 1, "the seat's own links changed"
    assert len({r["params"][other] for r in game}) > 1, "the opponent's links never drawn again"
# The moves so far grow by the game's actions.
lengths = [len(r["moves"]) for r in requests]
assert lengths[0] in (0, 1) and max(lengths) > 6, lengths[:5]
PY
# Under a game clock a request tells what the seat has left and its
# increment, and the call is cut there: a program that sleeps loses on time.
rm -f "$dir/requests.jsonl"
"$gridgames" tournament raiinet --players "program:$dir/keeper,random" --games 2 --no-sandbox --seed 7 --clock 30+0.25 "${short[@]}" \
  --records "$dir/kept-clock.jsonl" >/dev/null || fail "the keeper's tournament under a clock"
python3 - "$dir/requests.jsonl" <<'PY' || fail "the requests under a clock"
import json, sys
requests = [json.loads(line) for line in open(sys.argv[1])]
assert requests and requests[0]["clock"] == {"move_ms": 30000, "remaining_ms": 30000, "increment_ms": 250}, requests[0]["clock"]
for r in requests:
    c = r["clock"]
    assert c["move_ms"] == c["remaining_ms"] and 0 < c["remaining_ms"] <= 30000 + 250 * len(r["moves"]), c
PY
out=$("$gridgames" tournament raiinet --seed 1 --players "program:$dir/slow,random" --games 2 --clock 0.5+0) ||
  fail "the slow program under a clock exited $?: $out"
grep -q "(time by program:$dir/slow: out of time: no answer within 500 ms" <<<"$out" ||
  fail "the slow program did not lose on its clock: $out"
# The deals: without --seed a tournament draws its seed from the system's
# random source, so that no program can carry a table of the starts: none
# of two such runs' games, nor of the old fixed default's (--seed 1, its
# starts (1 x 1000003 + pair) mod 10^9), shares a start. A pair's records
# are written once both its games are over: a program reading them while
# it plays (here unconfined) never finds its own game's. (Games of 16
# actions: the deal is all that is looked at.)
cat >"$dir/watcher" <<SH
#!/bin/sh
read -r line
if [ -f "$dir/watched.jsonl" ]; then grep -c . "$dir/watched.jsonl" >>"$dir/seen.txt"; else echo 0 >>"$dir/seen.txt"; fi
printf '%s\n' "\$line" | exec "$gridgames" engine raiinet random
SH
chmod +x "$dir/watcher"
for run in old a b; do
  seed=()
  [ $run = old ] && seed=(--seed 1)
  rm -f "$dir/watched.jsonl"
  "$gridgames" tournament raiinet --players "program:$dir/watcher,random" --games 4 --no-sandbox \
    "${seed[@]}" --limit 10000 --param max_length=16 --records "$dir/watched.jsonl" >"$dir/$run.out" ||
    fail "the watcher's tournament ($run): $(cat "$dir/$run.out")"
  mv "$dir/watched.jsonl" "$dir/deals-$run.jsonl"
done
python3 - "$dir" <<'PY' || fail "the deals"
import json, re, sys
folder = sys.argv[1]
def games(run):
    return [json.loads(line) for line in open("%s/deals-%s.jsonl" % (folder, run))]
def starts(run):
    return {g["params"]["seed"] for g in games(run)}
table = {str((1 * 1000003 + pair) % 10**9) for pair in range(2)}  # what a program could carry
assert starts("old") == table, starts("old")
assert not starts("a") & table and not starts("b") & table and not starts("a") & starts("b")
for run in ("a", "b"):
    seeds = {g["seed"] for g in games(run)}
    assert len(seeds) == 1, seeds
    standings = open("%s/%s.out" % (folder, run)).read()
    assert re.search(r"^Seed %d \(drawn\): --seed %d deals these games again$" % ((seeds.pop(),) * 2),
                     standings, re.M), standings
seen = [int(n) for n in open(folder + "/seen.txt")]
assert seen and set(seen) <= {0, 2}, sorted(set(seen))  # never a pair in play
PY
echo "engine protocol: all checks passed"
