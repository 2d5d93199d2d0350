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
echo ok
