#!/usr/bin/env bash
# gridgames grade as course staff use it: our own programs pass every test
# of the repository's transcripts; a program with a planted difference is
# caught at its first differing line; tests without an expected file are
# graded against our program; hangs, crashes and endless output get their
# verdicts; the JSON, JUnit and Gradescope reports are what their readers
# read; usage errors exit 2.
# usage: grade_test.sh GRIDGAMES BIN_DIR SOURCE_DIR
set -u
gridgames=$1 bin=$2 source=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
grade() { "$gridgames" grade "$@" >"$dir/out.txt" 2>"$dir/err.txt"; }
# A JUnit report as CI tools read it: junitparser (Debian's
# python3-junitparser, the reader of GitHub's publish-unit-test-result
# action) gives the suite's tests, failures, errors and skipped, each
# case's result, and the same counts when it counts the cases itself.
# usage: junit_reads FILE TESTS FAILURES ERRORS
junit_reads() {
  /usr/bin/python3 - "$@" <<'PY'
import sys
from junitparser import JUnitXml, TestSuite, Failure, Error
path, tests, failures, errors = sys.argv[1], *map(int, sys.argv[2:])
suite = JUnitXml.fromfile(path)
assert isinstance(suite, TestSuite), type(suite)
cases = list(suite)
kinds = [type(r) for c in cases for r in c.result]
assert (suite.tests, suite.failures, suite.errors, suite.skipped) == (tests, failures, errors, 0), \
    (suite.tests, suite.failures, suite.errors, suite.skipped)
assert len(cases) == tests and kinds.count(Failure) == failures and kinds.count(Error) == errors, kinds
assert suite.time >= 0 and all(c.time >= 0 and c.name for c in cases)
suite.update_statistics()
assert (suite.tests, suite.failures, suite.errors, suite.skipped) == (tests, failures, errors, 0)
PY
}

# Our programs pass every transcript of the repository (an ETF program's
# -b tests and, with NAME.args, those run with arguments; RAIInet's with
# the folder's .links and .seq files beside them).
for game in simodyssey simodyssey2 space-defender-2 raiinet sword-and-shield; do
  grade "$game" --tests "$source/tests/golden/$game" --program "$bin/$game" --jobs 2 ||
    fail "$game: our program: exit $?: $(cat "$dir/out.txt" "$dir/err.txt")"
  total=$(cd "$source/tests/golden/$game" && ls *.txt | grep -c -v '\.expected\.txt$')
  grep -q "^$total of $total tests pass ($game," "$dir/out.txt" || fail "$game: $(tail -1 "$dir/out.txt")"
done

# The reports, read by what reads them.
game=space-defender-2 tests=$source/tests/golden/space-defender-2
count=$(cd "$tests" && ls *.txt | grep -c -v '\.expected\.txt$')
mkdir "$dir/planted"
cp "$bin/$game" "$dir/planted/real"
printf '#!/bin/sh\n"$(dirname "$0")/real" "$@" | sed "3s/$/ planted/"\n' >"$dir/planted/program"
chmod -R 755 "$dir/planted"
grade "$game" --tests "$tests" --program "$dir/planted/program" --json "$dir/r.json" \
  --junit "$dir/r.xml" --gradescope "$dir/results.json" --html "$dir/r.html"
[ $? -eq 1 ] || fail "planted: exit $? (1 expected)"
junit_reads "$dir/r.xml" "$count" "$(grep -c '^FAIL ' "$dir/out.txt")" 0 || fail "planted: junitparser"
first=$(cd "$tests" && ls *.txt | grep -v '\.expected\.txt$' | head -1)
first=${first%.txt}
third=$(sed -n 3p "$tests/$first.expected.txt")
grep -qF "FAIL $first: line 3: expected \"$third\", got \"$third planted\"" "$dir/out.txt" ||
  fail "planted: the first difference: $(head -2 "$dir/out.txt")"
