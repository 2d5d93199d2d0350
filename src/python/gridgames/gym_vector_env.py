"""A game against the project's bots as a true gymnasium.vector.VectorEnv
(gridgames.gymnasium_vector_env): the learner plays one seat of each game,
a bot of the game plays the others in C++ (gridgames.VectorEnv with an
opponent), and rewards are the learner's alone, so that Gymnasium's own
vector wrappers (RecordEpisodeStatistics, NormalizeReward, ...) run on it
unmodified. Needs Gymnasium (docs/python.md, "Against a bot, as
Gymnasium's vector environment")."""
import numpy as np
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymnasiumVectorEnv

from gridgames._gridgames import Game, load_game
from gridgames.vector import VectorEnv


class GridgamesVectorEnv(GymnasiumVectorEnv):
    """num_envs games of `game` against `opponent` (a game of one player
    has none: opponent=None, the default's meaning there), the learner at `seat`
    (a player's number, or "alternate": game i's k-th episode at seat
    (i + k) % players). info holds "action_mask" (int8, a row a game) and
    "to_move", each with Gymnasium's "_key" mask; with SAME_STEP autoreset,
    "final_obs" and "final_info" of the games that ended, as Gymnasium's
    SyncVectorEnv gives them."""

    render_mode = "ansi"

    def __init__(self, game, num_envs, *, opponent="random", seat=0, autoreset_mode="next_step",
                 opponent_nodes=0, threads=0, seed=0, max_episode_steps=0, **params):
        players = (game if isinstance(game, Game) else load_game(game, **params)).num_players()
        if players == 1 and opponent == "random":
            opponent = None  # (the default's: a game of one has nobody to play)
        self.env = VectorEnv(game, num_envs, opponent=opponent, seat=seat,
                             autoreset_mode=autoreset_mode, opponent_nodes=opponent_nodes,
                             threads=threads, seed=seed, max_episode_steps=max_episode_steps,
                             **params)
        self.num_envs = num_envs
        self.metadata = self.env.metadata
        self.single_observation_space = self.env.single_observation_space
        self.single_action_space = self.env.single_action_space
        self.observation_space = self.env.observation_space
        self.action_space = self.env.action_space
        self._every = np.ones(num_envs, dtype=np.bool_)

    def reset(self, *, seed=None, options=None):
        if isinstance(seed, (int, np.integer)):  # the base class's generator, as Gymnasium's
            self._np_random, self._np_random_seed = seeding.np_random(int(seed))
        obs, info = self.env.reset(seed=seed, options=options)
        return obs, self._infos(info)

    def step(self, actions):
        obs, rewards, terminated, truncated, info = self.env.step(np.asarray(actions))
        infos = self._infos(info)
        if self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP:
            ended = terminated | truncated
            final = np.full(self.num_envs, None, dtype=object)
            for i in np.flatnonzero(ended):
                final[i] = info["final_observation"][i]
            infos.update(final_obs=final, _final_obs=ended.copy(),
                         final_info={}, _final_info=ended.copy())
        if rewards.ndim == 2:  # a game of one: its only column
            rewards = rewards[:, 0]
        return obs, rewards.astype(np.float64), terminated, truncated, infos

    def _infos(self, info):
        return {"action_mask": info["action_mask"], "_action_mask": self._every.copy(),
                "to_move": info["to_move"], "_to_move": self._every.copy()}

    def render(self):
        return self.env.render()

    def close_extras(self, **kwargs):
        self.env.close()
