"""gridgames.VectorEnv with Gymnasium's face: the compiled environment
(_gridgames.VectorEnv: many games stepped in C++ threads) with the
attributes Gymnasium's vector environments have: single_observation_space,
single_action_space, observation_space, action_space, metadata with its
autoreset mode, render() and close(). The spaces need Gymnasium; stepping
does not (docs/python.md, "Many games at once")."""
from gridgames import _gridgames


def _gymnasium(what):
    try:
        import gymnasium
        import gymnasium.vector.utils  # noqa: F401  (batch_space)
    except ImportError as missing:
        raise ImportError(f"VectorEnv.{what} needs Gymnasium (docs/python.md says where it "
                          f"comes from): {missing}") from missing
    return gymnasium


class VectorEnv(_gridgames.VectorEnv):
    __doc__ = _gridgames.VectorEnv.__doc__
    render_mode = "ansi"

    @property
    def metadata(self):
        """{"autoreset_mode": Gymnasium's AutoresetMode (its value, "SameStep"
        or "NextStep", without Gymnasium), "render_modes": ["ansi"]}."""
        value = {"same_step": "SameStep", "next_step": "NextStep"}[self.autoreset_mode]
        try:
            from gymnasium.vector import AutoresetMode
            mode = AutoresetMode(value)
        except ImportError:
            mode = value
        return {"autoreset_mode": mode, "render_modes": ["ansi"]}

    @property
    def single_observation_space(self):
        """One game's observation: Box(0, 1, observation_tensor_shape, float32)."""
        import numpy as np
        spaces = _gymnasium("single_observation_space").spaces
        return spaces.Box(0.0, 1.0, tuple(self.game.observation_tensor_shape()), dtype=np.float32)

    @property
    def single_action_space(self):
        """One game's action: Discrete(num_distinct_actions), an id."""
        spaces = _gymnasium("single_action_space").spaces
        return spaces.Discrete(self.game.num_distinct_actions())

    @property
    def observation_space(self):
        """The batch's observations: Box of [num_envs, *shape]."""
        gymnasium = _gymnasium("observation_space")
        return gymnasium.vector.utils.batch_space(self.single_observation_space, self.num_envs)

    @property
    def action_space(self):
        """The batch's actions: MultiDiscrete, an id per game."""
        gymnasium = _gymnasium("action_space")
        return gymnasium.vector.utils.batch_space(self.single_action_space, self.num_envs)

    def render(self):
        """Each game's text now, as a tuple (Gymnasium's "ansi" render)."""
        return tuple(str(self.state(i)) for i in range(self.num_envs))

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()
        return False