python3 - "$dir" "$first" "$third" <<'PY' || fail "planted: the reports"
import json, sys, xml.etree.ElementTree as ET
folder, first, third = sys.argv[1:]
r = json.load(open(folder + "/r.json"))
assert r["game"] == "space-defender-2" and r["passed"] < r["total"] == len(r["tests"]) > 0, r
t = r["tests"][0]
assert t["name"] == first and t["verdict"] == "differ" and not t["passed"], t
assert t["first_difference"] == {"line": 3, "expected": third, "got": third + " planted"}, t
suite = ET.parse(folder + "/r.xml").getroot()
failed = r["total"] - r["passed"]
assert suite.tag == "testsuite" and int(suite.get("tests")) == r["total"] and int(suite.get("failures")) == failed
assert suite.get("errors") == "0" and suite.get("skipped") == "0" and float(suite.get("time")) >= 0
assert len(suite.findall("testcase")) == r["total"] and len(suite.findall("testcase/failure")) == failed
g = json.load(open(folder + "/results.json"))
assert g["score"] == r["passed"] and len(g["tests"]) == r["total"], g
for x, t in zip(g["tests"], r["tests"]):
    assert x["name"] == t["name"] and x["max_score"] == 1 and x["score"] == (1 if t["passed"] else 0), x
    assert x["output"] == "" if t["passed"] else "line 3: expected" in x["output"], x
import html.parser
class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(); self.marks, self.strong, self.rows, self.at = [], [], 0, []
    def handle_starttag(self, tag, attrs):
        self.at.append(tag); self.rows += tag == "tr"
        if tag == "mark": self.marks.append("")
    def handle_endtag(self, tag):
        self.at.pop()
    def handle_data(self, data):
        if "mark" in self.at: self.marks[-1] += data
        if self.at and self.at[-1] == "strong": self.strong.append(data)
page = Page(); page.feed(open(folder + "/r.html").read())
failed = [t for t in r["tests"] if not t["passed"]]
assert page.rows == r["total"] + 1 + 2 * len(failed), page.rows  # the table's, and two a diff
assert page.marks[:2] == ["3  " + third, "3  " + third + " planted"], page.marks[:2]
assert page.strong[:1] == [" planted"], page.strong[:2]  # the characters that differ
PY

