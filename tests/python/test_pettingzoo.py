"""gridgames.aec_env against PettingZoo itself: its own api_test, seed_test
and render_test on every game, its wrappers, and the random-agent loop of
its documentation, unchanged (skipped where ../shared/vendor is absent)."""
import numpy as np
import pytest

import gridgames
from conftest import small, vendor


@pytest.mark.parametrize("name", gridgames.games())
def test_pettingzoos_own_tests_pass(name):
    pettingzoo = vendor("pettingzoo")
    tests = vendor("pettingzoo.test")
    env = gridgames.aec_env(name, **small(name))
    assert isinstance(env.unwrapped, pettingzoo.AECEnv)
    tests.api_test(env, num_cycles=200)
    tests.seed_test(lambda render_mode=None: gridgames.aec_env(name, render_mode=render_mode,
                                                              **small(name)), num_cycles=50)
    tests.render_test(lambda render_mode=None: gridgames.aec_env(name, render_mode=render_mode,
                                                                **small(name)))


@pytest.mark.parametrize("name", gridgames.games())
def test_the_documented_random_loop_runs(name):
    """PettingZoo's documentation's loop (pettingzoo.farama.org, "AEC API"),
    word for word, with the action mask."""
    vendor("pettingzoo")
    env = gridgames.aec_env(name, render_mode="ansi", **small(name))
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            # this is where you would insert your policy
            action = env.action_space(agent).sample(mask)
        env.step(action)
    env.close()
    assert not env.agents


def test_spaces_and_observations_are_what_the_classic_envs_give():
    gymnasium = vendor("gymnasium")
    vendor("pettingzoo")
    env = gridgames.aec_env("amazons", rules="standard")
    env.reset(seed=1)
    agent = env.agent_selection
    game = gridgames.load_game("amazons", rules="standard")
    assert env.action_space(agent) == gymnasium.spaces.Discrete(game.num_distinct_actions())
    space = env.observation_space(agent)
    assert isinstance(space, gymnasium.spaces.Dict)
    observation = env.observe(agent)
    assert observation["observation"].shape == tuple(game.observation_tensor_shape())
    assert observation["observation"].dtype == np.float32
    assert observation["action_mask"].dtype == np.int8
    assert observation["action_mask"].sum() == len(env.unwrapped.game_state.legal_actions()) > 0
    assert space.contains(observation)
    assert env.state().shape == tuple(game.observation_tensor_shape())
    # numpy integers, as Discrete.sample() gives them: the move is made, and
    # its shot awaited from the same player.
    action = env.action_space(agent).sample(observation["action_mask"])
    assert isinstance(action, np.integer)
    env.step(action)
    assert env.unwrapped.game_state.history() == [int(action)] and env.agent_selection == agent


def test_the_wrappers_refuse_what_they_should():
    vendor("pettingzoo")
    env = gridgames.aec_env("sword-and-shield")
    with pytest.raises(Exception):  # OrderEnforcingWrapper: step before reset
        env.step(0)
    env.reset()
    with pytest.raises(AssertionError):  # AssertOutOfBoundsWrapper: out of the space
        env.step(10 ** 6)
