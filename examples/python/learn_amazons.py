#!/usr/bin/env python3
"""Learns to play classic Amazons on a 5 x 5 board (four amazons each,
placed first) by self-play through gridgames.VectorEnv, numpy only
(docs/python.md, "Learning").

The player: for each legal action, the position it leads to (computed from
the observation tensor in numpy, for every game of the batch at once), and
a learned value of that position for the player acting: a logistic model
over a few counts (each side's queen moves, king moves and territory, as
far as queen moves reach first). It plays the action of the highest value.
The learning: self-play games, 256 at a time, exploring with probability
EPSILON; every game's positions labelled with how the game ended for the
player who reached them; the model refitted on the last games every
ROUND steps. Every EVERY seconds of training (and at the end) it is
measured with OpenSpiel's evaluate_bots against the uniform random bot
and against OpenSpiel's MCTS with 100 simulations (random roll-outs):
that is the learning curve, printed and, with --plot FILE, drawn.

usage: PYTHONPATH=build/python examples/python/learn_amazons.py [--minutes M]
       [--every S] [--test N] [--seed S] [--plot FILE] [--weights FILE]
(OpenSpiel's files come from ../shared/vendor/open_spiel or PYTHONPATH.)
"""
import argparse
import os
import sys
import time

import numpy as np

import gridgames

ROWS = COLS = 5
FIELDS = ROWS * COLS
REACH = max(ROWS, COLS) - 1
# The queen steps in the ids' order: N, NE, E, SE, S, SW, W, NW.
STEPS = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]
MOVES = FIELDS + 8 * FIELDS * REACH  # the first shot's id
MINE, THEIRS, ARROWS, SHOOTER = 0, 1, 6, 11  # planes of the observation (2 players)
EPSILON = 0.1
ROUND = 64  # steps of the 256 games between fits
KEEP = 200000  # positions the model is fitted on, the newest


def shifted(planes, dr, dc):
    """planes [..., r, c] moved by (dr, dc), zeros coming in."""
    out = np.zeros_like(planes)
    rs = slice(max(dr, 0), ROWS + min(dr, 0))
    rd = slice(max(-dr, 0), ROWS + min(-dr, 0))
    cs = slice(max(dc, 0), COLS + min(dc, 0))
    cd = slice(max(-dc, 0), COLS + min(-dc, 0))
    out[..., rs, cs] = planes[..., rd, cd]
    return out


def queen_reach(sources, empty):
    """The empty squares a queen move reaches from any of `sources`."""
    reached = np.zeros_like(sources)
    for dr, dc in STEPS:
        ray = sources
        for _ in range(REACH):
            ray = shifted(ray, dr, dc) & empty
            reached |= ray
    return reached


def king_reach(sources, empty):
    reached = np.zeros_like(sources)
    for dr, dc in STEPS:
        reached |= shifted(sources, dr, dc) & empty
    return reached


def features(mine, theirs, arrows):
    """Counts of positions [n, r, c] (bool), for the side of `mine`."""
    empty = ~(mine | theirs | arrows)
    out = []
    for a, b in ((mine, theirs), (theirs, mine)):
        out.append(queen_reach(a, empty).sum(axis=(1, 2)))
        out.append(king_reach(a, empty).sum(axis=(1, 2)))
    # Territory: the empty squares each side reaches in fewer queen moves.
    near = [mine.copy(), theirs.copy()]
    owner = np.zeros(mine.shape, dtype=np.int8)  # 1 mine, -1 theirs, 0 neither yet
    for _ in range(4):
        near = [n | queen_reach(n, empty) for n in near]
        fresh = (owner == 0) & empty
        owner[fresh & near[0] & ~near[1]] = 1
        owner[fresh & near[1] & ~near[0]] = -1
    out.append((owner == 1).sum(axis=(1, 2)))
    out.append((owner == -1).sum(axis=(1, 2)))
    f = np.stack(out, axis=1).astype(np.float32) / FIELDS
    return np.concatenate([f, np.ones((len(f), 1), np.float32)], axis=1)


