// Connect Four under the game contract (engine/contract.hpp): two players, red
// (0) and yellow (1). An action drops the mover's disc into a column; its
// text is "drop N", N the column from 1 (the session also reads a bare N).
// The parameters are the grid's size (rows and cols, 4 to 9). A game ends
// within rows x cols actions, so it needs no length limit.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/game.hpp"
#include "games/connect-four/rules.hpp"

namespace connect_four {

class State {
 public:
  struct Action {
    int column = 0;  // from 0
    friend bool operator==(const Action&, const Action&) = default;
  };

  static const std::vector<engine::ParamSpec>& param_specs();
  static std::variant<State, std::string> make(const engine::Params& params);
  explicit State(Position game = Position()) : game_(game) {}

  int players() const { return 2; }
  int to_move() const { return game_.over() ? engine::kNoPlayer : game_.turn(); }
  bool over() const { return game_.over(); }
  void legal_actions(std::vector<Action>& out) const;
  void apply(const Action& action);
  engine::Returns returns() const { return engine::two_player_returns(game_.winner()); }
  std::string action_text(const Action& action) const;  // "drop 4"
  // How to play, for people: the help of its terminal program.
  static std::string help();
  // The only reader of action texts: "drop N" or "N", N from 1.
  engine::Parsed<Action> parse_action(std::string_view text) const;
  // Why the rules refuse `action` now, in words, if they do.
  std::optional<std::string> why_not(const Action& action) const;
  std::string observation(int player) const;  // the display: nothing is hidden
  // The structured view (docs/views.md) and the last drop in words (view.cpp).
  nlohmann::json view(int player) const;
  static nlohmann::json guide();
  std::string events_text(int player) const;
  // Once over: why, in words (engine::Ending).
  engine::Ending ending() const;
  // The parameters and the drops (engine::history_text); read back by replay.
  std::string serialize() const;
  static std::optional<State> deserialize(std::string_view text);

  // The fixed action space (encoding.cpp): a drop's id is its column, from
  // 0. The observation [3, rows, cols]: red's discs, yellow's discs, the
  // empty squares, the same for every player (nothing is hidden).
  int num_distinct_actions() const { return game_.cols(); }
  int action_id(const Action& action) const { return action.column; }
  std::optional<Action> action_of_id(int id) const;
  std::vector<int> observation_shape() const { return {3, game_.rows(), game_.cols()}; }
  void observation_tensor(int player, std::span<float> out) const;
  // A drop as data (moves.cpp): the square it lands on.
  engine::MoveData describe(const Action& action, int viewer) const;

  // The rules' own invariants; the first that fails, if any.
  std::optional<std::string> check_invariants() const;

  const Position& game() const { return game_; }
  friend bool operator==(const State& a, const State& b) { return a.game_ == b.game_; }

 private:
  Position game_;
  // The columns dropped into, in order: the history, without allocation.
  std::array<std::int8_t, kMaxSize * kMaxSize> drops_{};
};

static_assert(engine::Viewable<State>);

}  // namespace connect_four