# Tests without an expected file: our program's output is expected.
mkdir "$dir/bare"
for f in "$tests"/*.txt; do [[ $f == *.expected.txt ]] || cp "$f" "$dir/bare/"; done
cp "$tests"/*.args "$dir/bare/" 2>/dev/null
grade "$game" --tests "$dir/bare" --program "$bin/$game" || fail "bare: exit $?: $(cat "$dir/out.txt")"
grade "$game" --tests "$dir/bare" --program "$dir/planted/program"
[ $? -eq 1 ] && grep -q "line 3: " "$dir/out.txt" || fail "bare, planted: $(head -2 "$dir/out.txt")"

# Trailing spaces: a difference, unless overlooked when asked.
printf '#!/bin/sh\n"$(dirname "$0")/real" "$@" | sed "s/$/  /"\n' >"$dir/planted/spaces"
chmod 755 "$dir/planted/spaces"
grade "$game" --tests "$tests" --program "$dir/planted/spaces"
[ $? -eq 1 ] || fail "trailing spaces: not a difference"
grade "$game" --tests "$tests" --program "$dir/planted/spaces" --ignore-trailing-space ||
  fail "trailing spaces overlooked: exit $?: $(head -2 "$dir/out.txt")"

# --compare lines overlooks what a program's presentation adds (colours,
# trailing spaces, \r\n, blank lines) and still finds what it says
# otherwise; a course's own checker (Kattis's and DOMjudge's interface)
# judges where no comparison can: here, case does not count.
dress='sed "s/^/\x1b[1;32m/; s/$/\x1b[0m  \r/; 2s/$/\\n/"'
printf '#!/bin/sh\necho\n"$(dirname "$0")/real" "$@" | %s\n' "$dress" >"$dir/planted/dressed"
printf '#!/bin/sh\n"$(dirname "$0")/real" "$@" | sed "3s/ok/error/" | %s\n' "$dress" >"$dir/planted/dressed-wrong"
printf '#!/bin/sh\n"$(dirname "$0")/real" "$@" | tr a-z A-Z\n' >"$dir/planted/shouts"
cat >"$dir/planted/checker" <<'PY'
#!/usr/bin/env python3
import sys
output, answer = sys.stdin.read(), open(sys.argv[2]).read()
if output.lower() == answer.lower():
    sys.exit(42)
open(sys.argv[3] + "judgemessage.txt", "w").write("not the same words, case aside\n")
sys.exit(43)
PY
printf '#!/bin/sh\nexit 1\n' >"$dir/planted/broken-checker"
chmod 755 "$dir/planted"/*
grade "$game" --tests "$tests" --program "$dir/planted/dressed"
[ $? -eq 1 ] || fail "dressed, exact: not a difference"
grade "$game" --tests "$tests" --program "$dir/planted/dressed" --compare lines ||
  fail "dressed, lines: exit $?: $(head -3 "$dir/out.txt")"
grade "$game" --tests "$tests" --program "$dir/planted/dressed-wrong" --compare lines
[ $? -eq 1 ] && grep -q "^FAIL $first: line 3: expected \".*ok\", got \".*error\"" "$dir/out.txt" ||
  fail "dressed and wrong, lines: $(head -3 "$dir/out.txt")"
grade "$game" --tests "$tests" --program "$dir/planted/shouts"
[ $? -eq 1 ] || fail "shouts, exact: not a difference"
grade "$game" --tests "$tests" --program "$dir/planted/shouts" --checker "$dir/planted/checker" ||
  fail "shouts, checker: exit $?: $(head -3 "$dir/out.txt")"
grade "$game" --tests "$tests" --program "$dir/planted/program" --checker "$dir/planted/checker" --junit "$dir/c.xml"
[ $? -eq 1 ] && grep -q "^FAIL $first: differ: not the same words, case aside$" "$dir/out.txt" ||
  fail "planted, checker: $(head -3 "$dir/out.txt")"
grep -q 'failures="[1-9]' "$dir/c.xml" && grep -q 'errors="0"' "$dir/c.xml" || fail "planted, checker: JUnit"
grade "$game" --tests "$tests" --program "$bin/$game" --checker "$dir/planted/broken-checker"
[ $? -eq 1 ] && grep -q "^FAIL $first: checker failed: the checker exited 1 (42 accepts, 43 rejects)$" "$dir/out.txt" ||
  fail "broken checker: $(head -3 "$dir/out.txt")"

# Programs that hang, crash or write without end, each its verdict. (A
# memory limit of 256 MiB: the sandbox's first process is in the call's
# group, and under the sanitizers it holds tens of MiB itself: with 64, a
# flood's 8 MiB of output was once judged memory.)
mkdir "$dir/hostile" "$dir/one"
cp "$tests/$first.txt" "$tests/$first.expected.txt" "$dir/one/"
printf '#!/bin/sh\ncase $(basename "$0") in\n  hang) exec sleep 271 ;;\n  crash) kill -SEGV $$ ;;\n  flood) exec yes flood ;;\n  hog) exec python3 -c "b = b\\"x\\" * (400 << 20); import time; time.sleep(30)" ;;\nesac\n' >"$dir/hostile/hang"
chmod 755 "$dir/hostile/hang"
for mode in crash flood hog; do ln "$dir/hostile/hang" "$dir/hostile/$mode"; done
# (The time limit is 2 s for the hang, 10 s for the others: filling 256 MiB
# takes Python about 1 s here, more on a machine busy with other tests, and
# a hog cut by its time first would be "timeout".)
for case in "hang 2 timeout out of time" "crash 10 crash killed by SIGSEGV" \
  "flood 10 output exceeded the file size limit of 8 MiB" "hog 10 memory exceeded the memory limit of 256 MiB"; do
  read -r mode limit verdict words <<<"$case"
  started=$(date +%s)
  grade "$game" --tests "$dir/one" --program "$dir/hostile/$mode" --time-limit "$limit" --files 8 --memory 256 \
    --json "$dir/h.json" --junit "$dir/h.xml"
  [ $? -eq 1 ] || fail "$mode: exit $?"
  grep -q "<error type=\"$verdict\"" "$dir/h.xml" && junit_reads "$dir/h.xml" 1 0 1 ||
    fail "$mode: not a JUnit error: $(cat "$dir/h.xml")"
  grep -q "FAIL $first: $verdict: .*$words" "$dir/out.txt" || fail "$mode: $(cat "$dir/out.txt")"
  [ $(($(date +%s) - started)) -lt 15 ] || fail "$mode: took $(($(date +%s) - started)) s"
  grep -q "\"verdict\": \"$verdict\"" "$dir/h.json" || fail "$mode: the JSON's verdict"
done
# (Exactly this command: other tests running beside this one sleep too.)
pgrep -x -f "sleep 271" >/dev/null && fail "hang: its sleep is still running"

# Hidden tests and weights (NAME.hidden, NAME.weight): the points are the
# weights of the tests passed; Gradescope shows a hidden test after the
# due date; the page a student reads keeps a hidden test's lines out. A
# program's exit status and the end of its standard error come with its
# failures (never compared).
mkdir "$dir/weighted"
cp "$tests"/* "$dir/weighted/"
: >"$dir/weighted/$first.hidden"
echo 3 >"$dir/weighted/$first.weight"
printf '#!/bin/sh\n"$(dirname "$0")/real" "$@" | sed "3s/$/ planted/"\necho "Unknown ability: E" >&2\nexit 1\n' \
  >"$dir/planted/complains"
chmod 755 "$dir/planted/complains"
grade "$game" --tests "$dir/weighted" --program "$dir/planted/complains" --json "$dir/w.json" \
  --gradescope "$dir/w-gradescope.json" --html "$dir/w.html" --junit "$dir/w.xml"
[ $? -eq 1 ] || fail "weighted: exit $?"
grep -qF "FAIL $first (hidden): line 3: expected \"$third\", got \"$third planted\" (exit 1; its standard error ends: \"Unknown ability: E\")" \
  "$dir/out.txt" || fail "weighted: the failure line: $(head -2 "$dir/out.txt")"
grep -q "^score: [0-9]* of $((count + 2)) points$" "$dir/out.txt" || fail "weighted: the score: $(tail -2 "$dir/out.txt")"
python3 - "$dir" "$first" "$third" <<'PY' || fail "weighted: the reports"
import json, sys, xml.etree.ElementTree as ET
folder, first, third = sys.argv[1:]
r = json.load(open(folder + "/w.json"))
t = next(t for t in r["tests"] if t["name"] == first)
assert t["hidden"] and t["weight"] == 3 and t["exit_code"] == 1 and t["stderr"] == "Unknown ability: E\n", t
assert r["max_score"] == len(r["tests"]) + 2 and r["score"] == sum(x["weight"] for x in r["tests"] if x["passed"]), r
g = json.load(open(folder + "/w-gradescope.json"))
x = next(x for x in g["tests"] if x["name"] == first)
assert x["visibility"] == "after_due_date" and x["max_score"] == 3 and x["score"] == 0, x
assert "Unknown ability: E" in x["output"], x
assert all(y["visibility"] == "visible" for y in g["tests"] if y["name"] != first)
assert g["score"] == r["score"], g
page = open(folder + "/w.html").read()
assert third + " planted" not in page and "a hidden test" in page, "the hidden test's lines on the page"
suite = ET.parse(folder + "/w.xml").getroot()
assert suite.find("testcase/system-err").text == "Unknown ability: E\n"
PY
echo zero >"$dir/weighted/$first.weight"
grade "$game" --tests "$dir/weighted" --program "$bin/$game"
[ $? -eq 2 ] && grep -q "$first.weight: a test's weight is a number of points above 0" "$dir/err.txt" ||
  fail "a weight that is no number: $(cat "$dir/err.txt")"

# A class: each submission's program named as the game's; one that hangs
# costs its time limits and delays nobody else past them; a folder without
# the program is graded as such. The CSV has a row each, a column a test.
# (3 s a test: a sanitized program on a busy machine once took over 1 s.)
mkdir -p "$dir/class/alice" "$dir/class/bob" "$dir/class/carol" "$dir/class/dave"
cp "$bin/$game" "$dir/class/alice/"
cp "$dir/planted/program" "$dir/class/bob/$game" && cp "$dir/planted/real" "$dir/class/bob/"
printf '#!/bin/sh\nexec sleep 271\n' >"$dir/class/carol/$game"
chmod -R 755 "$dir/class"
started=$(date +%s)
grade "$game" --tests "$tests" --submissions "$dir/class" --csv "$dir/class.csv" \
  --reports "$dir/reports" --time-limit 3 --jobs 2
[ $? -eq 1 ] || fail "class: exit $? (1 expected)"
[ $(($(date +%s) - started)) -lt $((3 * count + 15)) ] || fail "class: took $(($(date +%s) - started)) s"
grep -q "^alice: $count of $count tests pass$" "$dir/out.txt" || fail "class: alice: $(cat "$dir/out.txt")"
grep -q "^bob: .* (first failing: $first: line 3: " "$dir/out.txt" || fail "class: bob: $(cat "$dir/out.txt")"
grep -q "^carol: 0 of $count tests pass (first failing: $first: timeout: " "$dir/out.txt" ||
  fail "class: carol: $(cat "$dir/out.txt")"
grep -q "^dave: 0 of $count tests pass (first failing: $first: not started: no program " "$dir/out.txt" ||
  fail "class: dave: $(cat "$dir/out.txt")"
python3 - "$dir" "$count" <<'PY' || fail "class: the CSV and reports"
import csv, json, os, sys
folder, count = sys.argv[1], int(sys.argv[2])
rows = list(csv.reader(open(folder + "/class.csv")))
assert rows[0][:5] == ["submission", "passed", "total", "score", "max_score"] and len(rows[0]) == 5 + count, rows[0]
assert [r[0] for r in rows[1:]] == ["alice", "bob", "carol", "dave"], rows
assert rows[1][1:] == [str(count), str(count), str(count), str(count)] + ["pass"] * count, rows[1]
assert rows[3][1:] == ["0", str(count), "0", str(count)] + ["timeout"] * count, rows[3]
assert rows[4][5:] == ["not started"] * count, rows[4]
bob = json.load(open(folder + "/reports/bob.json"))
assert str(bob["passed"]) == rows[2][1] and bob["program"].endswith("/bob/space-defender-2"), bob
assert sorted(os.listdir(folder + "/reports")) == sorted(n + e for n in ("alice", "bob", "carol", "dave") for e in (".json", ".html"))
PY

# --build: each submission's sources built in the sandbox first (here by a
# script of its own); a build that fails is every test's verdict, with the
# end of its log; one that makes no program leaves every test not started.
for who in ok broken empty; do mkdir -p "$dir/built/$who"; done
cp "$bin/$game" "$dir/built/ok/real"
printf 'cp real %s && chmod 755 %s\n' "$game" "$game" >"$dir/built/ok/build.sh"
printf 'echo "main.c:3: error: expected a semicolon"\nexit 2\n' >"$dir/built/broken/build.sh"
printf 'echo built nothing\n' >"$dir/built/empty/build.sh"
chmod -R 755 "$dir/built"
grade "$game" --tests "$tests" --submissions "$dir/built" --build "sh build.sh" --reports "$dir/built-reports" --jobs 2
[ $? -eq 1 ] || fail "built: exit $?"
grep -q "^ok: $count of $count tests pass$" "$dir/out.txt" || fail "built: ok: $(cat "$dir/out.txt")"
grep -q "^broken: 0 of $count tests pass (first failing: $first: build failed: the build failed: exit 2)$" "$dir/out.txt" ||
  fail "built: broken: $(cat "$dir/out.txt")"
grep -q "^empty: 0 of $count tests pass (first failing: $first: not started: no program .*/$game after the build)$" \
  "$dir/out.txt" || fail "built: empty: $(cat "$dir/out.txt")"
