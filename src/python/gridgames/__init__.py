"""gridgames: turn-based grid games through one game contract, with the
names and meanings of OpenSpiel's pyspiel (load_game, new_initial_state,
legal_actions, apply_action, observation_tensor, ...), and PettingZoo
environments (aec_env), Gymnasium environments of the one-player games
(gymnasium_env), many games at once (VectorEnv) and against a bot as
Gymnasium's vector environment (gymnasium_vector_env). docs/python.md says it all."""
import random as _random

from gridgames._gridgames import *  # noqa: F401,F403  (the compiled part)
from gridgames.vector import VectorEnv  # noqa: F401  (with Gymnasium's face)


class UniformProbabilitySampler:
    """pyspiel's sampler for resample_from_infostate: called, a number
    uniformly in [min, max). ``UniformProbabilitySampler(min, max)`` or
    ``(seed, min, max)``; seeded (0 unless given), so searches replay."""

    def __init__(self, *args):
        if len(args) == 2:
            seed, (low, high) = 0, args
        elif len(args) == 3:
            seed, low, high = args
        else:
            raise TypeError("UniformProbabilitySampler(min, max) or (seed, min, max)")
        self._rng = _random.Random(int(seed))
        self._low, self._high = float(low), float(high)

    def __call__(self):
        return self._low + (self._high - self._low) * self._rng.random()


def aec_env(name, render_mode=None, wrapped=True, **params):
    """The game `name` (its parameters as keywords) as a PettingZoo AECEnv:
    Discrete actions over the game's ids, Dict(observation=Box,
    action_mask=Box) observations. Needs PettingZoo and Gymnasium."""
    try:
        from gridgames.pettingzoo_env import aec_env as make
    except ImportError as missing:
        raise ImportError("gridgames.aec_env needs PettingZoo and Gymnasium "
                          "(docs/python.md says where they come from): " + str(missing)) from missing
    return make(name, render_mode=render_mode, wrapped=wrapped, **params)


def gymnasium_env(name, render_mode=None, illegal_reward=-1.0, **params):
    """The one-player game `name` (its parameters as keywords) as a
    Gymnasium Env: Discrete actions over the game's ids, a Box observation,
    the legal actions' mask in info["action_mask"]. Needs Gymnasium."""
    try:
        from gridgames.gym_env import GridgamesEnv
    except ImportError as missing:
        raise ImportError("gridgames.gymnasium_env needs Gymnasium (docs/python.md says where "
                          "it comes from): " + str(missing)) from missing
    return GridgamesEnv(name, render_mode=render_mode, illegal_reward=illegal_reward, **params)


def gymnasium_vector_env(game, num_envs, *, opponent="random", seat=0, **kwargs):
    """`num_envs` games of `game` against the bot `opponent` as a
    gymnasium.vector.VectorEnv: the learner at `seat` (or "alternate"),
    the other seats played in C++, rewards the learner's ([num_envs]).
    Further keywords: autoreset_mode ("next_step", Gymnasium's default, or
    "same_step"), opponent_nodes, threads, seed, max_episode_steps, and the
    game's parameters. Needs Gymnasium."""
    try:
        from gridgames.gym_vector_env import GridgamesVectorEnv
    except ImportError as missing:
        raise ImportError("gridgames.gymnasium_vector_env needs Gymnasium (docs/python.md says "
                          "where it comes from): " + str(missing)) from missing
    return GridgamesVectorEnv(game, num_envs, opponent=opponent, seat=seat, **kwargs)
