// import gridgames: every game of the registry from Python, through the game
// contract (AnyState), with the names of OpenSpiel's pyspiel where the same
// thing exists (docs/python.md).
#include <pybind11/eval.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/words.hpp"
#include "games/registry.hpp"
#include "launcher/tournament.hpp"

namespace py = pybind11;
using nlohmann::json;

namespace {

// pyspiel's player id of a finished game.
constexpr int kTerminalPlayer = -4;

py::object to_python(const json& j) {
  switch (j.type()) {
    case json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case json::value_t::number_integer:
      return py::int_(j.get<long long>());
    case json::value_t::number_unsigned:
      return py::int_(j.get<unsigned long long>());
    case json::value_t::number_float:
      return py::float_(j.get<double>());
    case json::value_t::string:
      return py::str(j.get<std::string>());
    case json::value_t::array: {
      py::list list;
      for (const json& v : j) list.append(to_python(v));
      return list;
    }
    case json::value_t::object: {
      py::dict dict;
      for (const auto& [key, value] : j.items()) dict[py::str(key)] = to_python(value);
      return dict;
    }
    default:
      return py::none();
  }
}

const games::GameInfo& find(const std::string& name) {
  const games::GameInfo* info = games::find_game(name);
  if (!info) {
    std::string names;
    for (const games::GameInfo& g : games::all_games())
      names += (names.empty() ? "" : ", ") + g.entry.name;
    throw py::value_error("no game \"" + engine::printable(name) + "\"; the games are " + names);
  }
  return *info;
}

class State;

// A game with its parameters: what makes its states.
class Game {
 public:
  Game(const games::GameInfo& info, engine::Params params)
      : info_(&info), params_(std::move(params)) {
    auto made = info.entry.make(params_);
    if (const auto* error = std::get_if<std::string>(&made)) throw py::value_error(*error);
    players_ = std::get<std::unique_ptr<engine::AnyState>>(made)->players();
  }
  State new_initial_state() const;
  std::string name() const { return info_->entry.name; }
  int num_players() const { return players_; }
  const engine::Params& parameters() const { return params_; }
  const games::GameInfo& info() const { return *info_; }
  std::string repr() const {
    std::string out = name() + "(";
    bool first = true;
    for (const auto& [k, v] : params_) {
      out += (first ? "" : ",") + k + "=" + v;
      first = false;
    }
    return out + ")";
  }

 private:
  const games::GameInfo* info_;
  engine::Params params_;
  int players_ = 0;
};

// A state of a game. Actions are the indices of this state's legal actions
// (the games have no fixed action space), or their texts.
class State {
 public:
  State(Game game, std::unique_ptr<engine::AnyState> state)
      : game_(std::move(game)), state_(std::move(state)) {}
  State(const State& other)
      : game_(other.game_), state_(other.state_->clone()), history_(other.history_) {}

