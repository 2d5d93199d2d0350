// import gridgames: every game of the registry from Python, through the game
// contract (AnyState), with OpenSpiel's pyspiel names and meanings where the
// same thing exists (docs/python.md). This is the package's compiled part,
// gridgames._gridgames; gridgames/__init__.py adds PettingZoo.
#include <pybind11/numpy.h>
#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>

#include "engine/words.hpp"
#include "games/registry.hpp"
#include "python/bot.hpp"
#include "python/runners.hpp"
#include "python/spiel.hpp"
#include "python/vector_env.hpp"

namespace py = pybind11;
using namespace gridgames_python;

namespace {

py::dict game_info(const std::string& name) {
  const games::GameInfo& g = find(name);
  py::list params;
  for (const engine::ParamSpec& p : g.params) {
    py::dict d;
    d["name"] = p.name;
    d["default"] = p.default_value;
    d["help"] = p.help;
    d["label"] = p.label.empty() ? p.name : p.label;
    py::list choices;
    for (const engine::ParamChoice& c : p.choices) choices.append(py::make_tuple(c.value, c.label));
    d["choices"] = choices;
    params.append(d);
  }
  py::dict out;
  out["name"] = g.name;
  out["title"] = g.title;
  out["description"] = g.description;
  out["params"] = params;
  out["bots"] = g.bots;
  return out;
}

void bind_game_type(py::module_& m) {
  py::class_<GameType> type(m, "GameType", "what kind of game it is, as pyspiel.GameType");
  py::enum_<GameType::Dynamics>(type, "Dynamics")
      .value("SEQUENTIAL", GameType::Dynamics::kSequential)
      .value("SIMULTANEOUS", GameType::Dynamics::kSimultaneous)
      .value("MEAN_FIELD", GameType::Dynamics::kMeanField);
  py::enum_<GameType::ChanceMode>(type, "ChanceMode")
      .value("DETERMINISTIC", GameType::ChanceMode::kDeterministic)
      .value("EXPLICIT_STOCHASTIC", GameType::ChanceMode::kExplicitStochastic)
      .value("SAMPLED_STOCHASTIC", GameType::ChanceMode::kSampledStochastic);
  py::enum_<GameType::Information>(type, "Information")
      .value("ONE_SHOT", GameType::Information::kOneShot)
      .value("PERFECT_INFORMATION", GameType::Information::kPerfectInformation)
      .value("IMPERFECT_INFORMATION", GameType::Information::kImperfectInformation);
  py::enum_<GameType::Utility>(type, "Utility")
      .value("ZERO_SUM", GameType::Utility::kZeroSum)
      .value("CONSTANT_SUM", GameType::Utility::kConstantSum)
      .value("GENERAL_SUM", GameType::Utility::kGeneralSum)
      .value("IDENTICAL", GameType::Utility::kIdentical);
  py::enum_<GameType::RewardModel>(type, "RewardModel")
      .value("REWARDS", GameType::RewardModel::kRewards)
      .value("TERMINAL", GameType::RewardModel::kTerminal);
  type.def_readonly("short_name", &GameType::short_name)
      .def_readonly("long_name", &GameType::long_name)
      .def_readonly("dynamics", &GameType::dynamics)
      .def_readonly("chance_mode", &GameType::chance_mode)
      .def_readonly("information", &GameType::information)
      .def_readonly("utility", &GameType::utility)
      .def_readonly("reward_model", &GameType::reward_model)
      .def_readonly("max_num_players", &GameType::max_num_players)
      .def_readonly("min_num_players", &GameType::min_num_players)
      .def_readonly("provides_information_state_string",
                    &GameType::provides_information_state_string)
      .def_readonly("provides_information_state_tensor",
                    &GameType::provides_information_state_tensor)
      .def_readonly("provides_observation_string", &GameType::provides_observation_string)
      .def_readonly("provides_observation_tensor", &GameType::provides_observation_tensor)
      .def_readonly("provides_factored_observation_string",
                    &GameType::provides_factored_observation_string)
      .def_readonly("default_loadable", &GameType::default_loadable)
      .def_readonly("parameter_specification", &GameType::parameter_specification)
      .def("__repr__", [](const GameType& t) { return "<GameType '" + t.short_name + "'>"; });
}

// A parameter's value as pyspiel gives it: a whole number as an int, any
// other text as it is.
py::object typed_value(const std::string& value) {
  const bool whole = !value.empty() && value.size() <= 19 &&
                     std::all_of(value.begin() + (value[0] == '-' && value.size() > 1), value.end(),
                                 [](char c) { return c >= '0' && c <= '9'; });
  if (!whole) return py::str(value);
  return py::reinterpret_steal<py::object>(PyLong_FromString(value.c_str(), nullptr, 10));
}

py::dict typed_parameters(const Game& game) {
  py::dict out;
  for (const auto& [key, value] : game.parameters()) out[py::str(key)] = typed_value(value);
  return out;
}

void bind_game(py::module_& m) {
  py::class_<Game>(m, "Game")
      .def("new_initial_state", &Game::new_initial_state)
      .def("num_players", &Game::num_players)
      .def("num_distinct_actions", &Game::num_distinct_actions)
      .def("max_chance_outcomes", [](const Game&) { return 0; })
      .def("observation_tensor_shape", &Game::observation_tensor_shape)
      .def("observation_tensor_size", &Game::observation_tensor_size)
      .def("information_state_tensor_shape", &Game::observation_tensor_shape)
      .def("information_state_tensor_size", &Game::observation_tensor_size)
      .def("min_utility", &Game::min_utility)
      .def("max_utility", &Game::max_utility)
      .def("utility_sum", &Game::utility_sum)
      .def("max_game_length", &Game::max_game_length)
      .def("get_type", &Game::get_type)
      .def("name", &Game::name)
      .def("get_parameters", &typed_parameters,
           "the parameters as given, whole numbers as int (as pyspiel's)")
      .def("deserialize_state",
           [](const Game&, const std::string& text) { return State::read(text); })
      .def(py::self == py::self)
      .def("__hash__",
           [](const Game& g) {
             std::string key = g.name();
             for (const auto& [k, v] : g.filled()) key += "," + k + "=" + v;
             return py::hash(py::str(key));
           })
      .def("__str__", &Game::str)
      .def("__repr__", &Game::str)
      .def(py::pickle([](const Game& g) { return py::make_tuple(g.name(), g.parameters()); },
                      [](const py::tuple& t) {
                        return Game(find(t[0].cast<std::string>()), t[1].cast<engine::Params>());
                      }));
}

void bind_state(py::module_& m) {
  const auto player = py::arg("player") = py::none();
  py::class_<State>(m, "State")
      .def("current_player", &State::current_player)
      .def("is_terminal", &State::is_terminal)
      .def("is_truncated", &State::is_truncated,
           "over at the game's length limit (max_length), not by its rules: "
           "Gymnasium's truncated (is_terminal() is true too)")
      .def("is_chance_node", [](const State&) { return false; })
      .def("is_simultaneous_node", [](const State&) { return false; })
      .def("is_mean_field_node", [](const State&) { return false; })
      .def("is_player_node", [](const State& s) { return !s.is_terminal(); })
      .def("chance_outcomes", [](const State&) { return std::vector<std::pair<int, double>>{}; })
      .def("num_players", &State::num_players)
      .def("num_distinct_actions", [](const State& s) { return s.game().num_distinct_actions(); })
      .def("legal_actions", &State::legal_actions, player)
      .def("legal_actions_mask", &State::legal_actions_mask, player)
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
      .def("player_return", [](const State& s, int p) { return s.returns().at(p); })
      .def("player_reward", [](const State& s, int p) { return s.rewards().at(p); })
      .def("observation_string", &State::observation_string, player)
      .def("observation_tensor", &State::observation_tensor, player,
           "what the player may know, as a float32 array of the game's "
           "observation_tensor_shape()")
      .def("information_state_string", &State::information_state_string, player)
      .def("information_state_tensor", &State::observation_tensor, player)
      .def("legal_moves", &State::legal_moves,
           "the legal moves as data: id, action, squares, piece, label, notation")
      .def("describe", &State::describe, py::arg("action"), player,
           "an action (id or text) as data, as `player` may know it")
      .def("view", &State::view, py::arg("player"),
           "what `player` may know, as a dict (docs/views.md)")
      .def("events", &State::events, py::arg("player"),
           "what the last action did, as `player` may know it")
      .def("history", &State::history, "the actions so far, as ids")
      .def("history_str",
           [](const State& s) {
             std::string out;
             for (int id : s.history()) out += (out.empty() ? "" : ", ") + std::to_string(id);
             return out;
           })
      .def("history_texts", &State::history_texts, "the actions so far, as texts")
      .def("move_number", [](const State& s) { return s.history().size(); })
      .def("clone", [](const State& s) { return State(s); })
      .def("__copy__", [](const State& s) { return State(s); })
      .def("__deepcopy__", [](const State& s, py::dict) { return State(s); })
      .def("serialize", &State::serialize)
      .def("resample_from_infostate", &State::resample_from_infostate, py::arg("player"),
           py::arg("sampler"),
           "a state `player` cannot tell from this one, what it cannot see drawn anew "
           "from `sampler` (docs/python.md, \"Hidden information\")")
      .def("get_game", &State::game)
      .def("__str__", &State::str)
      .def(py::pickle([](const State& s) { return py::make_tuple(s.serialize()); },
                      [](const py::tuple& t) { return State::read(t[0].cast<std::string>()); }));
}

void bind_bots(py::module_& m) {
  py::class_<Bot>(m, "Bot", "pyspiel.Bot: subclasses define step(state)")
      .def(py::init<>())
      .def("step", &Bot::step)
      .def("restart", &Bot::restart)
      .def("restart_at", &Bot::restart_at)
      .def("inform_action", &Bot::inform_action)
      .def("provides_policy", &Bot::provides_policy)
      .def("provides_force_action", &Bot::provides_force_action);
  py::class_<NativeBot, Bot>(m, "NativeBot", "a bot of the game's own")
      .def("step", &NativeBot::step, "the id of the action it chooses")
      .def("choose", &NativeBot::choose, "the text of the action it chooses");
  m.def(
      "bot",
      [](const std::string& name, const Game& game, std::uint64_t seed, std::int64_t nodes,
         int time_ms) { return std::make_unique<NativeBot>(name, game, seed, nodes, time_ms); },
      py::arg("name"), py::arg("game"), py::arg("seed") = 0, py::arg("nodes") = 0,
      py::arg("time_ms") = 0,
      "a bot of the game: random, uct, ai, ... with its seed and budget (search iterations or ms)");
}

}  // namespace

