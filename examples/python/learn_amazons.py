#!/usr/bin/env python3
"""Tabular Q-learning of classic Amazons on a small board, against the
random bot, from gridgames' observation tensors (docs/python.md,
"Learning"): the learner plays first; every EVERY training games it plays
TEST games without exploring, and its share of wins is the learning curve,
printed and, with --plot FILE, drawn (matplotlib).

usage: PYTHONPATH=build/python examples/python/learn_amazons.py [--games N]
       [--every N] [--test N] [--rows R] [--cols C] [--seed S] [--plot FILE]
"""
import argparse
import collections
import random
import time

import numpy as np

import gridgames


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1500000, help="training games (1500000)")
    parser.add_argument("--every", type=int, default=100000, help="games between tests (100000)")
    parser.add_argument("--test", type=int, default=1000, help="games of a test (1000)")
    parser.add_argument("--rows", type=int, default=4)
    parser.add_argument("--cols", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", help="a PNG of the learning curve")
    args = parser.parse_args()

    game = gridgames.load_game("amazons", rows=args.rows, cols=args.cols, amazons=1,
                               rules="standard")
    rng = random.Random(args.seed)
    q = collections.defaultdict(dict)  # observation -> {action: value}
    alpha, gamma, epsilon = 0.2, 1.0, 0.1

    def key(state):
        # The classic game's planes hold only 0 and 1: a bit each.
        return np.packbits(state.observation_tensor(0) > 0).tobytes()

    def best(state, legal):
        values = q.get(key(state), {})
        top = max(values.get(a, 0.0) for a in legal)
        return rng.choice([a for a in legal if values.get(a, 0.0) == top])

    def play(learn):
        """One game, the learner first; 1 if it wins."""
        state = game.new_initial_state()
        before = None  # the learner's last (observation, action)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.current_player() == 1:
                state.apply_action(rng.choice(legal))
                continue
            if learn and before:
                values = q.get(key(state), {})
                update(before, gamma * max(values.get(a, 0.0) for a in legal))
            action = rng.choice(legal) if learn and rng.random() < epsilon else best(state, legal)
            before = (key(state), action)
            state.apply_action(action)
        won = state.returns()[0]
        if learn and before:
            update(before, won)
        return won

    def update(seen, target):
        values = q[seen[0]]
        old = values.get(seen[1], 0.0)
        values[seen[1]] = old + alpha * (target - old)

    curve = []
    began = time.perf_counter()
    for trained in range(0, args.games + 1, args.every):
        share = sum(play(learn=False) for _ in range(args.test)) / args.test
        curve.append((trained, share))
        print(f"{trained:9,d} games: {share:.1%} won against random ({len(q):,} positions seen, "
              f"{time.perf_counter() - began:.0f} s)", flush=True)
        if trained < args.games:
            for _ in range(args.every):
                play(learn=True)
    if args.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(6, 3.5))
        ax.plot([g for g, _ in curve], [100 * s for _, s in curve], marker="o")
        ax.set_xlabel("training games")
        ax.set_ylabel("% won against random")
        ax.set_title(f"Tabular Q-learning, classic Amazons {args.rows} x {args.cols}, one amazon each")
        ax.set_ylim(0, 100)
        ax.grid(True, alpha=0.3)
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)
        print("the curve:", args.plot)


if __name__ == "__main__":
    main()