  int current_player() const { return state_->over() ? kTerminalPlayer : state_->to_move(); }
  bool is_terminal() const { return state_->over(); }
  int num_players() const { return state_->players(); }
  std::vector<std::string> legal_action_strings() const { return state_->legal_actions(); }
  // Actions by index, 0 to the number of legal actions - 1 (no texts made).
  py::list legal_actions() const {
    const std::size_t n = state_->legal_count();
    py::list out(n);
    for (std::size_t i = 0; i < n; ++i) PyList_SET_ITEM(out.ptr(), i, PyLong_FromSize_t(i));
    return out;
  }
  std::vector<int> legal_actions_mask() const { return std::vector<int>(state_->legal_count(), 1); }
  std::string action_to_string(int action) const {
    const auto legal = state_->legal_actions();
    if (action < 0 || action >= static_cast<int>(legal.size()))
      throw py::index_error("action " + std::to_string(action) + ": this state has " +
                            std::to_string(legal.size()) + " legal actions");
    return legal[static_cast<std::size_t>(action)];
  }
  int string_to_action(const std::string& text) const {
    const auto legal = state_->legal_actions();
    const auto at = std::find(legal.begin(), legal.end(), text);
    if (at != legal.end()) return static_cast<int>(at - legal.begin());
    auto copy = state_->clone();  // the game's own reason
    throw py::value_error(copy->apply(text).value_or("\"" + text + "\" is not legal now"));
  }
  // An action by index or text; the game's refusal as ValueError.
  void apply_action(const py::object& action) {
    if (py::isinstance<py::int_>(action)) {
      const long long index = action.cast<long long>();
      auto text = index < 0 ? std::nullopt : state_->apply_legal(static_cast<std::size_t>(index));
      if (!text)
        throw py::index_error("action " + std::to_string(index) + ": this state has " +
                              std::to_string(state_->legal_count()) + " legal actions");
      history_.push_back(std::move(*text));
      return;
    }
    const std::string text = action.cast<std::string>();
    if (auto why = state_->apply(text)) throw py::value_error(*why);
    history_.push_back(text);
  }
  std::vector<double> returns() const {
    const engine::Returns r = state_->returns();
    return {r.begin(), r.begin() + state_->players()};
  }
  std::vector<double> rewards() const {
    return is_terminal() ? returns() : std::vector<double>(num_players());
  }
  std::string observation_string(int player) const {
    check(player);
    return state_->observation(player);
  }
  py::object view(int player) const {
    check(player);
    return to_python(state_->view(player));
  }
  std::string events(int player) const {
    check(player);
    return state_->events_text(player);
  }
  const std::vector<std::string>& history() const { return history_; }
  State clone() const { return *this; }
  // The game, its parameters and the actions so far: deserialize_state plays
  // them again (the one door: every action goes through the rules).
  std::string serialize() const {
    return json{{"game", game_.name()}, {"params", game_.parameters()}, {"actions", history_}}
        .dump();
  }
  std::string str() const { return state_->observation(engine::kNoPlayer); }
  engine::AnyState& any() const { return *state_; }
  const Game& game() const { return game_; }

 private:
  void check(int player) const {
    if (player < engine::kNoPlayer || player >= state_->players())
      throw py::index_error("player " + std::to_string(player) + ": players are 0 to " +
                            std::to_string(state_->players() - 1) + ", or -1 for a spectator");
  }
  Game game_;
  std::unique_ptr<engine::AnyState> state_;
  std::vector<std::string> history_;
};

State Game::new_initial_state() const {
  return State(*this, std::get<std::unique_ptr<engine::AnyState>>(info_->entry.make(params_)));
}

// Parameters from Python values: strings of what they say.
engine::Params params_of(const py::kwargs& kwargs) {
  engine::Params params;
  for (const auto& [key, value] : kwargs)
    params[key.cast<std::string>()] = py::str(value).cast<std::string>();
  return params;
}

// load_game("amazons", rows=6) or load_game("amazons(rows=6,cols=6)"), as pyspiel.
Game load_game(const std::string& spec, const py::kwargs& kwargs) {
  engine::Params params = params_of(kwargs);
  std::string name = spec;
  if (const auto open = spec.find('('); open != std::string::npos && spec.ends_with(")")) {
    name = spec.substr(0, open);
    const std::string inside = spec.substr(open + 1, spec.size() - open - 2);
    if (const auto wrong = inside.empty()
                               ? std::nullopt
                               : games::add_params(engine::split_on(inside, ','), params))
      throw py::value_error("\"" + *wrong + "\": a parameter is NAME=VALUE");
  }
  return Game(find(name), std::move(params));
}

State deserialize_state(const std::string& text) {
  const json saved = json::parse(text, nullptr, false);
  if (!saved.is_object() || !saved.value("game", json()).is_string() ||
      !saved.value("actions", json()).is_array())
    throw py::value_error("not a serialized state of gridgames");
  engine::Params params;
  for (const auto& [k, v] : saved.value("params", json::object()).items())
    if (v.is_string()) params[k] = v.get<std::string>();
  State state = Game(find(saved["game"].get<std::string>()), params).new_initial_state();
  for (const json& action : saved["actions"])
    state.apply_action(py::str(action.get<std::string>()));
  return state;
}

// A bot of a game (pyspiel's Bot: step(state) gives an action).
class Bot {
 public:
  Bot(const std::string& name, const Game& game, std::uint64_t seed, std::int64_t nodes,
      int time_ms)
      : game_name_(game.name()) {
    games::SelfplayOptions thinking;
    thinking.nodes = nodes;
    thinking.time_ms = time_ms;
    bot_ = game.info().make_bot(name, thinking, seed);
    if (!bot_) {
      std::string bots;
      for (const std::string& b : game.info().bots) bots += (bots.empty() ? "" : ", ") + b;
      throw py::value_error("no bot \"" + engine::printable(name) + "\" for " + game_name_ +
                            " (its bots: " + bots + ")");
    }
  }
  // The text of the action it chooses; the search runs without the GIL.
  std::string choose(const State& state) {
    if (state.game().name() != game_name_) throw py::value_error("this bot plays " + game_name_);
    if (state.is_terminal()) throw py::value_error("the game is over");
    py::gil_scoped_release free;
    return bot_->choose(state.any());
  }
  int step(const State& state) { return state.string_to_action(choose(state)); }

