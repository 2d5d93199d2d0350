"""The Python module: every game through the contract, pyspiel's names and
fixed action ids, errors as exceptions with the game's message, bots,
pickling, the runners."""
import copy
import pickle
import random

import pytest

import gridgames
from conftest import small


def test_every_game_is_listed_with_its_parameters():
    names = gridgames.games()
    assert names == sorted(names) and len(names) >= 6
    assert {"amazons", "raiinet", "sword-and-shield"} <= set(names)
    info = gridgames.game_info("space-defender-2")
    weapon = next(p for p in info["params"] if p["name"] == "weapon")
    assert weapon["label"] == "Weapon" and ("3", "Snipe") in weapon["choices"]
    assert "random" in gridgames.game_info("raiinet")["bots"]


@pytest.mark.parametrize("name", gridgames.games())
def test_random_games_keep_the_contract(name):
    """A random game of each: the legal actions are ids of the game's fixed
    space, ascending, each named back by its text, the mask agrees, the
    player to move is the current player, the game ends with returns."""
    rng = random.Random(7)
    game = gridgames.load_game(name, **small(name))
    n = game.num_distinct_actions()
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 2000:
        player = state.current_player()
        assert 0 <= player < state.num_players()
        legal = state.legal_actions()
        texts = state.legal_action_strings()
        assert legal == sorted(legal) and len(set(legal)) == len(legal) == len(texts) > 0
        assert all(0 <= a < n for a in legal)
        assert sorted(state.string_to_action(t) for t in texts) == legal
        mask = state.legal_actions_mask()
        assert len(mask) == n and [a for a in range(n) if mask[a]] == legal
        assert state.legal_actions(player) == legal
        assert all(state.legal_actions(p) == [] for p in range(state.num_players()) if p != player)
        action = rng.choice(legal)
        assert state.string_to_action(state.action_to_string(action)) == action
        assert state.action_to_string(player, action) in texts
        view = state.view(player)
        assert isinstance(view, dict) and view["to_move"] == player
        state.apply_action(action)
        steps += 1
    assert state.is_terminal(), name + " did not end"
    assert state.current_player() == gridgames.TERMINAL_PLAYER == gridgames.PlayerId.TERMINAL
    assert len(state.returns()) == state.num_players()
    assert state.legal_actions() == [] and state.history() and len(state.history()) == steps


def test_refusals_are_exceptions_with_the_games_own_words():
    state = gridgames.load_game("raiinet").new_initial_state()
    with pytest.raises(ValueError, match="not yours"):
        state.apply_action("move A up")
    with pytest.raises(ValueError, match="no game"):
        gridgames.load_game("chess")
    with pytest.raises(ValueError, match="rows"):
        gridgames.load_game("amazons", rows=0)
    with pytest.raises(ValueError, match="no action of this state has it"):
        state.action_to_string(10000)
    with pytest.raises(ValueError, match="ids are 0 to 1343"):
        state.apply_action(10 ** 6)
    with pytest.raises(TypeError, match="an action is an id"):
        state.apply_action(2.5)
    with pytest.raises(ValueError, match="no bot"):
        gridgames.bot("magic", gridgames.load_game("raiinet"))


def test_pyspiel_style_game_strings_and_parameters():
    game = gridgames.load_game("amazons(rows=6,cols=6,amazons=2)")
    assert game.num_players() == 2 and game.get_parameters() == {"rows": 6, "cols": 6, "amazons": 2}
    assert game.new_initial_state().view(0)["board"]["rows"] == 6
    assert gridgames.load_game("amazons", game.get_parameters()) == game
    assert gridgames.load_game("raiinet", ability1="LFDSP").get_parameters() == {"ability1": "LFDSP"}


