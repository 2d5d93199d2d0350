"""gridgames.VectorEnv: many games stepped at once agree, array for array,
with the same games played one at a time through State; seeds, resets,
ends, truncation, refusals that change nothing, threads that change
nothing."""
import numpy as np
import pytest

import gridgames
from conftest import small, vendor


def random_actions(info, rng):
    """A uniformly random legal action per game, chosen from the mask."""
    mask = info["action_mask"]
    rows, cols = np.nonzero(mask)
    counts = np.bincount(rows, minlength=mask.shape[0])
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    return cols[starts + (rng.random(len(counts)) * counts).astype(np.int64)]


def start_of(game, env, i):
    """Game i's episode now, started as the vector environment starts it."""
    params = dict(game.get_parameters())
    if "seed" in game.get_type().parameter_specification:
        params["seed"] = str(env.episode_seed(i))
    return gridgames.load_game(game.name(), params).new_initial_state()


@pytest.mark.parametrize("name", gridgames.games())
def test_each_game_steps_as_its_states_do(name):
    """Four games of each kind, 150 random steps: each step's observation,
    mask, ids, player to move, rewards and ends are those of a State
    playing the same actions; a game that ends starts its next episode."""
    game = gridgames.load_game(name, **small(name))
    n, players = 4, game.num_players()
    env = gridgames.VectorEnv(game, n, threads=2, seed=11)
    obs, info = env.reset(seed=11)
    assert obs.shape == (n, *game.observation_tensor_shape()) and obs.dtype == np.float32
    assert info["action_mask"].shape == (n, game.num_distinct_actions())
    assert info["action_mask"].dtype == np.int8 and info["to_move"].dtype == np.int32
    states = [start_of(game, env, i) for i in range(n)]
    rng = np.random.default_rng(5)
    ended = cut = 0
    for _ in range(150):
        for i, state in enumerate(states):
            player = state.current_player()
            assert info["to_move"][i] == player
            assert np.array_equal(obs[i], state.observation_tensor(player))
            legal = state.legal_actions()
            assert np.flatnonzero(info["action_mask"][i]).tolist() == legal
            begin, end = info["legal_offsets"][i], info["legal_offsets"][i + 1]
            assert sorted(info["legal_ids"][begin:end].tolist()) == legal
        actions = random_actions(info, rng)
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert rewards.shape == (n, players)
        for i in range(n):
            mover = states[i].current_player()
            states[i].apply_action(int(actions[i]))
            # The game's length limit is a truncation (Gymnasium's), not an end.
            assert truncated[i] == states[i].is_truncated()
            assert terminated[i] == (states[i].is_terminal() and not states[i].is_truncated())
            cut += bool(truncated[i])
            if states[i].is_terminal():
                ended += 1
                assert rewards[i].tolist() == pytest.approx(states[i].returns())
                assert np.array_equal(info["final_observation"][i],
                                      states[i].observation_tensor(mover))
                states[i] = start_of(game, env, i)
            else:
                assert not rewards[i].any()
    if name in ("amazons", "connect-four", "sword-and-shield"):
        assert ended > 0, "no game ended: the test saw no new episode"
    if name == "raiinet":
        assert cut > 0, "no game reached max_length: the test saw no truncation"


def test_one_thread_or_two_and_the_same_seed_give_the_same_games():
    runs = []
    for threads in (1, 2, 2):
        env = gridgames.VectorEnv("raiinet", 8, threads=threads, seed=3, max_length=40)
        obs, info = env.reset(seed=3)
        rng = np.random.default_rng(9)
        trace = [obs.copy()]
        for _ in range(100):
            obs, rewards, terminated, truncated, info = env.step(random_actions(info, rng))
            trace += [obs.copy(), rewards.copy(), terminated.copy()]
        runs.append(trace)
    assert all(np.array_equal(a, b) for a, b in zip(runs[0], runs[1]))
    assert all(np.array_equal(a, b) for a, b in zip(runs[0], runs[2]))


def test_reset_without_a_seed_starts_new_episodes():
    """Each game's episodes have seeds of their own, and a reset without a
    seed moves every game to its next one; the same seed deals the same."""
    env = gridgames.VectorEnv("raiinet", 3, seed=100)
    first, _ = env.reset(seed=100)
    first = first.copy()
    seeds = [env.episode_seed(i) for i in range(3)]
    again, _ = env.reset()
    later = [env.episode_seed(i) for i in range(3)]
    assert len(set(seeds + later)) == 6 and all(0 <= s < 10**9 for s in seeds + later)
    assert not np.array_equal(first, again), "RAIInet's hidden links come from the seed"
    same, _ = env.reset(seed=100)
    assert np.array_equal(first, same) and [env.episode_seed(i) for i in range(3)] == seeds


