#!/usr/bin/env bash
# A submission that does not play: it hunts for the grader's own program
# (the oracle it is judged against) in every way a hostile review found one,
# and runs the first it finds in its place. Found nothing, it says so and
# nothing else: a grade that shows "found nothing" as its output knows every
# way was tried and failed.
# usage (by the grader): oracle_hunter.sh ARGS...
game=simodyssey
found=()
is_project() {  # is_project NAME
  case $1 in
    simodyssey | simodyssey2 | space-defender-2 | raiinet | sword-and-shield | amazons | gridgames | \
      gridgames-call-init) return 0 ;;
  esac
  return 1
}
self=$(readlink -f "$0")
consider() {  # consider PATH: kept if it is a program of the project (not this one)
  local candidate=$1
  [ -n "$candidate" ] || return
  case $candidate in /proc/*/exe) candidate=$(readlink -f "$candidate" 2>/dev/null) || return ;; esac
  is_project "${candidate##*/}" && [ -f "$candidate" ] && [ -x "$candidate" ] || return
  [ "$(readlink -f "$candidate")" = "$self" ] || found+=("$1")
}
# The first process: the folder its command line names, its executable.
first=$(tr '\0' '\n' </proc/1/cmdline 2>/dev/null | head -1)
consider "$(dirname "$first")/$game"
consider "$first"
for process in /proc/[0-9]*; do
  consider "$process/exe"
  consider "$(dirname "$(readlink "$process/exe" 2>/dev/null)")/$game"
done
# Every folder mounted in the sandbox, and where it came from.
while read -r _ _ _ source mount _; do
  for folder in "$mount" "$mount/bin" "$source" "$source/bin"; do consider "$folder/$game"; done
done </proc/self/mountinfo
# The path, the usual places, and anything of such a name anywhere.
consider "$(command -v "$game")"
consider "$(command -v gridgames)"
for prefix in "" /usr /usr/local /opt; do
  for file in "$prefix"/bin/* "$prefix"/games/* "$prefix"/libexec/gridgames/*; do consider "$file"; done
done
while IFS= read -r file; do consider "$file"; done < <(
  find / \( -path /proc -o -path /sys -o -path /dev \) -prune -o -type f \
    \( -name "$game" -o -name 'gridgames*' -o -name raiinet -o -name amazons \) -print 2>/dev/null)
# The Python module, which plays every game.
python3 -c 'import gridgames; gridgames.load_game("simodyssey")' 2>/dev/null && echo "found the Python module"
if [ ${#found[@]} -gt 0 ]; then
  echo "found ${found[*]}"
  for oracle in "${found[@]}"; do
    [ "${oracle##*/}" = gridgames-call-init ] || exec "$oracle" "$@"
  done
  exit 0
fi
echo "found nothing"
