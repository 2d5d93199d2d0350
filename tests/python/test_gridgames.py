"""The Python module: every game through the contract, pyspiel's names,
errors as exceptions with the game's message, bots, pickling."""
import copy
import pickle
import random

import pytest

import gridgames


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
    """A random game of each: legal actions by index and by text agree, the
    player to move is the current player, the game ends with returns."""
    rng = random.Random(7)
    game = gridgames.load_game(name, max_length=60) if name != "amazons" else gridgames.load_game(name, rows=5, cols=5, amazons=1)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 2000:
        player = state.current_player()
        assert 0 <= player < state.num_players()
        legal = state.legal_actions()
        texts = state.legal_action_strings()
        assert legal == list(range(len(texts))) and legal
        action = rng.choice(legal)
        assert state.string_to_action(state.action_to_string(action)) == action
        assert state.action_to_string(player, action) == texts[action]
        view = state.view(player)
        assert isinstance(view, dict) and view["to_move"] == player
        state.apply_action(action)
        steps += 1
    assert state.is_terminal(), name + " did not end"
    assert state.current_player() == gridgames.TERMINAL_PLAYER
    assert len(state.returns()) == state.num_players()


def test_refusals_are_exceptions_with_the_games_own_words():
    state = gridgames.load_game("raiinet").new_initial_state()
    with pytest.raises(ValueError, match="not yours"):
        state.apply_action("move A up")
    with pytest.raises(ValueError, match="no game"):
        gridgames.load_game("chess")
    with pytest.raises(ValueError, match="rows"):
        gridgames.load_game("amazons", rows=0)
    with pytest.raises(IndexError):
        state.action_to_string(10000)
    with pytest.raises(ValueError, match="no bot"):
        gridgames.bot("magic", gridgames.load_game("raiinet"))


def test_pyspiel_style_game_strings_and_parameters():
    game = gridgames.load_game("amazons(rows=6,cols=6,amazons=2)")
    assert game.num_players() == 2 and game.get_parameters()["rows"] == "6"
    assert game.new_initial_state().view(0)["board"]["rows"] == 6


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
    assert state.history_str() == ["create a 90", "pass"]  # the clone is its own
    again = gridgames.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history_str() == state.history_str()
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
    assert len(blocks) >= 3
    for block in blocks:
        exec(compile(block, "docs/python.md", "exec"), {})
