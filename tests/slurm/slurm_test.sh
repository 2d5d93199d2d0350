#!/usr/bin/env bash
# A tournament through Slurm: starts a cluster of one node itself (munge,
# slurmctld and slurmd, as root, no systemd; tests/slurm/slurm.conf.in),
# submits a tournament as a job array, merges its records, and checks the
# standings equal those of the same tournament played here (budgets in
# iterations: deterministic). If the cluster cannot start, it says why and
# fails: it never passes without having run.
set -u
gridgames=$1
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/gridgames-slurm-XXXXXX)
fail() {
  echo "FAIL: $*"
  for log in munged slurmctld slurmd; do
    [ -f "$dir/$log.log" ] && { echo "--- $log.log"; tail -n 15 "$dir/$log.log"; }
  done
  exit 1
}
stop() {  # the daemons asked to stop, then made to
  local pids=()
  for daemon in slurmd slurmctld munged; do
    [ -f "$dir/$daemon.pid" ] && pids+=("$(cat "$dir/$daemon.pid")")
  done
  [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null
  for _ in $(seq 50); do
    kill -0 "${pids[@]}" 2>/dev/null || break
    sleep 0.1
  done
  [ ${#pids[@]} -gt 0 ] && kill -9 "${pids[@]}" 2>/dev/null
  rm -rf "$dir"
}
trap stop EXIT

[ "$(id -u)" -eq 0 ] || fail "the test cluster's daemons run as root; this is user $(id -un)"
for program in munged slurmctld slurmd sbatch sinfo; do
  command -v "$program" >/dev/null || fail "$program is missing (scripts/setup installs slurm-wlm and munge)"
done

# Two free ports of this run's own, below the ephemeral range (the other
# tests' connections take ports there: one such once held slurmctld's).
base=$(python3 - <<'PY'
import random, socket
for _ in range(500):
    base = random.randrange(10000, 32000, 2)
    taken = []
    try:
        for port in (base, base + 1):
            s = socket.socket()
            taken.append(s)
            s.bind(("0.0.0.0", port))
        print(base)
        break
    except OSError:
        pass
    finally:
        for s in taken:
            s.close()
PY
)
[ -n "$base" ] || fail "no two free ports for the cluster"
host=$(hostname -s)
mkdir -p "$dir/state" "$dir/spool"
sed -e "s|@DIR@|$dir|g" -e "s|@HOST@|$host|g" -e "s|@CPUS@|$(nproc)|g" \
  -e "s|@CTLD_PORT@|$base|g" -e "s|@D_PORT@|$((base + 1))|g" "$here/slurm.conf.in" >"$dir/slurm.conf"
export SLURM_CONF=$dir/slurm.conf
head -c 1024 /dev/urandom >"$dir/munge.key"
chmod 600 "$dir/munge.key"
munged --force --key-file="$dir/munge.key" --socket="$dir/munge.sock" --log-file="$dir/munged.log" \
  --pid-file="$dir/munged.pid" --seed-file="$dir/munged.seed" || fail "munged did not start"
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start"
# Up within 30 s, or the reason (a daemon that died says so in its log).
up=false
for _ in $(seq 60); do
  for daemon in munged slurmctld slurmd; do
    pid=$(cat "$dir/$daemon.pid" 2>/dev/null)
    [ -z "$pid" ] || kill -0 "$pid" 2>/dev/null || fail "$daemon stopped"
  done
  timeout 5 sinfo -h -o %t 2>/dev/null | grep -q '^idle' && up=true && break
  sleep 0.5
done
$up || fail "the node is not up after 30 s: $(timeout 5 sinfo 2>&1)"

args=(sword-and-shield --players greedy,random,random@1 --games 6 --seed 4)
out=$(timeout 200 "$gridgames" tournament "${args[@]}" --slurm "$dir/tournament" --slurm-tasks 3 --wait) ||
  fail "the tournament through Slurm: $out"
[ "$(ls "$dir"/tournament/records-*.jsonl | wc -l)" -eq 3 ] || fail "not 3 tasks' records"
merged=$("$gridgames" tournament --merge "$dir/tournament") || fail "--merge exited $?"
local_run=$("$gridgames" tournament "${args[@]}" | grep -v '^pair ')
[ "$(grep '^Standings' -A 100 <<<"$out")" = "$local_run" ] || fail "through Slurm: $out; here: $local_run"
[ "$merged" = "$local_run" ] || fail "merged: $merged; here: $local_run"
grep -q '^Standings after 18 games' <<<"$merged" || fail "not 18 games: $merged"
# The folder of a tournament is not used twice, and --merge wants one.
"$gridgames" tournament "${args[@]}" --slurm "$dir/tournament" 2>/dev/null && fail "a used folder taken"
"$gridgames" tournament --merge "$dir/nothing" 2>/dev/null && fail "--merge of nothing"
echo ok