PYBIND11_MODULE(_gridgames, m) {
  m.doc() = "gridgames: turn-based grid games through one game contract (docs/python.md)";
  m.attr("TERMINAL_PLAYER") = kTerminalPlayer;
  m.attr("INVALID_ACTION") = kInvalidAction;
  py::module_ ids = m.def_submodule("PlayerId", "pyspiel's player ids");
  ids.attr("CHANCE") = kChancePlayer;
  ids.attr("SIMULTANEOUS") = kSimultaneousPlayer;
  ids.attr("INVALID") = kInvalidPlayer;
  ids.attr("TERMINAL") = kTerminalPlayer;
  ids.attr("MEAN_FIELD") = kMeanFieldPlayer;
  ids.attr("DEFAULT_PLAYER_ID") = 0;
  m.def(
      "games",
      [] {
        std::vector<std::string> names;
        for (const games::GameInfo& g : games::all_games()) names.push_back(g.name);
        return names;
      },
      "the names of the games");
  m.def(
      "registered_games",
      [] {
        std::vector<GameType> types;
        for (const games::GameInfo& g : games::all_games()) types.push_back(GameType::of(g));
        return types;
      },
      "every game's GameType");
  m.def("game_info", &game_info, "a game's title, description, parameters and bots");
  bind_game_type(m);
  bind_game(m);
  bind_state(m);
  bind_vector_env(m);
  bind_bots(m);
  m.def("load_game", &load_game, py::arg("name"), py::arg("settings") = py::none(),
        "a game by name, with its parameters as a dict or keywords");
  m.def("deserialize_state", &State::read, "a state from State.serialize()");
  m.def("serialize_game_and_state",
        [](const Game&, const State& state) { return state.serialize(); });
  m.def("deserialize_game_and_state", [](const std::string& text) {
    State state = State::read(text);
    return py::make_tuple(state.game(), state);
  });
  m.def("selfplay", &selfplay, py::arg("game"), py::arg("bots"), py::arg("games") = 10,
        py::arg("seed") = py::none(), py::arg("params") = py::dict(), py::arg("max_length") = 0,
        py::arg("nodes") = 0, py::arg("time_ms") = 0,
        "gridgames selfplay: bots against bots, the contract checked at every step; its report");
  m.def(
      "tournament", &tournament, py::arg("game"), py::arg("players"), py::arg("games") = 2,
      py::arg("seed") = py::none(), py::arg("concurrency") = 1, py::arg("params") = py::dict(),
      py::arg("max_length") = 0, py::arg("random_plies") = 0, py::arg("sprt") = py::none(),
      py::arg("gauntlet") = false, py::arg("records") = py::none(), py::arg("pgn") = py::none(),
      py::arg("sandbox") = true,
      "gridgames tournament: standings with Elo, pairs, the SPRT's decision (docs/tournaments.md)");
}
