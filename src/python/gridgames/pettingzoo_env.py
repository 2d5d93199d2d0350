"""gridgames as PettingZoo environments: every game an ``AECEnv`` with the
spaces of PettingZoo's classic environments (chess_v6, go_v5): a
``Discrete`` action space over the game's fixed action ids, and a ``Dict``
observation of the player's ``observation`` tensor (a ``Box`` in [0, 1]) and
its ``action_mask``. Needs PettingZoo and Gymnasium (docs/python.md)."""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from gridgames.episodes import Episodes, render


class GridgamesEnv(AECEnv):
    """One game of gridgames, its players ``player_0``, ``player_1``, ...

    Seeding, as Gymnasium's: ``reset(seed=S)`` deals the game from S (when
    it has a seed parameter) and seeds the generator of the episodes after
    it; ``reset()`` without a seed deals the next episode from that
    generator (the very first from the game's own ``seed`` parameter), so
    each is new and the whole run replays from its first seed."""

    metadata = {"render_modes": ["human", "ansi"], "name": "gridgames_v0",
                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, name, render_mode=None, **params):
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise ValueError('render_mode is None, "human" or "ansi"')
        self.render_mode = render_mode
        self._episodes = Episodes(name, params)
        self._game = self._episodes.game
        self.metadata = dict(self.metadata, name="gridgames_" + name.replace("-", "_") + "_v0")
        self.possible_agents = ["player_%d" % p for p in range(self._game.num_players())]
        self._actions = self._game.num_distinct_actions()
        shape = tuple(self._game.observation_tensor_shape())
        self.action_spaces = {a: spaces.Discrete(self._actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self._actions,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.state_space = spaces.Box(0.0, 1.0, shape, dtype=np.float32)
        self.game_state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        self.game_state = self._episodes.next(seed).new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self):
        player = self.game_state.current_player()
        return self.possible_agents[player] if player >= 0 else self.agents[0]

    def observe(self, agent):
        player = self.possible_agents.index(agent)
        mask = np.zeros(self._actions, dtype=np.int8)
        if self.game_state.current_player() == player:
            mask[self.game_state.legal_actions()] = 1
        return {"observation": self.game_state.observation_tensor(player), "action_mask": mask}

    def state(self):
        """What a spectator may know, as a tensor of the observations' shape."""
        return self.game_state.observation_tensor(-1)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.game_state.apply_action(int(action))
        if self.game_state.is_terminal():
            returns = self.game_state.returns()
            # At the game's length limit the episode is truncated (its
            # adjudicated returns still paid), else terminated.
            ended = self.truncations if self.game_state.is_truncated() else self.terminations
            for p, a in enumerate(self.possible_agents):
                self.rewards[a] = float(returns[p])
                ended[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
        self._accumulate_rewards()
        # Once over, each agent is stepped with None in turn (the dead steps).
        self.agent_selection = self._agent_to_move()
        if self.render_mode == "human":
            self.render()

    def render(self):
        return render(self.game_state, self.render_mode)

    def close(self):
        pass


def aec_env(name, render_mode=None, wrapped=True, **params):
    """The PettingZoo environment of the game `name` (its parameters as
    keywords), in the wrappers of PettingZoo's classic games unless
    ``wrapped=False``: an illegal action ends the game, -1 to the player who
    made it and 0 to the others (TerminateIllegalWrapper); actions in
    bounds; order enforcing. Unwrapped, an illegal action raises
    ValueError and changes nothing."""
    env = GridgamesEnv(name, render_mode=render_mode, **params)
    if wrapped:
        env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
        env = wrappers.AssertOutOfBoundsWrapper(env)
        env = wrappers.OrderEnforcingWrapper(env)
    return env
