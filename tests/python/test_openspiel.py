"""gridgames as pyspiel for OpenSpiel's own Python files, unmodified
(../shared/vendor/open_spiel): MCTSBot against a random bot in every game of
two, examples/example.py's loop, tabular Q-learning through rl_environment;
and the game types tell each game's truth (skipped where ../shared/vendor
is absent)."""
import sys
import types

import numpy as np
import pytest

import gridgames
from conftest import game_string, small, vendor


@pytest.fixture
def pyspiel(monkeypatch):
    """sys.modules["pyspiel"] = gridgames, and nothing else of ours."""
    monkeypatch.setitem(sys.modules, "pyspiel", gridgames)
    return gridgames


def two_players():
    """Every game of two players (classic Amazons for Amazons), with the
    parameters of a short game."""
    games = {}
    for name in gridgames.games():
        params = dict(small(name), **({"rules": "standard"} if name == "amazons" else {}))
        if "max_length" in params:
            params["max_length"] = 80
        if gridgames.load_game(name, params).num_players() == 2:
            games[name] = params
    return games


TWO_PLAYERS = two_players()


@pytest.mark.parametrize("name", sorted(TWO_PLAYERS))
def test_mcts_plays_every_game_of_two_against_a_random_bot(pyspiel, name):
    mcts = vendor("open_spiel.python.algorithms.mcts")
    uniform_random = vendor("open_spiel.python.bots.uniform_random")
    evaluate_bots = vendor("open_spiel.python.algorithms.evaluate_bots")
    game = pyspiel.load_game(name, TWO_PLAYERS[name])
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=20, evaluator=evaluator, random_state=rng)
    opponent = uniform_random.UniformRandomBot(1, rng)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, opponent], rng)
    assert len(returns) == 2 and game.min_utility() <= min(returns)
    assert max(returns) <= game.max_utility()


def test_the_example_loop_runs_on_every_game(pyspiel, monkeypatch, capsys):
    """examples/example.py as it is; its first import registers OpenSpiel's
    own Python games, which are not in the vendored files: an empty module
    stands for it."""
    vendor("absl")
    monkeypatch.setitem(sys.modules, "open_spiel.python.games", types.ModuleType("games"))
    example = vendor("open_spiel.python.examples.example")
    for name in gridgames.games():
        example.FLAGS(["example", "--game_string=" + game_string(name, 30)])
        example.main(None)
        out = capsys.readouterr().out
        assert "Utility for player 0 is" in out, out[-300:]


class ConstantSchedule:
    """OpenSpiel's rl_tools.ConstantSchedule, the one name tabular_qlearner
    takes from rl_tools, a file the vendored set does not hold."""

    def __init__(self, value):
        self._value = value

    def step(self):
        return self._value

    @property
    def value(self):
        return self._value


def test_tabular_q_learning_learns_a_small_amazons_through_rl_environment(pyspiel, monkeypatch):
    rl_tools = types.ModuleType("rl_tools")
    rl_tools.ConstantSchedule = ConstantSchedule
    monkeypatch.setitem(sys.modules, "open_spiel.python.rl_tools", rl_tools)
    vendor("open_spiel.python")
    monkeypatch.setattr(sys.modules["open_spiel.python"], "rl_tools", rl_tools, raising=False)
    rl_environment = vendor("open_spiel.python.rl_environment")
    tabular_qlearner = vendor("open_spiel.python.algorithms.tabular_qlearner")
    random_agent = vendor("open_spiel.python.algorithms.random_agent")
    env = rl_environment.Environment("amazons", rows=3, cols=3, amazons=1, rules="standard")
    actions = env.action_spec()["num_actions"]
    learner = tabular_qlearner.QLearner(player_id=0, num_actions=actions)
    opponent = random_agent.RandomAgent(player_id=1, num_actions=actions)

    def win_rate(episodes, learn):
        wins = 0
        for _ in range(episodes):
            time_step = env.reset()
            while not time_step.last():
                player = time_step.observations["current_player"]
                agent = learner if player == 0 else opponent
                time_step = env.step([agent.step(time_step, is_evaluation=not learn).action])
            learner.step(time_step, is_evaluation=not learn)
            wins += time_step.rewards[0] > 0
        return wins / episodes

    np.random.seed(5)
    before = win_rate(300, learn=False)
    win_rate(3000, learn=True)
    after = win_rate(300, learn=False)
    assert after > before + 0.15, (before, after)  # measured: 0.58, then 0.79


@pytest.mark.parametrize("name", gridgames.games())
def test_each_game_type_tells_the_truth(name):
    game = gridgames.load_game(name)
    kind = game.get_type()
    types_ = gridgames.GameType
    assert kind.short_name == name and kind.dynamics == types_.Dynamics.SEQUENTIAL
    assert kind.reward_model == types_.RewardModel.TERMINAL
    chance = name in ("simodyssey", "simodyssey2", "space-defender-2")
    assert kind.chance_mode == (types_.ChanceMode.SAMPLED_STOCHASTIC if chance
                                else types_.ChanceMode.DETERMINISTIC)
    assert kind.information == (types_.Information.IMPERFECT_INFORMATION if name == "raiinet"
                                else types_.Information.PERFECT_INFORMATION)
    assert kind.min_num_players <= game.num_players() <= kind.max_num_players
    state = game.new_initial_state()
    assert not state.is_chance_node() and state.chance_outcomes() == []
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))  # numpy integers
    returns = state.returns()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    if kind.utility in (types_.Utility.CONSTANT_SUM, types_.Utility.ZERO_SUM):
        assert sum(returns) == pytest.approx(game.utility_sum())
    assert any(t.short_name == name for t in gridgames.registered_games())