def test_ids_that_would_not_fit_are_refused_not_wrapped():
    """A board of 645 x 645 has ids below 2**31; one of 646 x 646 would need
    more, and is refused from Python; an id past 64 bits is a ValueError."""
    assert gridgames.load_game("amazons", rows=645, cols=645).num_distinct_actions() == \
        2 * 645 ** 2 + 8 * 645 ** 2 * 644
    with pytest.raises(ValueError, match="32-bit ids"):
        gridgames.load_game("amazons", rows=646, cols=646)
    state = gridgames.load_game("amazons", rows=5, cols=5).new_initial_state()
    for huge in (2 ** 63, -(2 ** 63) - 1, 2 ** 31):
        with pytest.raises(ValueError, match="ids are 0 to"):
            state.apply_action(huge)


def test_hidden_information_stays_hidden():
    """RAIInet: player 1's view and observation never show player 2's values."""
    state = gridgames.load_game("raiinet", seed=3).new_initial_state()
    mine, theirs = state.view(0), state.view(1)
    assert all(link["value"] is None for link in mine["players"][1]["links"])
    assert all(link["value"] is not None for link in theirs["players"][1]["links"])
    assert all(link["value"] is None for link in state.view(-1)["players"][0]["links"])


def test_clone_serialize_and_pickle_give_the_same_state():
    state = gridgames.load_game("sword-and-shield").new_initial_state()
    for text in ("create a 90", "pass"):
        state.apply_action(text)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.history_texts() == ["create a 90", "pass"]  # the clone is its own
    assert state.history() == [state.string_to_action("create a 90"), 576]
    assert state.history_str() == ", ".join(str(a) for a in state.history())
    again = gridgames.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.view(0) == state.view(0)
    assert copy.deepcopy(state).view(1) == state.view(1)


def test_bots_choose_legal_actions_and_win():
    game = gridgames.load_game("sword-and-shield", max_length=300)
    wins = 0
    for seed in range(4):
        state = game.new_initial_state()
        bots = [gridgames.bot("ai", game, seed=seed, nodes=200), gridgames.bot("random", game, seed=seed)]
        if seed % 2:
            bots.reverse()
        while not state.is_terminal():
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        ai_seat = 0 if seed % 2 == 0 else 1
        wins += state.returns()[ai_seat] > 0
    assert wins >= 3, "ai won %d of 4 against random" % wins


def test_the_guides_examples_run():
    """Every Python block of docs/python.md runs."""
    import os
    import re
    guide = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "python.md")
    blocks = re.findall(r"```python\n(.*?)```", open(guide).read(), re.S)
    assert len(blocks) >= 5
    for block in blocks:
        exec(compile(block, "docs/python.md", "exec"), {})


def test_selfplay_reports_and_refuses_bad_bots():
    report = gridgames.selfplay("amazons", ["random", "random"], games=4, seed=3,
                                params={"rows": 5, "cols": 5, "amazons": 1})
    lines = report.splitlines()
    assert lines[0].startswith("1 random: ") and lines[1].startswith("2 random: ")
    wins = sum(int(line.split(": ")[1].split()[0]) for line in lines[:2])
    assert wins == 4  # two players, four games, one winner each (no draws in Amazons' tallies here)
    again = gridgames.selfplay("amazons", ["random", "random"], games=4, seed=3,
                               params={"rows": 5, "cols": 5, "amazons": 1})
    assert again.split(" games per second")[0].rsplit(",", 1)[0] == report.split(" games per second")[0].rsplit(",", 1)[0]
    with pytest.raises(ValueError, match='no bot "nobody"'):
        gridgames.selfplay("raiinet", ["nobody", "random"])


def test_tournament_gives_standings_and_decides_the_sprt():
    r = gridgames.tournament("sword-and-shield", ["ai@300", "random"], games=40,
                             sprt="0,100,0.05,0.05", max_length=300, seed=1)
    assert r["sprt"] == "H1" and r["seed"] == 1
    ai, rnd = r["standings"]
    assert ai["player"] == "ai@300" and ai["wins"] + ai["draws"] + ai["losses"] < 40
    assert ai["wins"] == rnd["losses"] and ai["losses"] == rnd["wins"]
    (enc,) = r["encounters"]
    assert enc["first"] == "ai@300" and sum(enc["pairs"]) == (ai["wins"] + ai["draws"] + ai["losses"]) // 2
    assert "SPRT: H1 accepted" in r["output"]
    # The same seed, the same tournament; without the SPRT, every game.
    again = gridgames.tournament("sword-and-shield", ["greedy", "random", "random@1"], games=4, seed=5)
    assert again == gridgames.tournament("sword-and-shield", ["greedy", "random", "random@1"], games=4, seed=5)
    assert again["sprt"] is None and len(again["encounters"]) == 3
    assert sum(s["wins"] + s["draws"] + s["losses"] for s in again["standings"]) == 2 * 12
    with pytest.raises(ValueError, match="no player"):
        gridgames.tournament("raiinet", ["ai", "nobody"])
    with pytest.raises(ValueError, match="not from Python"):
        gridgames.tournament("amazons", ["program:true", "random"])


