// The games and states of `import gridgames`, with pyspiel's names and
// meanings (../shared/design, OpenSpiel's State contract): fixed action ids
// (engine::Encoded), observation tensors as numpy arrays, the game's type.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "games/registry.hpp"

namespace gridgames_python {

namespace py = pybind11;

// pyspiel's player ids and its id of no action.
inline constexpr int kChancePlayer = -1;
inline constexpr int kSimultaneousPlayer = -2;
inline constexpr int kInvalidPlayer = -3;
inline constexpr int kTerminalPlayer = -4;
inline constexpr int kMeanFieldPlayer = -5;
inline constexpr int kInvalidAction = -1;

// pyspiel's GameType: what kind of game it is (games::GameFacts).
struct GameType {
  enum class Dynamics { kSequential, kSimultaneous, kMeanField };
  enum class ChanceMode { kDeterministic, kExplicitStochastic, kSampledStochastic };
  enum class Information { kOneShot, kPerfectInformation, kImperfectInformation };
  enum class Utility { kZeroSum, kConstantSum, kGeneralSum, kIdentical };
  enum class RewardModel { kRewards, kTerminal };

  std::string short_name, long_name;
  Dynamics dynamics = Dynamics::kSequential;
  ChanceMode chance_mode = ChanceMode::kDeterministic;
  Information information = Information::kPerfectInformation;
  Utility utility = Utility::kConstantSum;
  RewardModel reward_model = RewardModel::kTerminal;
  int max_num_players = 2, min_num_players = 2;
  bool provides_information_state_string = true, provides_information_state_tensor = true;
  bool provides_observation_string = true, provides_observation_tensor = true;
  bool provides_factored_observation_string = false;
  bool default_loadable = true;
  std::map<std::string, std::string> parameter_specification;  // each parameter's default

  static GameType of(const games::GameInfo& info);
};

class State;

// A game with its parameters: what makes its states. Two games are equal
// when they are the same game with the same parameters (defaults filled).
class Game {
 public:
  Game(const games::GameInfo& info, engine::Params params);
  State new_initial_state() const;
  std::string name() const { return info_->name; }
  int num_players() const { return players_; }
  int num_distinct_actions() const { return actions_; }
  const std::vector<int>& observation_tensor_shape() const { return shape_; }
  int observation_tensor_size() const { return static_cast<int>(engine::tensor_size(shape_)); }
  // A game of one (Amazons alone too) returns its own result: 0 to its most.
  double min_utility() const { return players_ < 2 ? 0.0 : info_->facts.min_return; }
  double max_utility() const { return info_->facts.max_return; }
  double utility_sum() const;
  int max_game_length() const;
  GameType get_type() const;
  // The parameters as given, and with every default.
  const engine::Params& parameters() const { return params_; }
  const engine::Params& filled() const { return filled_; }
  const games::GameInfo& info() const { return *info_; }
  // "amazons(cols=6,rows=6)", as load_game reads it.
  std::string str() const;
  bool operator==(const Game& other) const {
    return info_ == other.info_ && filled_ == other.filled_;
  }

 private:
  const games::GameInfo* info_;
  engine::Params params_, filled_;
  int players_ = 0, actions_ = 0;
  std::vector<int> shape_;
};

// A state of a game. Actions are the game's fixed ids (numpy integers too),
// or their texts.
class State {
 public:
  State(Game game, std::unique_ptr<engine::AnyState> state)
      : game_(std::move(game)), state_(std::move(state)) {}
  State(const State& other)
      : game_(other.game_),
        state_(other.state_->clone()),
        ids_(other.ids_),
        recalled_(other.recalled_),
        skips_(other.skips_) {}

  int current_player() const { return state_->over() ? kTerminalPlayer : state_->to_move(); }
  bool is_terminal() const { return state_->over(); }
  // Over at the game's length limit (max_length), not by its rules.
  bool is_truncated() const { return state_->truncated(); }
  int num_players() const { return state_->players(); }
  // The legal actions' ids, ascending; none for a player not to move.
  std::vector<int> legal_actions(std::optional<int> player) const;
  // 1 for each legal id, 0 for the others, as numpy int8 (PettingZoo's
  // masks' type; pyspiel's list of 0 and 1 compares equal to it).
  py::array_t<std::int8_t> legal_actions_mask(std::optional<int> player) const;
  std::vector<std::string> legal_action_strings() const { return state_->legal_actions(); }
  std::string action_to_string(int action) const;
  int string_to_action(const std::string& text) const;
  // An action by id (an int, a numpy integer) or by text; the game's
  // refusal as ValueError.
  void apply_action(const py::handle& action);
  std::vector<double> returns() const;
  std::vector<double> rewards() const;
  std::string observation_string(std::optional<int> player) const;
  // OpenSpiel's information state: in a game with hidden things, every
  // action as the player saw it, then what it sees now (perfect recall:
  // two states a player can tell apart never share it); else the
  // observation, which tells the player everything.
  std::string information_state_string(std::optional<int> player) const;
  py::array_t<float> observation_tensor(std::optional<int> player) const;
  py::object view(int player) const;
  // Moves as data (docs/views.md): the legal ones, and any action (an id
  // or a text) as `player` may know it.
  py::list legal_moves() const;
  py::dict describe(const py::handle& action, std::optional<int> player) const;
  std::string events(int player) const;
  const std::vector<int>& history() const { return ids_; }
  std::vector<std::string> history_texts() const;
  // The game and the state, as deserialize_state reads it back: written
  // directly where the game can read its states back, else by its actions.
  std::string serialize() const;
  std::string str() const { return state_->observation(engine::kNoPlayer); }
  engine::AnyState& any() const { return *state_; }
  const Game& game() const { return game_; }
  // A state of `game` from serialize()'s text.
  static State read(const std::string& text);
  // OpenSpiel's resample_from_infostate: a state `player` cannot tell from
  // this one, its hidden things drawn from `sampler` (a callable giving
  // numbers in [0, 1), as pyspiel.UniformProbabilitySampler); a copy where
  // nothing is hidden from the player.
  State resample_from_infostate(int player, const py::object& sampler) const;

 private:
  int player_or_current(std::optional<int> player) const;
  void check(int player) const;
  // In a game with hidden things: the action's text as each player sees it.
  std::vector<std::string> seen_by_each(const std::string& text) const;
  void recall(const std::vector<std::string>& seen);
  Game game_;
  std::unique_ptr<engine::AnyState> state_;
  std::vector<int> ids_;  // the actions taken, by id
  // In a game with hidden things: each player's actions seen so far, a line each.
  std::vector<std::string> recalled_;
  // Futures drawn afresh (resample_from_infostate of a course simulation):
  // after so many actions, the generator moved on so many draws.
  std::vector<std::pair<std::size_t, std::uint64_t>> skips_;
};

const games::GameInfo& find(const std::string& name);
// load_game("amazons", rows=6), load_game("amazons", {"rows": 6}) or
// load_game("amazons(rows=6,cols=6)"), as pyspiel.
Game load_game(const std::string& spec, const py::object& settings, const py::kwargs& kwargs);
py::object to_python(const nlohmann::json& j);

}  // namespace gridgames_python
