"""gridgames' one-player games as Gymnasium environments: a ``Discrete``
action space over the game's fixed action ids, a ``Box`` observation (the
player's observation tensor, float32 in [0, 1]) and the legal actions'
mask in ``info["action_mask"]``. Needs Gymnasium (docs/python.md)."""
from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from gridgames.episodes import Episodes, render


class GridgamesEnv(gymnasium.Env):
    """One game of one player. Seeding is Gymnasium's: ``reset(seed=S)``
    deals the game from S and seeds ``np_random``, and ``reset()`` deals
    the next episode (gridgames.episodes). Rewards come at the end: the
    game's return (1 or 0, or its score). The game's length limit
    (``max_length``) ends an episode truncated, its rules terminated. An
    illegal action ends the episode at once, terminated, with the reward
    ``illegal_reward`` (-1, as PettingZoo's classic games), the game
    unchanged."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, name, render_mode=None, illegal_reward=-1.0, **params):
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError('render_mode is None, "ansi" or "human"')
        self._episodes = Episodes(name, params)
        game = self._episodes.game
        if game.num_players() != 1:
            raise ValueError("%s is a game of %d players: gymnasium_env (and gymnasium.make) is "
                             "for games of one; gymnasium.make_vec(..., opponent=BOT), "
                             "gymnasium_vector_env, aec_env or VectorEnv play the others"
                             % (game, game.num_players()))
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self._actions = game.num_distinct_actions()
        shape = tuple(game.observation_tensor_shape())
        self.action_space = spaces.Discrete(self._actions)
        self.observation_space = spaces.Box(0.0, 1.0, shape, dtype=np.float32)
        self.state = None
        self._over = True

    def reset(self, *, seed=None, options=None):
        if seed is None and self._np_random is None:
            seed = int(self._episodes.game.get_parameters().get("seed", 0))  # deterministic
        super().reset(seed=seed)
        self.state = self._episodes.next(seed).new_initial_state()
        self._over = False
        return self._observation(), self._info()

    def step(self, action):
        if self._over:
            raise RuntimeError("the episode is over: reset() first")
        action = int(action)
        if not 0 <= action < self._actions or not self._mask()[action]:
            self._over = True
            return self._observation(), self.illegal_reward, True, False, \
                dict(self._info(), illegal_action=action)
        self.state.apply_action(action)
        reward = 0.0
        terminated = truncated = False
        if self.state.is_terminal():
            self._over = True
            reward = float(self.state.returns()[0])
            truncated = self.state.is_truncated()
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self):
        return render(self.state, self.render_mode)

    def _observation(self):
        return self.state.observation_tensor(0)

    def _mask(self):
        if self.state.is_terminal():
            return np.zeros(self._actions, dtype=np.int8)
        return self.state.legal_actions_mask()

    def _info(self):
        return {"action_mask": self._mask()}


def _make_vector(num_envs, name, **kwargs):
    """gymnasium.make_vec("gridgames/<name>-v0", num_envs, ...): the games
    stepped in C++ (gridgames.gymnasium_vector_env), against a bot in the
    games of two players or more."""
    from gridgames.gym_vector_env import GridgamesVectorEnv
    return GridgamesVectorEnv(name, num_envs, **kwargs)


def _register():
    """Each game as gymnasium.make("gridgames/<name>-v0") (after ``import
    gridgames.gym_env``), with its parameters as keywords: an Env of a game
    of one player (Amazons with players=1 too), and for every game
    gymnasium.make_vec("gridgames/<name>-v0", num_envs, ...), a vector
    environment stepped in C++ (against opponent=BOT in games of more)."""
    from gridgames import _gridgames as core
    for name in core.games():
        env_id = "gridgames/%s-v0" % name
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=GridgamesEnv, vector_entry_point=_make_vector,
                               kwargs={"name": name}, nondeterministic=False)


_register()