grep -q "main.c:3: error: expected a semicolon" "$dir/built-reports/broken.json" || fail "built: the build's log"
[ -z "$(ls /tmp | grep '^gridgames-built\.')" ] || fail "built: a built copy was left in /tmp"

# CS246's layout (runSuite's NAME.in, NAME.out, NAME.args): RAIInet's
# transcripts renamed, and one with a planted difference.
mkdir "$dir/cs246"
for f in "$source"/tests/golden/raiinet/*; do
  base=$(basename "$f")
  case $base in
    *.expected.txt) cp "$f" "$dir/cs246/${base%.expected.txt}.out" ;;
    *.txt) cp "$f" "$dir/cs246/${base%.txt}.in" ;;
    *.status) ;;
    *) cp "$f" "$dir/cs246/" ;;
  esac
done
grade raiinet --tests "$dir/cs246" --program "$bin/raiinet" || fail "cs246: exit $?: $(cat "$dir/out.txt")"
sed -i '2s/^/planted /' "$dir/cs246/strict.out"
grade raiinet --tests "$dir/cs246" --program "$bin/raiinet"
[ $? -eq 1 ] && grep -q "^FAIL strict: line 2: expected \"planted " "$dir/out.txt" || fail "cs246, planted: $(cat "$dir/out.txt")"

# Random scripts: none differs for our program; a program planted with a
# difference after each move differs on every script, shrunk to the game's
# start and one move, saved as tests that grade the same way again.
grade simodyssey --random 6 --seed 3 --program "$bin/simodyssey" ||
  fail "random, ours: exit $?: $(cat "$dir/out.txt" "$dir/err.txt")"
grep -q "^0 of 6 random scripts differ" "$dir/out.txt" || fail "random, ours: $(cat "$dir/out.txt")"
cp "$bin/simodyssey" "$dir/planted/real-simodyssey"
printf '#!/bin/sh\n"$(dirname "$0")/real-simodyssey" "$@" | sed "/^->move/{n;s/ok/error/}"\n' >"$dir/planted/moves"
chmod 755 "$dir/planted/moves"
grade simodyssey --random 3 --seed 3 --program "$dir/planted/moves" --save "$dir/saved"
[ $? -eq 1 ] && grep -q "^3 of 3 random scripts differ" "$dir/out.txt" || fail "random, planted: $(cat "$dir/out.txt")"
[ "$(grep -c ' shrunk to 2: ' "$dir/out.txt")" -eq 3 ] || fail "random, planted: not shrunk to 2: $(cat "$dir/out.txt")"
for f in "$dir"/saved/random-3-*.txt; do
  [[ $f == *.expected.txt ]] && continue
  [ "$(sed -n 1p "$f")" = "test(30)" ] && sed -n 2p "$f" | grep -q '^move(' && [ "$(wc -l <"$f")" -eq 2 ] ||
    fail "random, planted: $(basename "$f") holds $(tr '\n' ' ' <"$f")"
done
grade simodyssey --tests "$dir/saved" --program "$bin/simodyssey" || fail "saved, ours: $(cat "$dir/out.txt")"
# One test a distinct shrunk script: as many as the scripts that differ.
saved=$(ls "$dir"/saved/random-3-*.txt | grep -vc '\.expected\.txt$')
distinct=$(cat $(ls "$dir"/saved/random-3-*.txt | grep -v '\.expected\.txt$') | paste -d'|' - - | sort -u | wc -l)
[ "$saved" -ge 1 ] && [ "$saved" -eq "$distinct" ] || fail "saved: $saved tests, $distinct distinct scripts"
grade simodyssey --tests "$dir/saved" --program "$dir/planted/moves"
[ $? -eq 1 ] && grep -q "^0 of $saved tests pass" "$dir/out.txt" || fail "saved, planted: $(cat "$dir/out.txt")"
touch "$dir/a-file"
grade simodyssey --random 1 --seed 3 --program "$dir/planted/moves" --save "$dir/a-file/saved"
[ $? -eq 2 ] && grep -q "a-file/saved/random-3-1.txt: " "$dir/err.txt" || fail "random, unsaved: $(cat "$dir/err.txt")"
# --coverage: the share of the distinct messages of a folder's expected
# outputs (here our golden transcripts, standing for the oracle's) that
# our program's output on the scripts reaches, and those it never reaches.
grade simodyssey --random 5 --seed 2 --program "$bin/simodyssey" --coverage "$source/tests/golden/simodyssey" ||
  fail "coverage: exit $?: $(cat "$dir/err.txt")"
grep -q "^The scripts reach 14 of the 25 distinct messages of the expected outputs in .*/tests/golden/simodyssey (56%); never reached:$" "$dir/out.txt" &&
  grep -qx "  Mission aborted. Try test(#)" "$dir/out.txt" || fail "coverage: $(cat "$dir/out.txt")"
