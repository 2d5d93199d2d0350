"""gridgames.gymnasium_env against Gymnasium itself: its own check_env on
every one-player game (and Amazons alone), its seeding, truncation and
illegal actions (skipped where ../shared/vendor is absent)."""
import warnings

import numpy as np
import pytest

import gridgames
from conftest import small, vendor

ONE_PLAYER = [name for name in gridgames.games()
              if gridgames.load_game(name).num_players() == 1]


def params_of(name):
    return {"rows": 4, "cols": 4, "amazons": 1, "players": 1} if name == "amazons" else small(name)


@pytest.mark.parametrize("name", ONE_PLAYER + ["amazons"])
def test_gymnasiums_own_check_env_passes(name):
    checker = vendor("gymnasium.utils.env_checker")
    env = gridgames.gymnasium_env(name, **params_of(name))
    checker.check_env(env, skip_render_check=True)
    checker.check_env(gridgames.gymnasium_env(name, render_mode="ansi", **params_of(name)),
                      skip_render_check=True)


@pytest.mark.parametrize("name", ONE_PLAYER)
def test_check_env_passes_through_gymnasium_make(name):
    """Made by gymnasium.make, the env has a spec: check_env then also
    asserts that seeded resets are deterministic, and tries every render
    mode."""
    gymnasium = vendor("gymnasium")
    checker = vendor("gymnasium.utils.env_checker")
    import gridgames.gym_env  # noqa: F401  (registers gridgames/<name>-v0)
    env = gymnasium.make("gridgames/%s-v0" % name, render_mode="ansi", **small(name))
    assert env.spec.id == "gridgames/%s-v0" % name
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none of its warnings either
        checker.check_env(env.unwrapped)


def test_the_one_player_games_are_there():
    assert set(ONE_PLAYER) == {"simodyssey", "simodyssey2", "space-defender-2"}


def test_a_game_of_two_is_refused_with_the_way_to_play_it():
    vendor("gymnasium")
    with pytest.raises(ValueError, match="aec_env or VectorEnv"):
        gridgames.gymnasium_env("raiinet")


@pytest.mark.parametrize("name", ONE_PLAYER)
def test_episodes_play_as_the_state_does_and_seeds_replay(name):
    """An episode's observations, masks, rewards and ends are the game's own;
    reset(seed) replays, and reset() deals a new episode."""
    vendor("gymnasium")
    env = gridgames.gymnasium_env(name, max_length=40)
    rng = np.random.default_rng(1)

    def episode(seed=None):
        obs, info = env.reset(seed=seed)
        state = env.state.clone()
        trace, total = [obs.tobytes()], 0.0
        while True:
            assert np.array_equal(obs, state.observation_tensor(0))
            assert np.flatnonzero(info["action_mask"]).tolist() == state.legal_actions()
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            state.apply_action(action)
            trace.append(obs.tobytes())
            total += reward
            if terminated or truncated:
                assert state.is_terminal() and truncated == state.is_truncated()
                assert total == state.returns()[0]
                return trace, env.state.serialize()

    first = episode(seed=5)
    following = episode()
    rng = np.random.default_rng(1)
    assert episode(seed=5) == first
    if "seed" in gridgames.load_game(name).get_type().parameter_specification:
        assert following[1] != first[1]


def test_an_illegal_action_ends_the_episode_with_minus_one():
    vendor("gymnasium")
    env = gridgames.gymnasium_env("space-defender-2")
    obs, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.history()
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] == illegal and env.state.history() == before
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_the_length_limit_truncates():
    vendor("gymnasium")
    env = gridgames.gymnasium_env("simodyssey", max_length=3)
    obs, info = env.reset(seed=0)
    ends = []
    for _ in range(3):
        pass_id = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(pass_id)
        ends.append((terminated, truncated))
        if terminated or truncated:
            break
    assert ends[-1] in ((False, True), (True, False))
    assert ends[-1][1] == env.state.is_truncated()