 private:
  std::string game_name_;
  std::unique_ptr<games::AnyBot> bot_;
};

// gridgames.selfplay(...): the match runner's report; a violation of the
// contract is a RuntimeError, a bad option a ValueError.
std::string selfplay(const std::string& game, const std::vector<std::string>& bots, int games,
                     std::uint64_t seed, const py::dict& params, int max_length, std::int64_t nodes,
                     int time_ms) {
  games::SelfplayOptions o;
  o.games = games;
  o.seed = seed;
  o.bots = bots;
  o.max_length = max_length;
  o.nodes = nodes;
  o.time_ms = time_ms;
  for (const auto& [key, value] : params)
    o.params[py::str(key).cast<std::string>()] = py::str(value).cast<std::string>();
  const games::GameInfo& info = find(game);
  if (games < 1) throw py::value_error("games must be 1 or more");
  std::ostringstream out, err;
  int status = 0;
  {
    py::gil_scoped_release free;
    status = info.selfplay(o, out, err);
  }
  if (status == 2) throw py::value_error(err.str());
  if (status != 0) throw std::runtime_error(err.str());
  return out.str();
}

py::dict elo_of(const engine::EloEstimate& e, py::dict into) {
  into["elo"] = e.elo;
  into["elo_low"] = e.low;
  into["elo_high"] = e.high;
  return into;
}

// gridgames.tournament(...): `gridgames tournament` from Python; its
// standings as a dict, and what the command prints as "output".
py::dict tournament(const std::string& game, const std::vector<std::string>& players, int games,
                    std::uint64_t seed, int concurrency, const py::dict& params, int max_length,
                    int random_plies, const std::optional<std::string>& sprt, bool gauntlet,
                    const std::optional<std::string>& records,
                    const std::optional<std::string>& pgn, bool sandbox) {
  std::string list;
  for (const std::string& p : players) {
    if (p.find(',') != std::string::npos)
      throw py::value_error("\"" + engine::printable(p) + "\": a player's name has no comma");
    if (p.starts_with("program:") && sandbox)
      throw py::value_error(
          "program: players are confined by `gridgames tournament`, not from Python (the sandbox "
          "starts that program first): run the command, or give sandbox=False");
    list += (list.empty() ? "" : ",") + p;
  }
  std::vector<std::string> args = {game,
                                   "--players",
                                   list,
                                   "--games",
                                   std::to_string(games),
                                   "--seed",
                                   std::to_string(seed),
                                   "--concurrency",
                                   std::to_string(concurrency),
                                   "--random-plies",
                                   std::to_string(random_plies)};
  for (const auto& [key, value] : params)
    args.insert(args.end(), {"--param", py::str(key).cast<std::string>() + "=" +
                                            py::str(value).cast<std::string>()});
  if (max_length > 0) args.insert(args.end(), {"--max-length", std::to_string(max_length)});
  if (sprt) args.insert(args.end(), {"--sprt", *sprt});
  if (gauntlet) args.push_back("--gauntlet");
  if (records) args.insert(args.end(), {"--records", *records});
  if (pgn) args.insert(args.end(), {"--pgn", *pgn});
  if (!sandbox) args.push_back("--no-sandbox");
  std::ostringstream out, err;
  launcher::TournamentResult result;
  int status = 0;
  {
    py::gil_scoped_release free;
    status = launcher::run_tournament(args, out, err, &result);
  }
  if (status != 0) throw py::value_error(err.str());
  py::list standings, encounters;
  for (const auto& s : result.standings) {
    py::dict d;
    d["player"] = s.player;
    d["wins"] = s.games.wins;
    d["draws"] = s.games.draws;
    d["losses"] = s.games.losses;
    d["faults"] = s.faults;
    standings.append(elo_of(s.elo, d));
  }
  for (const auto& e : result.encounters) {
    py::dict d;
    d["first"] = e.first;
    d["second"] = e.second;
    d["pairs"] = std::vector<std::int64_t>(e.pairs.pairs.begin(), e.pairs.pairs.end());
    encounters.append(elo_of(e.elo, d));
  }
  py::dict r;
  r["standings"] = standings;
  r["encounters"] = encounters;
  r["sprt"] = result.sprt.empty() ? py::object(py::none()) : py::str(result.sprt);
  r["output"] = out.str();
  return r;
}

// The PettingZoo AEC-style environment, in Python over the module's states
// (PettingZoo itself is not a Debian package: this keeps to its API).
constexpr const char* kAecEnv = R"PY(
class AECEnv:
    """A game as a PettingZoo AEC environment: agents "player_0"..., one at a
    time (agent_selection), rewards at the end (the game's returns),
    terminations when it ends (a game's length limit ends it too, by its own
    adjudication, so truncations stay False). An observation is the agent's
    view (a dict), its text and an action mask over this state's legal
    actions (all ones for the agent to move, empty for the others): the games
    have no fixed action space, an action is an index into that list."""