grade simodyssey --tests "$tests" --program "$bin/simodyssey" --coverage "$source/tests/golden/simodyssey"
[ $? -eq 2 ] && grep -q "coverage goes with --random" "$dir/err.txt" || fail "coverage without --random: $(cat "$dir/err.txt")"
grade simodyssey --random 1 --program "$bin/simodyssey" --coverage "$dir/nowhere"
[ $? -eq 2 ] && grep -q "no tests with expected outputs there" "$dir/err.txt" || fail "coverage of nothing: $(cat "$dir/err.txt")"
grade raiinet --random 1 --program "$bin/raiinet" --coverage "$source/tests/golden/raiinet"
[ $? -eq 2 ] && grep -q "judged by position" "$dir/err.txt" || fail "coverage of raiinet: $(cat "$dir/err.txt")"

# Without --seed the scripts' seed is drawn from the system's random source
# (no program can know the scripts beforehand) and said.
drawn=()
for run in 1 2; do
  grade simodyssey --random 1 --actions 3 --program "$bin/simodyssey" || fail "random, drawn: exit $?"
  drawn+=("$(sed -n 's/^0 of 1 random scripts differ (.*; seed \([0-9]*\))$/\1/p' "$dir/out.txt")")
done
[ -n "${drawn[0]}" ] && [ -n "${drawn[1]}" ] && [ "${drawn[0]}" != "${drawn[1]}" ] ||
  fail "random, drawn seeds: ${drawn[*]}: $(cat "$dir/out.txt")"
