#!/usr/bin/env python3
"""Classic Amazons actions a second through gridgames.VectorEnv, beside the
one-game Python loop (docs/python.md, "Many games at once";
docs/performance.md).

usage: PYTHONPATH=build/python bench/python_vector_env.py [SECONDS] [GAMES]

Each row steps GAMES games (256) with a uniformly random legal action per
game, chosen in numpy: from the legal ids of info["legal_ids"] (one array
operation for all games), or from the masks of info["action_mask"]
(np.nonzero over games x 7,400 ids, then the same choice); with the arrays
copied for the caller (the default) and without (copy=False). The one-game
loop is what an agent's loop over one State does: legal_actions(), a
choice, apply_action(id), observation_tensor() of the player to move,
until is_terminal(). The goal (issue 88): 1,000,000 actions a second on the
2-core test machine, and three times the one-game loop.

Then the same steps on a busy machine: two processes that only spin run
beside it, and every thread of the team competes with them for the
cores. The goal (issue 101): all threads (threads=0) at least 0.8 times
one thread there (a team that waited for its slowest thread was 0.3-0.7).
"""
import random
import subprocess
import sys
import time

import numpy as np

import gridgames

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
games = int(sys.argv[2]) if len(sys.argv) > 2 else 256
GOAL = 1_000_000


def one_game_loop():
    """Actions a second of one game at a time, with its observation."""
    game = gridgames.load_game("amazons", rules="standard")
    rng = random.Random(1)
    actions = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if not state.is_terminal():
                state.observation_tensor()
            actions += 1
    return actions / (time.perf_counter() - began)


def from_ids(info, rng):
    offsets = info["legal_offsets"]
    counts = np.diff(offsets)
    return info["legal_ids"][offsets[:-1] + (rng.random(len(counts)) * counts).astype(np.int64)]


def from_masks(info, rng):
    mask = info["action_mask"].view(np.bool_)  # int8 0/1 read as bool: numpy's fast nonzero
    rows, cols = np.nonzero(mask)
    counts = np.bincount(rows, minlength=mask.shape[0])
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    return cols[starts + (rng.random(len(counts)) * counts).astype(np.int64)]


def vector_loop(threads, choose, copy):
    """Actions a second of GAMES games stepped at once, and their episodes."""
    env = gridgames.VectorEnv("amazons", games, threads=threads, copy=copy, rules="standard")
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)
    steps = episodes = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        _, _, terminated, _, info = env.step(choose(info, rng))
        steps += 1
        episodes += int(terminated.sum())
    return steps * games / (time.perf_counter() - began), episodes


single = one_game_loop()
print(f"{'loop':48} {'actions/s':>11} {'x one game':>11}")
print(f"{'one game at a time':48} {single:11,.0f} {1:11.2f}")
best = 0
for threads in (1, 0):
    for name, choose, copy in (("ids", from_ids, True), ("ids", from_ids, False),
                               ("masks", from_masks, False)):
        rate, episodes = vector_loop(threads, choose, copy)
        title = f"{games} games, {threads or 'all'} thread(s), from {name}{'' if copy else ', copy=False'}"
        print(f"{title:48} {rate:11,.0f} {rate / single:11.2f}   ({episodes:,} episodes)")
        best = max(best, rate)
met = best >= GOAL and best >= 3 * single
print(f"goal: {GOAL:,} actions/s and 3 x one game: {'met' if met else 'not met'} ({best:,.0f})")


# On a busy machine: two spinning processes beside it, one thread and all
# taken in turns, twice each (the busy processes' share drifts).
busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
try:
    time.sleep(0.2)
    rates = {1: [], 0: []}
    for _ in range(2):
        for threads in (1, 0):
            rates[threads].append(vector_loop(threads, from_ids, True)[0])
finally:
    for process in busy:
        process.kill()
        process.wait()
one, every = sum(rates[1]) / 2, sum(rates[0]) / 2
print(f"busy machine (2 spinning processes): 1 thread {one:,.0f}, all threads {every:,.0f} actions/s: "
      f"{every / one:.2f} x")
print(f"goal: all threads at least 0.8 x one thread on a busy machine: "
      f"{'met' if every >= 0.8 * one else 'not met'}")