    def __init__(self, name, **params):
        self._name = name
        self._params = dict(params)
        self._has_seed = any(p["name"] == "seed" for p in game_info(name)["params"])
        game = load_game(name, **params)
        self.possible_agents = ["player_%d" % i for i in range(game.num_players())]
        self.metadata = {"name": name, "is_parallelizable": False}
        self.reset()

    def reset(self, seed=None, options=None):
        params = dict(self._params)
        if seed is not None and self._has_seed:
            params["seed"] = int(seed) % 1000000000
        self.state = load_game(self._name, **params).new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._next_agent()

    def _next_agent(self):
        player = self.state.current_player()
        if player >= 0:
            return self.possible_agents[player]
        return self.agents[0] if self.agents else None

    def observe(self, agent):
        player = self.possible_agents.index(agent)
        to_move = self.state.current_player() == player
        return {"observation": self.state.view(player),
                "text": self.state.observation_string(player),
                "action_mask": self.state.legal_actions_mask() if to_move else []}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError("a finished agent's step takes None")
            self.agents.remove(agent)
            for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
                del table[agent]
            self.agent_selection = self.agents[0] if self.agents else None
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(action)
        ended = self.state.is_terminal()
        returns = self.state.returns() if ended else None
        for a in self.agents:
            self.rewards[a] = returns[self.possible_agents.index(a)] if ended else 0.0
            self._cumulative_rewards[a] += self.rewards[a]
            self.terminations[a] = ended
        self.agent_selection = self._next_agent()

    def last(self, observe=True):
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        return str(self.state)

    def close(self):
        pass


def aec_env(name, **params):
    """A PettingZoo AEC-style environment of the game `name`."""
    return AECEnv(name, **params)
)PY";

}  // namespace

