#!/usr/bin/env bash
# usage: run_transcript.sh PROGRAM INPUT EXPECTED [ARGS...]
# Without ARGS runs `PROGRAM -b INPUT` (the ETF games); with ARGS runs
# `PROGRAM ARGS < INPUT` in INPUT's folder. Compares standard output with
# EXPECTED byte for byte. Exits 77 (CTest: skipped) when INPUT or EXPECTED is
# missing, as when ../shared is not beside the checkout.
set -u
program=$1 input=$2 expected=$3
shift 3
if [ ! -f "$input" ] || [ ! -f "$expected" ]; then
  echo "skipped: $input or $expected not found"
  exit 77
fi
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
if [ $# -eq 0 ]; then
  "$program" -b "$input" >"$actual"
else
  (cd "$(dirname "$input")" && "$program" "$@" <"$input") >"$actual"
fi
status=$?
# An ETF program exits 1 when its input is rejected by the syntax or type
# check, and 0 when its commands ran.
expected_status=0
if [ $# -eq 0 ] && head -n 1 "$expected" | grep -qE '^(Syntax|Type) Error: '; then
  expected_status=1
fi
# A program that refused a command of a script exits 1: NAME.status says so.
status_file=${expected%.expected.txt}.status
[ -f "$status_file" ] && expected_status=$(cat "$status_file")
if [ $status -ne $expected_status ]; then
  echo "FAIL: $program exited with $status, not $expected_status"
  exit 1
fi
if cmp -s "$expected" "$actual"; then
  exit 0
fi
line=$(cmp "$expected" "$actual" 2>&1 | sed -n 's/.* line \([0-9]*\).*/\1/p')
echo "FAIL: output differs from $expected${line:+ first at line $line}"
if [ -n "$line" ]; then
  echo "expected: $(sed -n "${line}p" "$expected" | cat -A)"
  echo "actual:   $(sed -n "${line}p" "$actual" | cat -A)"
else
  echo "(one is a prefix of the other: expected $(wc -l <"$expected") lines, got $(wc -l <"$actual"))"
fi
diff "$expected" "$actual" | head -n 30
exit 1
