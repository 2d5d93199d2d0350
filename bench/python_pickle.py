#!/usr/bin/env python3
"""Pickling a state: with the state's own string (Amazons writes its board
and what is awaited; RAIInet and Sword and Shield write their history,
which C++ plays again), against played again from its actions through the
Python module (what every state did before, and what the course
simulations still do, in their programs' sessions). Round trips a second
of a state at the end of a random game (docs/python.md, "Speed").

usage: PYTHONPATH=build/python bench/python_pickle.py [SECONDS]
"""
import json
import pickle
import random
import sys
import time

import gridgames

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0


def random_game(name, **params):
    state = gridgames.load_game(name, **params).new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def per_second(work):
    done, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        work()
        done += 1
    return done / (time.perf_counter() - began)


def replayed(state):
    """The same state's text without the state itself: read back by its actions."""
    saved = json.loads(state.serialize())
    saved.pop("state", None)
    return json.dumps(saved)


print(f"{'game':22} {'actions':>8} {'direct/s':>10} {'replayed/s':>11} {'ratio':>7}")
for title, name, params in [("amazons, classic", "amazons", {"rules": "standard"}),
                            ("amazons, 20 x 20", "amazons", {"rows": 20, "cols": 20}),
                            ("raiinet", "raiinet", {"max_length": 300}),
                            ("sword-and-shield", "sword-and-shield", {"max_length": 300})]:
    state = random_game(name, **params)
    direct = per_second(lambda: pickle.loads(pickle.dumps(state)))
    text = replayed(state)
    again = per_second(lambda: gridgames.deserialize_state(text))
    assert str(gridgames.deserialize_state(text)) == str(pickle.loads(pickle.dumps(state)))
    print(f"{title:22} {len(state.history()):8} {direct:10,.0f} {again:11,.0f} {direct / again:7.1f}")
