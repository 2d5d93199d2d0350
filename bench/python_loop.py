#!/usr/bin/env python3
"""Random games a second from a Python loop over `import gridgames`, beside
the same games in C++ (the Google Benchmark programs' random games through
the contract), for classic Amazons and RAIInet (docs/python.md, "Speed").

usage: PYTHONPATH=build/python bench/python_loop.py [BUILD] [SECONDS]

The Python loop is what an agent's loop does: legal_actions(), a choice,
apply_action(id), until is_terminal(). The C++ figures are
BM_ContractRandomGames/classic_plain_board (amazons_bench) and
BM_RaiinetRandomGames (two_player_bench), run here for SECONDS each.
OpenSpiel's own Python loop would stand beside them, but only a few of its
Python files are vendored (../shared/vendor), not its C++ games.
"""
import json
import random
import subprocess
import sys
import time

import gridgames

build = sys.argv[1] if len(sys.argv) > 1 else "build"
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0


def python_loop(game, limit):
    """Random games of `game` for `seconds`: (games, actions) a second."""
    rng = random.Random(1)
    games = actions = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal() and n < limit:
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        games += 1
        actions += n
    elapsed = time.perf_counter() - began
    return games / elapsed, actions / elapsed


def cpp_loop(program, name):
    """The C++ benchmark's actions a second."""
    out = subprocess.run([f"{build}/bin/{program}", f"--benchmark_filter=^{name}(/min_time.*)?$",
                          f"--benchmark_min_time={seconds}", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    bench = json.loads(out)["benchmarks"][0]
    if "actions_per_second" in bench:
        return bench["actions_per_second"]
    return bench["games_per_second"] * bench["actions_per_game"]


rows = [
    ("amazons, classic", gridgames.load_game("amazons", rules="standard"), 10**9,
     "amazons_bench", "BM_ContractRandomGames/classic_plain_board"),
    ("raiinet", gridgames.load_game("raiinet", seed=3, max_length=200), 200,
     "two_player_bench", "BM_RaiinetRandomGames"),
]
print(f"{'game':18} {'Python actions/s':>17} {'C++ actions/s':>14} {'Python/C++':>11}")
for title, game, limit, program, name in rows:
    py_games, py_actions = python_loop(game, limit)
    cpp_actions = cpp_loop(program, name)
    print(f"{title:18} {py_actions:17,.0f} {cpp_actions:14,.0f} {py_actions / cpp_actions:11.3f}"
          f"   ({py_games:,.1f} games/s in Python)")