def test_an_integer_seed_gives_each_game_a_stream_of_its_own():
    """Seeds 0 and 1 share no episode seed over 256 games and 4 episodes
    (seed + game would share 255 of the first 256); 2 and 2 share all."""
    def episodes(seed):
        env = gridgames.VectorEnv("raiinet", 256, seed=seed)
        env.reset(seed=seed)
        out = []
        for _ in range(4):
            out += [env.episode_seed(i) for i in range(256)]
            env.reset()
        return out
    zero, one = episodes(0), episodes(1)
    assert len(set(zero)) == len(zero) == 1024 and not set(zero) & set(one)
    assert episodes(2) == episodes(2)


def test_a_seed_for_each_game_deals_it_as_a_state_of_that_seed():
    game = gridgames.load_game("raiinet")
    env = gridgames.VectorEnv(game, 3)
    obs, info = env.reset(seed=[7, 7, 123456])
    assert [env.episode_seed(i) for i in range(3)] == [7, 7, 123456]
    for i, seed in enumerate((7, 7, 123456)):
        state = gridgames.load_game("raiinet", seed=seed).new_initial_state()
        assert np.array_equal(obs[i], state.observation_tensor(state.current_player()))
    assert np.array_equal(obs[0], obs[1]) and not np.array_equal(obs[0], obs[2])
    for bad, error in (([1, 2], ValueError), ([1, 2, -3], ValueError), (["a", 1, 2], TypeError),
                       (2**64, ValueError), (-1, ValueError), (1.5, TypeError)):
        with pytest.raises(error):
            env.reset(seed=bad)
    assert np.array_equal(env.reset(seed=[7, 7, 123456])[0], obs)


def test_reset_mask_starts_only_the_games_it_marks():
    """Gymnasium's options={"reset_mask": m}: the games marked start again
    (from the seed if one is given, else their next episode); the others
    go on as they were, their observations, masks and seeds unchanged."""
    env = gridgames.VectorEnv("raiinet", 4, seed=5)
    start, info = env.reset(seed=5)
    rng = np.random.default_rng(2)
    for _ in range(3):
        obs, _, _, _, info = env.step(random_actions(info, rng))
    seeds = [env.episode_seed(i) for i in range(4)]
    mask = np.array([True, False, True, False])
    again, info2 = env.reset(options={"reset_mask": mask})
    assert np.array_equal(again[~mask], obs[~mask]) and np.array_equal(
        info2["action_mask"][~mask], info["action_mask"][~mask])
    assert [env.episode_seed(i) for i in (1, 3)] == [seeds[1], seeds[3]]
    assert all(env.episode_seed(i) != seeds[i] for i in (0, 2))
    seeded, _ = env.reset(seed=5, options={"reset_mask": mask})
    assert np.array_equal(seeded[mask], start[mask]) and np.array_equal(seeded[~mask], obs[~mask])
    for options, error in (({"reset_mask": [True]}, ValueError), ({"other": 1}, ValueError),
                           ([1], TypeError)):
        with pytest.raises(error):
            env.reset(options=options)
    fresh = gridgames.VectorEnv("raiinet", 2)
    with pytest.raises(ValueError, match="first reset"):
        fresh.reset(options={"reset_mask": np.array([True, False])})


def test_an_episode_that_reaches_max_episode_steps_is_truncated():
    env = gridgames.VectorEnv("amazons", 2, max_episode_steps=5, rules="standard")
    obs, info = env.reset(seed=0)
    start = obs.copy()
    rng = np.random.default_rng(1)
    for step in range(1, 6):
        obs, rewards, terminated, truncated, info = env.step(random_actions(info, rng))
        assert truncated.tolist() == [step == 5] * 2 and not terminated.any()
    assert np.array_equal(obs, start), "a truncated game starts again"


