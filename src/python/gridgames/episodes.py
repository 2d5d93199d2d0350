"""What the PettingZoo and Gymnasium environments share: the games of
successive episodes, seeded as Gymnasium seeds an environment: ``next(seed=S)`` deals the game from S (where it has a seed
parameter) and seeds a generator; ``next()`` deals the following episode
from that generator, the first of a run never seeded from the game's own
``seed`` parameter. A run replays from its first seed."""
from __future__ import annotations

import numpy as np

from gridgames import _gridgames as core

SEEDS = 1000000000  # the games' seeds are 0 to 999,999,999


class Episodes:
    def __init__(self, name, params):
        self.name = name
        self.params = {key: str(value) for key, value in params.items()}
        self.game = core.load_game(name, **self.params)
        info = core.game_info(name)
        self.has_seed = any(p["name"] == "seed" for p in info["params"])
        self._rng = None

    def next(self, seed=None):
        """The game of the next episode."""
        if seed is not None:
            self._rng = np.random.default_rng(int(seed))
            return self._dealt(int(seed))
        if self._rng is None:
            self._rng = np.random.default_rng(int(self.game.get_parameters().get("seed", 0)))
            return self.game
        return self._dealt(int(self._rng.integers(SEEDS)))

    def _dealt(self, seed):
        if not self.has_seed:
            return self.game
        return core.load_game(self.name, **dict(self.params, seed=str(seed % SEEDS)))


def render(state, render_mode):
    """The environments' render(): the state's text for "ansi", printed for
    "human", nothing without a render mode."""
    if render_mode is None:
        return None
    text = str(state)
    if render_mode == "ansi":
        return text
    print(text)
    return None
