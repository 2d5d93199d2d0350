"""States read back as they were, with any parameters; games compare by
name and parameters; bots shared between threads say so instead of
crashing, and think on their own copy of a state."""
import pickle
import random
import threading

import numpy as np

import pytest

import gridgames

# A few parameters of every game, explicit ones among them.
PARAMETERS = {
    "amazons": [{}, {"rows": 8}, {"rows": 6, "cols": 7, "players": 3, "amazons": 2},
                {"rules": "standard"}],
    "raiinet": [{}, {"max_length": 300}, {"seed": 9, "ability1": "LFDSP"}],
    "simodyssey": [{}, {"max_length": 300}, {"threshold": 50}],
    "simodyssey2": [{}, {"max_length": 300}, {"a_threshold": 5, "p_threshold": 80}],
    "space-defender-2": [{}, {"max_length": 300}, {"weapon": 2, "power": 5}],
    "sword-and-shield": [{}, {"max_length": 300}],
}


def parameters(name):
    """The parameters listed above, or, for a game not listed (a new one),
    none and then each of its parameters given explicitly, at its default."""
    if name in PARAMETERS:
        return PARAMETERS[name]
    return [{}, {p["name"]: p["default"] for p in gridgames.game_info(name)["params"]}]


def test_the_parameters_listed_here_are_of_games():
    assert set(PARAMETERS) <= set(gridgames.games())


@pytest.mark.parametrize("name,params", [(n, p) for n in gridgames.games() for p in parameters(n)])
def test_pickle_and_deserialize_round_trip_with_their_parameters(name, params):
    game = gridgames.load_game(name, **params)
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    for again in (pickle.loads(pickle.dumps(state)), gridgames.deserialize_state(state.serialize()),
                  game.deserialize_state(state.serialize())):
        assert again.get_game() == game and again.get_game().get_parameters() == game.get_parameters()
        assert again.history() == state.history()
        assert str(again) == str(state)
        for p in range(-1, state.num_players()):
            assert (again.observation_tensor(p) == state.observation_tensor(p)).all()
        assert again.legal_actions() == state.legal_actions()
    assert pickle.loads(pickle.dumps(game)) == game


def test_games_compare_by_name_and_parameters():
    assert gridgames.load_game("amazons") == gridgames.load_game("amazons")
    assert gridgames.load_game("amazons") == gridgames.load_game("amazons", rows=10)
    assert gridgames.load_game("amazons", rows=8) != gridgames.load_game("amazons")
    assert gridgames.load_game("amazons") != gridgames.load_game("raiinet")
    assert len({gridgames.load_game("amazons"), gridgames.load_game("amazons(rows=10)")}) == 1
    assert str(gridgames.load_game("amazons(rows=8)")) == "amazons(rows=8)"


def test_a_bot_shared_by_two_threads_says_so():
    game = gridgames.load_game("sword-and-shield")
    bot = gridgames.bot("uct", game, seed=1, time_ms=300)
    state = game.new_initial_state()
    errors, chosen = [], []

    def think():
        try:
            chosen.append(bot.step(state))
        except RuntimeError as e:
            errors.append(str(e))

    threads = [threading.Thread(target=think) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(chosen) == 1 and chosen[0] in state.legal_actions()
    assert errors == ["this bot is thinking in another thread: make a bot for each thread"]


def test_a_state_changed_while_a_bot_thinks_is_never_read():
    game = gridgames.load_game("amazons", rules="standard")
    bot = gridgames.bot("uct", game, seed=1, time_ms=400)
    state = game.new_initial_state()
    start = state.clone()
    result = []
    thinker = threading.Thread(target=lambda: result.append(bot.step(state)))
    thinker.start()
    rng = random.Random(2)
    while thinker.is_alive() and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    thinker.join()
    assert result and result[0] in start.legal_actions()  # chosen for the state it was given


@pytest.mark.parametrize("name,per_player,counters", [
    ("amazons", 1, (1, 2)),          # amazons; to move, score
    ("sword-and-shield", 9, ()),     # pieces, swords and shields
    ("raiinet", 7, ()),              # links and what is known of them
])
def test_each_seat_sees_its_own_planes_first(name, per_player, counters):
    """observation_tensor(p) puts p's planes first ("mine", then "theirs"):
    what is player 0's first block in its own tensor is the second block in
    player 1's, and the mover's "to move" plane is its first."""
    state = gridgames.load_game(name).new_initial_state()
    rng = np.random.default_rng(4)
    for _ in range(12):
        state.apply_action(int(rng.choice(state.legal_actions())))
    mine, theirs = state.observation_tensor(0), state.observation_tensor(1)
    assert not np.array_equal(mine, theirs)
    one, two = slice(0, per_player), slice(per_player, 2 * per_player)
    if name == "raiinet":  # links where they stand (what is known differs)
        one, two = slice(0, 1), slice(7, 8)
    assert np.array_equal(mine[one], theirs[two]) and np.array_equal(mine[two], theirs[one])
    assert mine[one].any() and mine[two].any()
    for block in counters:  # Amazons' per-player planes after the pieces
        first, second = 2 * block, 2 * block + 1
        assert np.array_equal(mine[first], theirs[second])
    assert np.array_equal(state.observation_tensor(-1)[one], mine[one])  # a spectator: seat order
    if name == "amazons":
        mover = state.current_player()
        assert state.observation_tensor(mover)[2].all()       # "I am to move"
        assert not state.observation_tensor(1 - mover)[2].any()
