"""gridgames.gymnasium_vector_env and gymnasium.make_vec("gridgames/..."):
a game against the project's bots as a true gymnasium.vector.VectorEnv,
checked with Gymnasium's own classes and wrappers (../shared/vendor)."""
import numpy as np
import pytest

import gridgames
from conftest import vendor


def choose(info, rng):
    """A random legal action per game from its mask (0 where none is legal:
    a game ended on the last step, whose action is ignored)."""
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0
                     for row in info["action_mask"]])


def test_the_opponent_moves_in_cpp_and_the_learner_is_always_to_move():
    """With an opponent, every observation is the learner's turn (or the
    end), the rewards are the learner's alone, equal to its return in the
    game as it ended; "alternate" gives each game both seats in turn."""
    env = gridgames.VectorEnv("sword-and-shield", 4, opponent="random", seat="alternate",
                              autoreset_mode="next_step", seed=4)
    assert env.opponent == "random"
    obs, info = env.reset(seed=4)
    assert info["to_move"].tolist() == [0, 1, 0, 1]  # (game + episode) % 2
    rng = np.random.default_rng(3)
    ends, seats_played = 0, [set() for _ in range(4)]
    for _ in range(600):
        seats = info["to_move"].copy()
        obs, rewards, terminated, truncated, info = env.step(choose(info, rng))
        assert rewards.shape == (4,)
        for i in range(4):
            if terminated[i] or truncated[i]:
                ends += 1
                ended = env.state(i)
                assert ended.is_terminal() and rewards[i] == ended.returns()[seats[i]]
                assert info["to_move"][i] == -4
            else:
                assert rewards[i] == 0
                state = env.state(i)
                assert state.current_player() == info["to_move"][i] >= 0
                assert np.array_equal(obs[i], state.observation_tensor(info["to_move"][i]))
                seats_played[i].add(int(info["to_move"][i]))
    assert ends >= 20 and all(seats == {0, 1} for seats in seats_played), (ends, seats_played)
    fixed = gridgames.VectorEnv("sword-and-shield", 3, opponent="random", seat=1)
    assert fixed.reset(seed=1)[1]["to_move"].tolist() == [1, 1, 1]
    start = gridgames.load_game("sword-and-shield").new_initial_state()  # seat 0 to move
    with pytest.raises(ValueError, match="learner's at seat 1"):
        fixed.set_state(0, start)
    fixed.set_state(0, fixed.state(2))  # the learner's turn: taken
    assert str(fixed.state(0)) == str(fixed.state(2))


def test_same_seed_same_games_against_a_random_opponent():
    def play(seed):
        env = gridgames.VectorEnv("raiinet", 3, opponent="random", seed=seed, threads=2)
        obs, info = env.reset(seed=seed)
        rng, seen = np.random.default_rng(0), [obs]
        for _ in range(50):
            obs, rewards, *_, info = env.step(choose(info, rng))
            seen += [obs, rewards]
        return seen
    assert all(np.array_equal(a, b) for a, b in zip(play(9), play(9)))
    assert not all(np.array_equal(a, b) for a, b in zip(play(9), play(10)))


def test_bad_opponents_and_seats_are_refused():
    for kwargs, match in (({"opponent": "nobody"}, "no bot"), ({"opponent": "random", "seat": 2}, "seat"),
                          ({"opponent": "random", "seat": "left"}, "seat"),
                          ({"opponent": "random", "opponent_nodes": -1}, "opponent_nodes")):
        with pytest.raises(ValueError, match=match):
            gridgames.VectorEnv("raiinet", 2, **kwargs)
    with pytest.raises(ValueError, match="one player"):
        gridgames.VectorEnv("space-defender-2", 2, opponent="random")


def test_gymnasiums_wrappers_run_on_it_unmodified():
    """RecordEpisodeStatistics counts the episodes and their returns as we
    do, in both autoreset modes; NormalizeReward scales the rewards; it is
    a gymnasium VectorEnv."""
    vendor("gymnasium")
    import gymnasium
    from gymnasium.wrappers.vector import NormalizeReward, RecordEpisodeStatistics
    for mode in ("next_step", "same_step"):
        raw = gridgames.gymnasium_vector_env("sword-and-shield", 4, opponent="greedy", seed=2,
                                             autoreset_mode=mode)
        assert isinstance(raw, gymnasium.vector.VectorEnv)
        env = RecordEpisodeStatistics(raw)
        obs, info = env.reset(seed=2)
        assert raw.observation_space.contains(obs) and info["_action_mask"].all()
        rng = np.random.default_rng(1)
        returns, counted, ours = np.zeros(4), [], []
        for _ in range(400):
            obs, rewards, terminated, truncated, info = env.step(choose(info, rng))
            assert rewards.dtype == np.float64 and rewards.shape == (4,)
            ended = terminated | truncated
            returns += rewards
            ours += returns[ended].tolist()
            returns[ended] = 0
            if "episode" in info:
                counted += info["episode"]["r"][info["_episode"]].tolist()
            if mode == "same_step":
                assert info["_final_obs"].tolist() == ended.tolist()
                assert all(raw.single_observation_space.contains(o) for o in info["final_obs"][ended])
        assert len(counted) == len(ours) >= 10 and np.allclose(counted, ours), (counted, ours)
        env.close()
        with pytest.raises(RuntimeError, match="closed"):
            raw.env.reset()
    scaled = NormalizeReward(gridgames.gymnasium_vector_env("raiinet", 2, seed=1))
    _, info = scaled.reset(seed=1)
    for _ in range(300):
        _, rewards, *_, info = scaled.step(choose(info, np.random.default_rng(2)))
        assert np.isfinite(rewards).all()


def test_make_and_make_vec_know_every_game():
    """gymnasium.make("gridgames/<game>-v0") is a game of one player's Env
    (Amazons with players=1 too; a game of two is refused, saying what
    plays it); gymnasium.make_vec(...) gives every game, stepped in C++."""
    vendor("gymnasium")
    import gymnasium
    import gridgames.gym_env  # noqa: F401  (registers them)
    for name in gridgames.games():
        players = gridgames.load_game(name).num_players()
        env = gymnasium.make_vec("gridgames/%s-v0" % name, num_envs=2)
        obs, info = env.reset(seed=1)
        assert obs.shape == (2, *gridgames.load_game(name).observation_tensor_shape())
        obs, rewards, *_ = env.step(choose(info, np.random.default_rng(0)))
        assert rewards.shape == (2,)
        env.close()
        if players == 1:
            assert gymnasium.make("gridgames/%s-v0" % name).reset(seed=1)
        else:
            with pytest.raises(ValueError, match="make_vec"):
                gymnasium.make("gridgames/%s-v0" % name)
    assert gymnasium.make("gridgames/amazons-v0", players=1).reset(seed=1)
