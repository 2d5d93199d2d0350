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


@pytest.mark.parametrize("name", gridgames.games())
def test_pettingzoos_state_test_passes_with_unmasked_actions(name):
    """Its test_state steps with action_space.sample(), no mask: the first
    illegal action must end the game as its classic games end it."""
    tests = vendor("pettingzoo.test.state_test")
    tests.test_state(gridgames.aec_env(name, **small(name)), num_cycles=200)


def test_an_illegal_action_ends_the_game_with_minus_one_for_who_made_it():
    vendor("pettingzoo")
    env = gridgames.aec_env("sword-and-shield")
    env.reset(seed=1)
    first = env.agent_selection
    mask = env.observe(first)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.unwrapped.game_state.history()
    env.step(illegal)
    assert env.unwrapped.game_state.history() == before  # the rules saw nothing
    assert all(env.terminations.values())
    rewards = {a: env._cumulative_rewards[a] for a in env.possible_agents}
    assert rewards == {a: (-1.0 if a == first else 0.0) for a in env.possible_agents}
    # Unwrapped, it stays an error that changes nothing.
    raw = gridgames.aec_env("sword-and-shield", wrapped=False)
    raw.reset(seed=1)
    with pytest.raises(ValueError):
        raw.step(illegal)
    assert raw.game_state.history() == [] and not any(raw.terminations.values())


def test_reset_without_a_seed_starts_a_new_episode_and_the_run_replays():
    vendor("pettingzoo")

    def starts(seed):
        env = gridgames.aec_env("raiinet")
        env.reset(seed=seed)
        out = [env.unwrapped.game_state.serialize()]
        for _ in range(3):
            env.reset()
            out.append(env.unwrapped.game_state.serialize())
        return out

    run = starts(7)
    assert len(set(run)) == 4, "an unseeded reset dealt an episode seen before"
    assert starts(7) == run and starts(8) != run


def test_the_length_limit_is_a_truncation():
    """Games that reach max_length end truncated, those the rules end
    terminated; a few random games see both."""
    vendor("pettingzoo")
    seen = set()
    rng = np.random.default_rng(2)
    for seed in range(12):
        env = gridgames.aec_env("sword-and-shield", max_length=14)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                assert truncation == env.unwrapped.game_state.is_truncated() != termination
                seen.add("truncated" if truncation else "terminated")
                action = None
            else:
                action = rng.choice(np.flatnonzero(observation["action_mask"]))
            env.step(action)
    assert seen == {"truncated", "terminated"}