def test_bad_actions_change_nothing():
    env = gridgames.VectorEnv("amazons", 3, rules="standard")
    with pytest.raises(ValueError, match="reset"):
        env.step(np.zeros(3, dtype=np.int64))
    obs, info = env.reset(seed=0)
    before = obs.copy(), info["action_mask"].copy()
    legal = random_actions(info, np.random.default_rng(0))
    illegal = legal.copy()
    illegal[2] = np.flatnonzero(info["action_mask"][2] == 0)[0]
    with pytest.raises(ValueError, match="game 2: action .* is not legal"):
        env.step(illegal)
    for bad in (legal[:2], legal.reshape(3, 1), np.array([-1, 0, 0]), np.array([2**62] * 3)):
        with pytest.raises(ValueError):
            env.step(bad)
    with pytest.raises(TypeError, match="integers"):
        env.step(legal.astype(np.float64))
    assert np.array_equal(obs, before[0]) and np.array_equal(info["action_mask"], before[1])
    env.step(legal.astype(np.uint16))  # any integer type


def test_the_arrays_are_the_callers_unless_copy_is_false():
    """By default (Gymnasium's copy=True) every array returned is the
    caller's: writeable, and unchanged by later steps while the caller
    holds it (the environment writes again only copies nobody else holds).
    With copy=False they are the environment's own: read-only, and the next
    step writes over them."""
    def arrays(stepped):
        obs, rewards, terminated, truncated, info = stepped
        return [obs, rewards, terminated, truncated, info["to_move"], info["action_mask"],
                info["final_observation"]]

    rng = np.random.default_rng(6)
    for copy in (True, False):
        env = gridgames.VectorEnv("amazons", 3, copy=copy, rules="standard")
        assert env.copy == copy
        _, info = env.reset(seed=0)
        stepped = env.step(random_actions(info, rng))
        kept = [array.copy() for array in arrays(stepped)]
        info = stepped[4]
        for _ in range(5):  # arrays dropped at once: written again for later steps
            info = env.step(random_actions(info, rng))[4]
        after = arrays(stepped)
        if copy:
            assert all(map(np.array_equal, after, kept))
            for array in after:
                array.flat[0] = array.flat[0]  # writeable
        else:
            assert not np.array_equal(after[0], kept[0]) and not np.array_equal(after[5], kept[5])
            for array in after:
                with pytest.raises(ValueError, match="read-only"):
                    array.flat[0] = array.flat[0]


def test_the_arrays_stay_read_only_and_step_checks_the_game_itself():
    """With copy=False numpy refuses to make an environment's arrays
    writeable (their memory is not an array's); step() checks each action
    against the game's own legal actions, never against an array it gave
    out (a mask made all ones by a copy changes nothing: every illegal id
    is still refused)."""
    env = gridgames.VectorEnv("amazons", 2, copy=False, rules="standard")
    obs, info = env.reset(seed=0)
    for array in (obs, info["action_mask"], info["to_move"]):
        with pytest.raises(ValueError, match="WRITEABLE"):
            array.setflags(write=True)
        with pytest.raises(ValueError, match="WRITEABLE"):
            array.flags.writeable = True
    forged = np.ones_like(info["action_mask"])
    illegal = np.flatnonzero(info["action_mask"][0] == 0)
    assert len(illegal) > 1000
    refused = 0
    for action in illegal[::97]:
        with pytest.raises(ValueError, match="game 0: action .* is not legal"):
            env.step(np.array([action, np.flatnonzero(forged[1] & info["action_mask"][1])[0]]))
        refused += 1
    assert refused == len(illegal[::97]) and np.array_equal(obs, env.reset(seed=0)[0])


def test_two_threads_at_once_get_a_runtime_error_never_a_crash():
    """An environment is single-threaded (as Gymnasium's): while one thread's
    step() runs (the GIL released), another's reset() or step() raises
    RuntimeError; neither crashes nor waits for ever, and the environment
    still steps afterwards. (Each thread reads arrays of its own: with
    copy=False, numpy's np.nonzero over a mask that the other thread's
    reset() rewrites wrote past its own array and aborted the process.)"""
    import threading
    env = gridgames.VectorEnv("amazons", 256, threads=2, rules="standard")
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(2)
    errors, stop = [], threading.Event()

    def stepper():
        nonlocal info
        local = np.random.default_rng(3)
        while not stop.is_set():
            try:
                _, _, _, _, info = env.step(random_actions(info, local))
            except RuntimeError as error:
                errors.append(str(error))
            except ValueError:
                pass  # the other thread's reset() came between: its mask
    thread = threading.Thread(target=stepper)
    thread.start()
    try:
        for _ in range(400):
            try:
                env.reset()
            except RuntimeError as error:
                errors.append(str(error))
            if len(errors) >= 3:
                break
    finally:
        stop.set()
        thread.join(timeout=60)
    assert not thread.is_alive(), "a thread waits for ever"
    assert errors and all("used by another thread at once" in e for e in errors), errors[:2]
    obs, info = env.reset(seed=1)
    env.step(random_actions(info, rng))