PYBIND11_MODULE(gridgames, m) {
  m.doc() = "gridgames: turn-based grid games through one game contract (docs/python.md)";
  m.attr("TERMINAL_PLAYER") = kTerminalPlayer;
  m.def(
      "games",
      [] {
        std::vector<std::string> names;
        for (const games::GameInfo& g : games::all_games()) names.push_back(g.entry.name);
        return names;
      },
      "the names of the games");
  m.def(
      "game_info",
      [](const std::string& name) {
        const games::GameInfo& g = find(name);
        py::list params;
        for (const engine::ParamSpec& p : g.entry.params) {
          py::dict d;
          d["name"] = p.name;
          d["default"] = p.default_value;
          d["help"] = p.help;
          d["label"] = p.label.empty() ? p.name : p.label;
          py::list choices;
          for (const engine::ParamChoice& c : p.choices)
            choices.append(py::make_tuple(c.value, c.label));
          d["choices"] = choices;
          params.append(d);
        }
        py::dict out;
        out["name"] = g.entry.name;
        out["title"] = g.title;
        out["description"] = g.entry.description;
        out["params"] = params;
        out["bots"] = g.bots;
        return out;
      },
      "a game's title, description, parameters and bots");
  m.def("load_game", &load_game, py::arg("name"),
        "a game by name, with its parameters as keywords");
  m.def("deserialize_state", &deserialize_state, "a state from State.serialize()");

  py::class_<Game>(m, "Game")
      .def("new_initial_state", &Game::new_initial_state)
      .def("num_players", &Game::num_players)
      .def("name", &Game::name)
      .def("get_parameters", &Game::parameters)
      .def("__repr__", &Game::repr);

  py::class_<State>(m, "State")
      .def("current_player", &State::current_player)
      .def("is_terminal", &State::is_terminal)
      .def("num_players", &State::num_players)
      .def("legal_actions", &State::legal_actions)
      .def("legal_actions_mask", &State::legal_actions_mask)
      .def("legal_action_strings", &State::legal_action_strings)
      .def("action_to_string", &State::action_to_string, py::arg("action"))
      .def(
          "action_to_string",
          [](const State& s, int /*player*/, int action) { return s.action_to_string(action); },
          py::arg("player"), py::arg("action"))
      .def("string_to_action", &State::string_to_action, py::arg("text"))
      .def(
          "string_to_action",
          [](const State& s, int /*player*/, const std::string& text) {
            return s.string_to_action(text);
          },
          py::arg("player"), py::arg("text"))
      .def("apply_action", &State::apply_action, py::arg("action"))
      .def("returns", &State::returns)
      .def("rewards", &State::rewards)
      .def("observation_string", &State::observation_string, py::arg("player"))
      .def("view", &State::view, py::arg("player"),
           "what `player` may know, as a dict (docs/views.md)")
      .def("events", &State::events, py::arg("player"),
           "what the last action did, as `player` may know it")
      .def("history_str", &State::history, "the actions so far, as texts")
      .def("clone", &State::clone)
      .def("__copy__", &State::clone)
      .def("__deepcopy__", [](const State& s, py::dict) { return s.clone(); })
      .def("serialize", &State::serialize)
      .def("get_game", &State::game)
      .def("__str__", &State::str)
      .def(py::pickle(
          [](const State& s) { return py::make_tuple(s.serialize()); },
          [](const py::tuple& t) { return deserialize_state(t[0].cast<std::string>()); }));

  py::class_<Bot>(m, "Bot")
      .def("step", &Bot::step, "the index of the legal action it chooses")
      .def("choose", &Bot::choose, "the text of the action it chooses");
  m.def(
      "bot",
      [](const std::string& name, const Game& game, std::uint64_t seed, std::int64_t nodes,
         int time_ms) { return Bot(name, game, seed, nodes, time_ms); },
      py::arg("name"), py::arg("game"), py::arg("seed") = 0, py::arg("nodes") = 0,
      py::arg("time_ms") = 0,
      "a bot of the game: random, uct, ai, ... with its seed and budget (search iterations or ms)");
  m.def("selfplay", &selfplay, py::arg("game"), py::arg("bots"), py::arg("games") = 10,
        py::arg("seed") = 1, py::arg("params") = py::dict(), py::arg("max_length") = 0,
        py::arg("nodes") = 0, py::arg("time_ms") = 0,
        "gridgames selfplay: bots against bots, the contract checked at every step; its report");
  m.def(
      "tournament", &tournament, py::arg("game"), py::arg("players"), py::arg("games") = 2,
      py::arg("seed") = 1, py::arg("concurrency") = 1, py::arg("params") = py::dict(),
      py::arg("max_length") = 0, py::arg("random_plies") = 0, py::arg("sprt") = py::none(),
      py::arg("gauntlet") = false, py::arg("records") = py::none(), py::arg("pgn") = py::none(),
      py::arg("sandbox") = true,
      "gridgames tournament: standings with Elo, pairs, the SPRT's decision (docs/tournaments.md)");
  py::exec(kAecEnv, m.attr("__dict__"));
}
