#!/usr/bin/env bash
# Our course programs graded by gridgames grade on every acceptance test of
# ../shared (the courses' NAME.txt and NAME.expected.txt): every test
# passes, and random scripts reach some of their messages (--coverage,
# the share printed). Exits 77 (skipped) without ../shared.
# usage: acceptance_test.sh GRIDGAMES BIN_DIR ACCEPTANCE_DIR
set -u
gridgames=$1 bin=$2 acceptance=$3
[ -d "$acceptance" ] || { echo "skipped: no $acceptance"; exit 77; }
failures=0
for game in simodyssey simodyssey2 space-defender-2; do
  [ -d "$acceptance/$game" ] || continue
  total=$(ls "$acceptance/$game" | grep '\.txt$' | grep -c -v '\.expected\.txt$')
  out=$("$gridgames" grade "$game" --tests "$acceptance/$game" --program "$bin/$game" --jobs 2 2>&1)
  status=$?
  if [ $status -ne 0 ] || ! grep -q "^$total of $total tests pass" <<<"$out"; then
    echo "FAIL: $game: exit $status: $(head -5 <<<"$out")"
    failures=$((failures + 1))
  else
    echo "$game: $total of $total acceptance tests pass"
  fi
  # How much of the oracle's transcripts 10 random scripts reach (printed
  # for the log; the measure itself is checked: a share of the messages).
  out=$("$gridgames" grade "$game" --random 10 --seed 2 --program "$bin/$game" \
    --coverage "$acceptance/$game" 2>&1)
  status=$?
  reached=$(sed -n 's/^The scripts reach \([0-9]*\) of the \([0-9]*\) distinct messages .*/\1 \2/p' <<<"$out")
  if [ $status -ne 0 ] || [ -z "$reached" ] || [ "${reached% *}" -eq 0 ] || [ "${reached% *}" -gt "${reached#* }" ]; then
    echo "FAIL: $game: coverage: $(head -3 <<<"$out")"
    failures=$((failures + 1))
  else
    echo "$game: 10 random scripts reach ${reached% *} of the ${reached#* } distinct messages of the oracle's transcripts"
  fi
done
exit $((failures > 0))