def test_returns_follow_openspiels_convention():
    """Games of two are zero-sum, +1 / -1 / 0 (OpenSpiel's examples/mcts.py
    counts a return above 0 as a win and a draw as neither); Amazons of
    three shares the win zero-sum; Amazons alone is general-sum."""
    types_ = gridgames.GameType
    for name in ("amazons", "raiinet", "sword-and-shield"):
        game = gridgames.load_game(name)
        assert game.get_type().utility == types_.Utility.ZERO_SUM, name
        assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1, 1, 0)
    seen = set()
    for seed in range(40):
        state = gridgames.load_game("sword-and-shield", max_length=30).new_initial_state()
        rng = np.random.RandomState(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        seen.add(tuple(state.returns()))
    assert seen <= {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)} and len(seen) >= 2, seen
    three = gridgames.load_game("amazons", rows=5, cols=5, players=3, amazons=1)
    state = three.new_initial_state()
    rng = np.random.RandomState(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert sum(returns) == pytest.approx(0) and max(returns) in (1.0, 0.25, 0.0)
    alone = gridgames.load_game("amazons", rows=4, cols=4, players=1, amazons=1)
    assert alone.get_type().utility == types_.Utility.GENERAL_SUM and alone.min_utility() == 0
    with pytest.raises(ValueError):
        alone.utility_sum()


def test_ismcts_plays_raiinet_unmodified(pyspiel):
    """OpenSpiel's ismcts.py as it is: it samples worlds with
    resample_from_infostate and keys its nodes by information states."""
    ismcts = vendor("open_spiel.python.algorithms.ismcts")
    mcts = vendor("open_spiel.python.algorithms.mcts")
    rng = np.random.RandomState(0)
    wins = 0
    for g in range(6):
        game = pyspiel.load_game("raiinet", {"max_length": 80, "seed": g})
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 60,
                               random_state=np.random.RandomState(g))
        state, seat = game.new_initial_state(), g % 2
        while not state.is_terminal():
            mover = state.current_player()
            state.apply_action(bot.step(state) if mover == seat else rng.choice(state.legal_actions()))
        wins += state.returns()[seat] > 0
    assert wins >= 4, wins  # measured: 5 of 6 against the uniform random player


def test_resampled_worlds_look_the_same_to_the_player_and_differ_in_what_it_cannot_see():
    sampler = gridgames.UniformProbabilitySampler(7, 0.0, 1.0)
    rng = np.random.RandomState(2)
    differing = 0
    for g in range(8):
        state = gridgames.load_game("raiinet", seed=g).new_initial_state()
        for _ in range(int(rng.randint(0, 60))):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        me = state.current_player()
        for _ in range(5):
            world = state.resample_from_infostate(me, sampler)
            assert world.information_state_string(me) == state.information_state_string(me)
            assert np.array_equal(world.observation_tensor(me), state.observation_tensor(me))
            assert world.legal_actions() == state.legal_actions()
            assert world.history() == state.history()
            again = gridgames.deserialize_state(world.serialize())
            assert again.serialize() == world.serialize()
            assert again.information_state_string(me) == world.information_state_string(me)
            differing += world.observation_string(1 - me) != state.observation_string(1 - me)
    assert differing > 10, "the worlds never differed in the opponent's hidden links"
    with pytest.raises(ValueError):
        state.resample_from_infostate(-1, sampler)
    # Nothing hidden: the state itself.
    amazons = gridgames.load_game("amazons", rows=5, cols=5, amazons=1).new_initial_state()
    amazons.apply_action(amazons.legal_actions()[0])
    assert amazons.resample_from_infostate(0, sampler).serialize() == amazons.serialize()


def test_information_states_have_perfect_recall():
    """Two states a player can tell apart never share its information
    state (ISMCTS keys its nodes by it): random RAIInet games, the legal
    actions always the same for the same (player, information state)."""
    seen = {}
    rng = np.random.RandomState(0)
    for g in range(150):
        state = gridgames.load_game("raiinet", max_length=60, seed=g % 5).new_initial_state()
        while not state.is_terminal():
            key = (state.current_player(), state.information_state_string())
            legal = state.legal_actions()
            assert seen.setdefault(key, legal) == legal
            state.apply_action(rng.choice(legal))


@pytest.mark.parametrize("name", ["simodyssey", "simodyssey2", "space-defender-2"])
def test_course_simulations_draw_fresh_futures_when_resampled(name):
    """clone() is exact, its future the state's own; resample_from_infostate
    keeps all the player sees and draws the future afresh, and reads back."""
    state = gridgames.load_game(name, max_length=40).new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(3):
        state.apply_action(rng.choice(state.legal_actions()))
    sampler = gridgames.UniformProbabilitySampler(1, 0.0, 1.0)

    def play_out(s):
        choices = np.random.RandomState(5)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[choices.randint(len(legal))])
        return s.observation_string(0)

    clones, worlds = set(), set()
    for _ in range(10):
        world = state.resample_from_infostate(0, sampler)
        assert world.observation_string(0) == state.observation_string(0)
        assert world.legal_actions() == state.legal_actions()
        clones.add(play_out(state.clone()))
        again = gridgames.deserialize_state(world.serialize())
        worlds.add(play_out(world))
        assert play_out(again) == world.observation_string(0)  # its future read back too
    assert len(clones) == 1 and len(worlds) >= 5, (len(clones), len(worlds))