def test_the_speed_benchmark_runs():
    """bench/python_loop.py (docs/python.md, "Speed") prints a ratio a game;
    the figures themselves are for people, not checked here."""
    import os
    import subprocess
    import sys
    build = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(gridgames.__file__))))
    if not os.path.exists(os.path.join(build, "bin", "two_player_bench")):
        pytest.skip("the benchmarks are not built")
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    out = subprocess.run([sys.executable, os.path.join(root, "bench", "python_loop.py"), build, "0.1"],
                         check=True, capture_output=True, text=True).stdout
    lines = out.splitlines()
    assert lines[0].split() == ["game", "Python", "actions/s", "C++", "actions/s", "Python/C++"]
    assert [line.split()[0] for line in lines[1:]] == ["amazons,", "raiinet"]
    assert all(float(line.split("(")[0].split()[-1]) > 0 for line in lines[1:])  # the ratio


@pytest.mark.parametrize("name", gridgames.games())
def test_moves_come_as_data(name):
    """The legal moves as data agree with the ids and texts; a described
    action is its id's."""
    state = gridgames.load_game(name, **small(name)).new_initial_state()
    moves = state.legal_moves()
    assert [m["id"] for m in moves] == state.legal_actions()
    assert sorted(m["action"] for m in moves) == sorted(state.legal_action_strings())
    for m in moves[:20]:
        assert m["label"] and m["notation"] and state.describe(m["id"]) == m
        assert all(isinstance(square, tuple) and len(square) == 2 for square in m["squares"])


def test_classic_amazons_speaks_its_players_notation():
    state = gridgames.load_game("amazons", rules="standard").new_initial_state()
    move = state.describe("move 1,4 7,4")
    assert move["notation"] == "d1-d7" and move["squares"] == [(0, 3), (6, 3)]
    state.apply_action("move 1,4 7,4")
    assert state.describe("shoot 7,7")["notation"] == "/g7"


def test_the_learning_example_runs_and_draws_its_curve(tmp_path):
    """examples/python/learn_amazons.py (docs/python.md, "Learning"), for a
    few seconds of self-play through VectorEnv, measured against the random
    bot and MCTS by OpenSpiel's evaluate_bots: its curve, its weights."""
    import os
    import subprocess
    import sys
    pytest.importorskip("numpy")
    pytest.importorskip("matplotlib")
    vendor = os.path.join(os.environ.get("GRIDGAMES_VENDOR", ""), "open_spiel")
    if not os.path.isdir(vendor):
        pytest.skip("OpenSpiel's files are not there (../shared/vendor)")
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    plot, weights = tmp_path / "curve.png", tmp_path / "weights.npy"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path + [vendor]))
    out = subprocess.run([sys.executable, os.path.join(root, "examples", "python", "learn_amazons.py"),
                          "--minutes", "0.25", "--every", "5", "--test", "4", "--final", "6",
                          "--envs", "64", "--plot", str(plot), "--weights", str(weights)],
                         check=True, capture_output=True, text=True, env=env).stdout
    lines = [line for line in out.splitlines() if "against MCTS-100" in line]
    assert len(lines) >= 3 and "(6 games each" in lines[-1], out
    assert plot.stat().st_size > 1000
    import numpy as np
    learned = np.load(weights)
    assert learned.shape == (7,) and learned.any()  # it learned something

