#!/usr/bin/env bash
# `cmake --install` puts every program in PREFIX/bin and its man page in
# PREFIX/share/man/man1, and each page has the sections a reader looks for.
# usage: install_test.sh BUILD_DIR PROGRAM...
set -u
build=$1
shift
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
failures=0
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null || { echo "FAIL: cmake --install"; exit 1; }
for program in "$@"; do
  [ -x "$prefix/bin/$program" ] || fail "$program is not installed in bin/"
  page="$prefix/share/man/man1/$program.1"
  [ -f "$page" ] || { fail "no man page $program.1"; continue; }
  upper=$(tr '[:lower:]' '[:upper:]' <<<"$program")
  grep -q "^\.TH \"\?$upper\"\? \"1\"" "$page" || fail "$program.1: no .TH $upper 1"
  for section in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES "SEE ALSO"; do
    grep -q "^\.SH \"\?$section\"\?$" "$page" || fail "$program.1 has no $section section"
  done
  grep -q "^$program \\\\- " "$page" || fail "$program.1: the NAME line does not name $program"
done
# The sandbox's first process is installed where the programs find it.
[ -x "$prefix/libexec/gridgames/gridgames-call-init" ] || fail "gridgames-call-init is not in libexec/gridgames/"
# The installed launcher finds the games installed beside it.
"$prefix/bin/gridgames" --help | grep -q "Games: .*raiinet" || fail "the installed gridgames lists no games"
[ $failures -eq 0 ] && echo "installed $# programs with their man pages"
exit $((failures > 0))
