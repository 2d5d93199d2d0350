"""gridgames: turn-based grid games through one game contract, with the
names and meanings of OpenSpiel's pyspiel (load_game, new_initial_state,
legal_actions, apply_action, observation_tensor, ...), and PettingZoo
environments (aec_env). docs/python.md says it all."""
from gridgames._gridgames import *  # noqa: F401,F403  (the compiled part)


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