def test_a_forked_child_steps_with_workers_of_its_own():
    """fork copies no thread: a child forked from a process whose
    environment has stepped makes its workers again and steps, the same
    games as its parent would (never a hang); the parent goes on too."""
    import os
    env = gridgames.VectorEnv("raiinet", 8, threads=2, seed=5)
    obs, info = env.reset(seed=5)
    actions = random_actions(info, np.random.default_rng(4))
    env.step(actions)
    env.reset(seed=5)
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        try:
            stepped, *_ = env.step(actions)
            os.write(write, stepped.tobytes())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        got = pipe.read()
    _, status = os.waitpid(child, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    expected, *_ = env.step(actions)
    assert got == expected.tobytes() and len(got) > 0


def test_bad_settings_are_value_errors():
    for settings in ({"num_envs": 0}, {"num_envs": 2, "threads": -1},
                     {"num_envs": 2, "max_episode_steps": -1}, {"num_envs": 10**7, "rows": 1000}):
        num_envs = settings.pop("num_envs")
        with pytest.raises(ValueError):
            gridgames.VectorEnv("amazons", num_envs, **settings)
    with pytest.raises(ValueError, match="no game"):
        gridgames.VectorEnv("chess", 2)


def test_legal_actions_mask_is_a_numpy_array():
    state = gridgames.load_game("amazons", rules="standard").new_initial_state()
    mask = state.legal_actions_mask()
    assert isinstance(mask, np.ndarray) and mask.dtype == np.int8
    assert np.flatnonzero(mask).tolist() == state.legal_actions()
    assert not state.legal_actions_mask(1).any()


def test_the_vector_benchmark_runs():
    """bench/python_vector_env.py (docs/performance.md) prints a row a loop
    and whether the goal is met; the figures are for people."""
    import os
    import subprocess
    import sys
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    out = subprocess.run([sys.executable, os.path.join(root, "bench", "python_vector_env.py"),
                          "0.1", "16"], check=True, capture_output=True, text=True).stdout
    lines = out.splitlines()
    assert lines[0].split() == ["loop", "actions/s", "x", "one", "game"]
    assert len(lines) == 11 and lines[-3].startswith("goal: 1,000,000 actions/s")
    assert lines[-2].startswith("busy machine (2 spinning processes): 1 thread ")
    assert lines[-1].startswith("goal: all threads at least 0.8 x one thread on a busy machine: ")
    assert all(float(line.split()[-4].replace(",", "")) > 0 for line in lines[2:6])  # actions/s


def test_next_step_autoreset_shows_the_end_then_starts_again_ignoring_the_action():
    """autoreset_mode="next_step" (Gymnasium's NEXT_STEP): the step that
    ends a game returns its end (the last mover's observation, its returns,
    no legal action, no player to move); the next step starts its next
    episode whatever the action given for it, with reward 0 and no end."""
    game = gridgames.load_game("amazons", **small("amazons"))
    n = 4
    env = gridgames.VectorEnv(game, n, threads=2, autoreset_mode="next_step")
    assert env.autoreset_mode == "next_step"
    obs, info = env.reset(seed=3)
    states = [start_of(game, env, i) for i in range(n)]
    rng = np.random.default_rng(8)
    ends = restarts = 0
    for _ in range(150):
        ended = [state.is_terminal() for state in states]
        actions = np.array([-1 if done else rng.choice(state.legal_actions())
                            for done, state in zip(ended, states)])
        movers = [state.current_player() for state in states]
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert "final_observation" not in info
        for i, state in enumerate(states):
            if ended[i]:  # started again: the action -1 was ignored
                states[i] = state = start_of(game, env, i)
                restarts += 1
                assert not terminated[i] and not truncated[i] and not rewards[i].any()
            else:
                state.apply_action(int(actions[i]))
            if state.is_terminal():
                ends += 1
                assert terminated[i] and list(rewards[i]) == state.returns()
                assert info["to_move"][i] == -4 and not info["action_mask"][i].any()
                assert np.array_equal(obs[i], state.observation_tensor(movers[i]))
            else:
                assert info["to_move"][i] == state.current_player()
                assert np.flatnonzero(info["action_mask"][i]).tolist() == state.legal_actions()
                assert np.array_equal(obs[i], state.observation_tensor(state.current_player()))
    assert ends >= 8 and restarts >= 6, (ends, restarts)
    with pytest.raises(ValueError, match="same_step.*next_step"):
        gridgames.VectorEnv(game, 2, autoreset_mode="sometimes")


def test_gymnasiums_face_spaces_metadata_render_state_and_close():
    """What Gymnasium's vector environments have, checked with Gymnasium's
    own spaces: one game's spaces and the batch's; the autoreset mode in
    metadata; render() each game's text; state(i) a game of its own; close()
    stops it for good."""
    gymnasium = vendor("gymnasium")
    from gymnasium.vector import AutoresetMode
    from gymnasium.spaces import Box, Discrete, MultiDiscrete
    game = gridgames.load_game("amazons", rules="standard")
    with gridgames.VectorEnv(game, 3, seed=2) as env:
        assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
        assert env.single_observation_space == Box(0.0, 1.0, (15, 10, 10), np.float32)
        assert env.single_action_space == Discrete(game.num_distinct_actions())
        assert env.observation_space == Box(0.0, 1.0, (3, 15, 10, 10), np.float32)
        assert env.action_space == MultiDiscrete([game.num_distinct_actions()] * 3)
        obs, info = env.reset(seed=2)
        assert env.observation_space.contains(obs) and env.single_observation_space.contains(obs[0])
        actions = random_actions(info, np.random.default_rng(1))
        assert env.action_space.contains(actions.astype(np.int64))
        obs, *_ = env.step(actions)
        state = env.state(1)
        assert np.array_equal(state.observation_tensor(state.current_player()), obs[1])
        assert env.render() == tuple(str(env.state(i)) for i in range(3))
        assert all(len(text.splitlines()) >= 10 for text in env.render())  # a 10x10 board each
        state.apply_action(state.legal_actions()[0])  # its own: the environment is unchanged
        again = env.state(1)
        assert np.array_equal(again.observation_tensor(again.current_player()), obs[1])
        assert str(again) != str(state)
        with pytest.raises(IndexError):
            env.state(3)
    for call in (lambda: env.reset(), lambda: env.step(actions), lambda: env.state(0)):
        with pytest.raises(RuntimeError, match="closed"):
            call()
    env.close()  # twice is harmless
    assert gymnasium.vector.VectorEnv  # the real package was checked against


def test_set_state_puts_a_game_in_and_the_next_step_plays_on_from_it():
    """set_state(i, state): game i is a copy of `state` from then on (its
    row of the next step is what the state gives); the caller's state and
    the arrays returned before are unchanged; a state of another game, one
    over, or before any reset is refused."""
    game = gridgames.load_game("amazons", rules="standard")
    env = gridgames.VectorEnv(game, 3, seed=1)
    with pytest.raises(ValueError, match="reset"):
        env.set_state(0, game.new_initial_state())
    obs, info = env.reset(seed=1)
    before = obs.copy()
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    for _ in range(7):
        state.apply_action(int(rng.choice(state.legal_actions())))
    env.set_state(1, state)
    assert str(env.state(1)) == str(state) and np.array_equal(obs, before)
    action = int(rng.choice(state.legal_actions()))
    actions = random_actions(info, rng)
    actions[1] = action
    obs, *_, info = env.step(actions)
    mirror = state.clone()
    mirror.apply_action(action)
    assert np.array_equal(obs[1], mirror.observation_tensor(mirror.current_player()))
    assert np.flatnonzero(info["action_mask"][1]).tolist() == mirror.legal_actions()
    assert len(state.history()) == 7  # the caller's own is unchanged
    with pytest.raises(ValueError, match="state of"):
        env.set_state(0, gridgames.load_game("amazons", rows=8, cols=8).new_initial_state())
    with pytest.raises(IndexError):
        env.set_state(3, state)
    over = gridgames.load_game("amazons", rows=5, cols=5, amazons=1).new_initial_state()
    small_env = gridgames.VectorEnv(over.get_game(), 1)
    small_env.reset(seed=0)
    while not over.is_terminal():
        over.apply_action(over.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        small_env.set_state(0, over)