def after_actions(obs, ids):
    """The position after each action (ids [k]) from the observations
    [k, planes, r, c] of the player acting: (mine, theirs, arrows)."""
    mine = obs[:, MINE] > 0
    theirs = obs[:, THEIRS] > 0
    arrows = obs[:, ARROWS] > 0
    k = np.arange(len(ids))
    flat_mine = mine.reshape(len(ids), FIELDS)
    arrows = arrows.reshape(len(ids), FIELDS).copy()
    flat_mine = flat_mine.copy()
    place = ids < FIELDS
    flat_mine[k[place], ids[place]] = True
    move = (ids >= FIELDS) & (ids < MOVES)
    m = ids[move] - FIELDS
    start, direction, distance = m // (8 * REACH), m // REACH % 8, m % REACH + 1
    dr = np.array([s[0] for s in STEPS])[direction]
    dc = np.array([s[1] for s in STEPS])[direction]
    to = (start // COLS + dr * distance) * COLS + start % COLS + dc * distance
    flat_mine[k[move], start] = False
    flat_mine[k[move], to] = True
    shot = ids >= MOVES
    arrows[k[shot], ids[shot] - MOVES] = True
    return (flat_mine.reshape(-1, ROWS, COLS), theirs,
            arrows.reshape(-1, ROWS, COLS))


def choose(obs, ids, offsets, weights, rng, epsilon=0.0):
    """An action per game: the best valued position (ties at random), or
    with probability epsilon any legal action; and the chosen positions'
    features."""
    counts = np.diff(offsets)
    game_of = np.repeat(np.arange(len(counts)), counts)
    phi = features(*after_actions(obs[game_of], ids))
    value = phi @ weights + 1e-6 * rng.random(len(ids))
    best = np.maximum.reduceat(value, offsets[:-1])
    first = np.flatnonzero(value == best[game_of])
    pick = np.full(len(counts), -1)
    pick[game_of[first[::-1]]] = first[::-1]  # the first best of each game
    explore = rng.random(len(counts)) < epsilon
    pick[explore] = offsets[:-1][explore] + (rng.random(explore.sum()) * counts[explore]).astype(int)
    return ids[pick], phi[pick]


def interval(share, games):
    """The half width of a 95% interval of a share of `games` (Wilson's)."""
    z = 1.96
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * np.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(abs(centre - share) + half, half)


def fit(x, y, weights, steps=20, l2=1e-3):
    """Logistic regression by Newton's method: P(win) = sigmoid(x . w)."""
    w = weights.astype(np.float64)
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w.astype(np.float32)


class LearnedBot:
    """The learned player as an OpenSpiel bot (pyspiel.Bot's methods)."""

    def __init__(self, weights, seed):
        self.weights, self.rng = weights, np.random.default_rng(seed)

    def restart_at(self, state):
        pass

    def inform_action(self, state, player, action):
        pass

    def step(self, state):
        ids = np.array(state.legal_actions())
        obs = state.observation_tensor(state.current_player())[None]
        action, _ = choose(obs, ids, np.array([0, len(ids)]), self.weights, self.rng)
        return int(action[0])


def measure(game, weights, games, seed):
    """Shares of wins against the uniform random bot and MCTS-100, seats alternating."""
    from open_spiel.python.algorithms import evaluate_bots, mcts
    from open_spiel.python.bots import uniform_random
    rng = np.random.RandomState(seed)
    opponents = {
        "random": lambda p: uniform_random.UniformRandomBot(p, rng),
        "mcts100": lambda p: mcts.MCTSBot(game, 2, 100, mcts.RandomRolloutEvaluator(1, rng),
                                          random_state=rng),
    }
    shares = {}
    for name, make in opponents.items():
        won = 0
        for g in range(games):
            seat = g % 2
            bots = [None, None]
            bots[seat], bots[1 - seat] = LearnedBot(weights, seed + g), make(1 - seat)
            won += evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)[seat] > 0
        shares[name] = won / games
    return shares


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="training time (10)")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between tests (60)")
    parser.add_argument("--test", type=int, default=50,
                        help="games against each opponent in a test while learning (50)")
    parser.add_argument("--final", type=int, default=200,
                        help="games against each opponent after learning (200)")
    parser.add_argument("--envs", type=int, default=256, help="games stepped at once (256)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", help="a PNG of the learning curve")
    parser.add_argument("--weights", help="where to write the learned weights (.npy)")
    args = parser.parse_args()
    vendor = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "vendor",
                          "open_spiel")
    if os.path.isdir(vendor):
        sys.path.insert(0, vendor)
    sys.modules["pyspiel"] = gridgames  # OpenSpiel's files import pyspiel

    game = gridgames.load_game("amazons", rows=ROWS, cols=COLS, rules="standard")
    env = gridgames.VectorEnv(game, args.envs, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    weights = np.zeros(7, np.float32)
    obs, info = env.reset(seed=args.seed)
    playing = [[] for _ in range(args.envs)]  # each game's (features, player) so far
    xs, ys = [], []
    curve, trained, steps, games = [], 0.0, 0, 0

    def test(count):
        shares = measure(game, weights, count, args.seed + len(curve))
        curve.append((trained, shares["random"], shares["mcts100"]))
        print(f"{trained:6.0f} s, {games:7,d} games: won {shares['random']:.1%} against random, "
              f"{shares['mcts100']:.1%} against MCTS-100 ({count} games each, "
              f"+/- {interval(shares['mcts100'], count):.1%})", flush=True)

    test(args.test)
    next_test = args.every
    while trained < args.minutes * 60:
        began = time.perf_counter()
        movers = info["to_move"].copy()
        actions, phi = choose(obs, info["legal_ids"], info["legal_offsets"], weights, rng, EPSILON)
        for i in range(args.envs):
            playing[i].append((phi[i], movers[i]))
        obs, rewards, terminated, truncated, info = env.step(actions)
        for i in np.flatnonzero(terminated | truncated):
            for f, player in playing[i]:
                xs.append(f)
                ys.append(1.0 if rewards[i, player] > 0 else 0.0)
            playing[i] = []
            games += 1
        steps += 1
        if steps % ROUND == 0 and ys:
            del xs[:-KEEP], ys[:-KEEP]
            weights = fit(np.array(xs), np.array(ys), weights)
        trained += time.perf_counter() - began
        if trained >= next_test and trained < args.minutes * 60:
            test(args.test)
            next_test += args.every
    test(args.final)
    print("weights:", np.array2string(weights, precision=3))
    if args.weights:
        np.save(args.weights, weights)
    if args.plot:
        draw(curve, args.plot, args.test, args.final)


def draw(curve, path, test, final):
    """The learning curve: (seconds trained, share against random, against MCTS-100)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    t = [c[0] / 60 for c in curve]
    plt.figure(figsize=(6, 3.5))
    plt.plot(t, [c[1] for c in curve], "o-", label="against uniform random")
    plt.plot(t, [c[2] for c in curve], "s-", label="against MCTS, 100 simulations")
    plt.axhline(0.5, color="grey", lw=0.5)
    plt.xlabel("minutes of training (self-play through VectorEnv)")
    plt.ylabel("share of games won")
    plt.ylim(0, 1.02)
    plt.title("5 x 5 classic Amazons: %d games against each a test, the last %d" % (test, final))
    plt.legend(loc="lower right")
    plt.tight_layout()
    plt.savefig(path, dpi=100)


if __name__ == "__main__":
    main()
