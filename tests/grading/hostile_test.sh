#!/usr/bin/env bash
# gridgames grade against submissions that cheat or probe the sandbox:
# - one that hunts for the grader's own program (the oracle) everywhere
#   (tests/grading/oracle_hunter.sh) finds nothing and fails every test,
#   from the build tree and, as root, from an installation inside the
#   system's folders (PREFIX under /usr/local/lib: its bin/, its
#   libexec/gridgames/ and the Python package all hidden);
# - one that tries socket families and system calls the sandbox refuses
#   (tests/grading/system_call_probe.py) gets every refusal, and the unix
#   and internet sockets it may have;
# - honest programs in the languages students write (a shell, Python, Perl,
#   and Java where it is installed) run and pass.
# usage: hostile_test.sh GRIDGAMES BIN_DIR BUILD_DIR SOURCE_DIR
set -u
gridgames=$1 bin=$2 build=$3 source=$4
here=$source/tests/grading
dir=$(mktemp -d)
prefix=""
trap 'rm -rf "$dir" ${prefix:+"$prefix"}' EXIT
chmod 755 "$dir"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

tests=$source/tests/golden/simodyssey
count=$(cd "$tests" && ls *.txt | grep -c -v '\.expected\.txt$')
mkdir "$dir/hunter"
cp "$here/oracle_hunter.sh" "$dir/hunter/simodyssey"
chmod -R 755 "$dir/hunter"

# hunted GRIDGAMES WHERE: the hunter graded by GRIDGAMES fails every test,
# each with "found nothing" as all it printed.
hunted() {
  local grader=$1 where=$2
  "$grader" grade simodyssey --tests "$tests" --program "$dir/hunter/simodyssey" --jobs 2 \
    --time-limit 20 --json "$dir/hunt.json" >"$dir/out.txt" 2>"$dir/err.txt"
  [ $? -eq 1 ] || fail "$where: the hunter: exit $?: $(cat "$dir/out.txt" "$dir/err.txt")"
  python3 - "$dir/hunt.json" "$count" <<'PY' || fail "$where: the hunter found the oracle: $(head -c 600 "$dir/out.txt")"
import json, sys
report, count = json.load(open(sys.argv[1])), int(sys.argv[2])
assert report["total"] == count and report["passed"] == 0, (report["passed"], report["total"])
for test in report["tests"]:
    got = test.get("first_difference", {}).get("got")
    assert test["verdict"] == "differ" and got == "found nothing", (test["name"], test["verdict"], got)
PY
}
hunted "$gridgames" "the build tree"

# Installed inside the system's folders (where a submission sees /usr).
if [ "$(id -u)" -eq 0 ] && [ -d /usr/local/lib ]; then
  prefix=$(mktemp -d /usr/local/lib/gridgames-hostile.XXXXXX)
  chmod 755 "$prefix"
  if cmake --install "$build" --prefix "$prefix" >/dev/null; then
    [ -x "$prefix/libexec/gridgames/gridgames-call-init" ] || fail "installed: no gridgames-call-init"
    hunted "$prefix/bin/gridgames" "installed in $prefix"
  else
    fail "cmake --install into $prefix"
  fi
else
  echo "(not root: the installed layout is not checked)"
fi

# System calls and sockets: every refusal, and what a program may have.
mkdir "$dir/probe" "$dir/probe-tests"
cp "$here/system_call_probe.py" "$dir/probe/simodyssey"
printf 'checked\n' >"$dir/probe-tests/probe.expected.txt"
: >"$dir/probe-tests/probe.txt"
chmod -R 755 "$dir/probe"
"$gridgames" grade simodyssey --tests "$dir/probe-tests" --program "$dir/probe/simodyssey" \
  --time-limit 20 >"$dir/out.txt" 2>"$dir/err.txt" ||
  fail "the probe: $(cat "$dir/out.txt" "$dir/err.txt")"

# Honest programs in students' languages run as they would outside.
mkdir "$dir/honest" "$dir/honest-tests"
{
  echo '#!/bin/sh'
  echo 'python3 -c "import json, threading; print(json.dumps([1, 2]))"'
  echo "perl -e 'print \"perl\\n\"'"
  echo '[ -f "$(dirname "$0")/Hello.class" ] && exec java -Xmx64m -cp "$(dirname "$0")" Hello'
  echo 'echo Hello from Java'
} >"$dir/honest/simodyssey"
printf '[1, 2]\nperl\nHello from Java\n' >"$dir/honest-tests/honest.expected.txt"
: >"$dir/honest-tests/honest.txt"
if command -v javac >/dev/null; then
  printf 'public class Hello {\n  public static void main(String[] a) throws Exception {\n    Thread t = new Thread(() -> System.out.println("Hello from Java"));\n    t.start(); t.join();\n  }\n}\n' >"$dir/honest/Hello.java"
  (cd "$dir/honest" && javac Hello.java) || fail "javac"
else
  echo "(no Java here: the shell stands in for it)"
fi
chmod -R 755 "$dir/honest"
"$gridgames" grade simodyssey --tests "$dir/honest-tests" --program "$dir/honest/simodyssey" \
  --time-limit 30 >"$dir/out.txt" 2>"$dir/err.txt" ||
  fail "honest programs: $(cat "$dir/out.txt" "$dir/err.txt")"

[ $failures -eq 0 ] && echo "gridgames grade against hostile submissions: every check passed"
exit $((failures > 0))