grade amazons --random 1 --program "$bin/amazons"
[ $? -eq 2 ] && grep -q "takes an ETF game, RAIInet or Sword and Shield" "$dir/err.txt" || fail "random amazons: $(cat "$dir/err.txt")"

# Usage errors: exit 2 and a reason.
grade nonesuch --tests "$tests" --program "$bin/$game"
[ $? -eq 2 ] && grep -q 'no game "nonesuch"' "$dir/err.txt" || fail "unknown game: $(cat "$dir/err.txt")"
grade "$game" --tests "$dir/nowhere" --program "$bin/$game"
[ $? -eq 2 ] && grep -q "no such folder" "$dir/err.txt" || fail "missing folder: $(cat "$dir/err.txt")"
mkdir "$dir/empty"
grade "$game" --tests "$dir/empty" --program "$bin/$game"
[ $? -eq 2 ] && grep -q "no test (NAME.txt or NAME.in)" "$dir/err.txt" || fail "empty folder: $(cat "$dir/err.txt")"
# A program that is not there scores 0, its reports written all the same
# (Gradescope shows the reason, not nothing).
grade "$game" --tests "$tests" --program "$dir/nowhere/program" --gradescope "$dir/missing.json"
[ $? -eq 1 ] && grep -q "^0 of $count tests pass" "$dir/out.txt" || fail "missing program: $(cat "$dir/out.txt" "$dir/err.txt")"
python3 - "$dir/missing.json" "$dir/nowhere/program" <<'PY' || fail "missing program: results.json"
import json, sys
g = json.load(open(sys.argv[1]))
assert g["score"] == 0 and g["tests"], g
assert all(t["output"] == "not started: no program " + sys.argv[2] for t in g["tests"]), g["tests"][0]
PY
grade "$game" --tests "$tests"
[ $? -eq 2 ] && grep -q -- "either --program (one program) or --submissions" "$dir/err.txt" ||
  fail "no --program: $(cat "$dir/err.txt")"

[ $failures -eq 0 ] && echo "gridgames grade: every check passed"
exit $((failures > 0))
