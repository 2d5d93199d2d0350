#!/usr/bin/env bash
# Bad options and files are refused before the game starts, with exit code 2
# and a message that says what is wrong.
set -u
raiinet=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'V1 D4 V3 V2 D3 V4 D2 D1\n' >"$dir/good"
printf 'V1 D4 V3 V2 D3 V4 D2\n' >"$dir/short"
printf 'V1 D4 V3 V2 D3 V4 D2 V1\n' >"$dir/twice"
printf 'V1 D4 V3 V2 D3 V4 D2 X9\n' >"$dir/bad"
failures=0
expect() {  # expect MESSAGE ARGS...
  local want=$1
  shift
  local err status
  err=$(echo quit | "$raiinet" "$@" 2>&1 >/dev/null)
  status=$?
  if [ $status -ne 2 ] || [[ $err != *"$want"* ]]; then
    echo "FAIL: raiinet $*: exit $status, message: $err (wanted exit 2 and: $want)"
    failures=$((failures + 1))
  fi
}
expect "unknown option \"-bogus\"" -bogus
expect "-ability1 needs a value" -ability1
expect "an ability order is 5 letters" -ability1 LFDS
expect "'Q' is not an ability" -ability2 LFDSQ
expect "ability 'L' appears more than twice" -ability1 LLLFD
expect "cannot read placement file" -link1 "$dir/none"
expect "not 7 words" -link1 "$dir/short"
expect "link V1 appears twice" -link2 "$dir/twice"
expect "word 8 \"X9\" is not a link" -link1 "$dir/bad"
expect "-seed needs a whole number" -seed -4
expect "-seed needs a whole number" -seed abc
out=$(echo quit | "$raiinet" -link1 "$dir/good" -link2 "$dir/good" -ability1 LLFFD 2>&1) ||
  { echo "FAIL: good options refused: $out"; failures=$((failures + 1)); }
out=$(echo quit | "$raiinet" -seed 5)
[[ $out != Seed:* ]] || { echo "FAIL: a given seed is printed"; failures=$((failures + 1)); }
[ "$out" = "$(echo quit | "$raiinet" -seed 5)" ] || { echo "FAIL: -seed 5 twice differs"; failures=$((failures + 1)); }
out=$(echo quit | "$raiinet")
[[ $out == Seed:* ]] || { echo "FAIL: a clock seed is not printed"; failures=$((failures + 1)); }
# Windows: no display, or a snapshot nobody can write, is a message and exit 2.
out=$(echo quit | env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$raiinet" -seed 1 -graphics 2>&1)
[ $? -eq 2 ] && [[ $out == *"there is no display"* ]] || { echo "FAIL: no display: $out"; failures=$((failures + 1)); }
out=$(echo quit | SDL_VIDEODRIVER=offscreen "$raiinet" -seed 1 -graphics -snapshot /nonexistent/x.png 2>&1)
[ $? -eq 2 ] && [[ $out == *"cannot write the snapshot"* ]] || { echo "FAIL: snapshot: $out"; failures=$((failures + 1)); }
[ "$("$raiinet" --help | head -c 14)" = "Usage: raiinet" ] || { echo "FAIL: --help"; failures=$((failures + 1)); }
[ $failures -eq 0 ] && echo "all option checks passed"
exit $((failures > 0))
