// Space Defender 2 under the game contract (engine/game.hpp): one player,
// the Starfighter, in a game made as `play(row, column, g_threshold, ...)`
// and a setup of weapon, armour, engine and power (the setup_select choices,
// 1-based). Chance is the course oracle's generator, owned by the state. The
// game never ends by itself: it ends when the Starfighter is destroyed or
// after `max_length` turns; the result is the score.
#pragma once

#include <variant>

#include "engine/game.hpp"
#include "engine/oracle_random.hpp"
#include "games/space-defender-2/battle.hpp"

namespace sd2 {

class State {
 public:
  struct Action {
    sd2::Action kind = sd2::Action::Pass;
    Coord target{};  // for Move
    friend bool operator==(const Action&, const Action&) = default;
  };

  static const std::vector<engine::ParamSpec>& param_specs();
  static std::variant<State, std::string> make(const engine::Params& params);

  int players() const { return 1; }
  int to_move() const { return over() ? engine::kNoPlayer : 0; }
  bool over() const { return battle_.starfighter().destroyed || turns() >= max_length_; }
  void legal_actions(std::vector<Action>& out) const;
  void apply(const Action& action);
  engine::Returns returns() const;
  std::string action_text(const Action& action) const;  // "pass", "move(B,3)"
  engine::Parsed<Action> parse_action(std::string_view text) const;
  // The Starfighter's block and the board with its fog of war.
  std::string observation(int player) const;
  std::string serialize() const;
  static std::optional<State> deserialize(std::string_view text);

  // The game's own invariants after an action; the first that fails, if any
  // (the random-simulation test and the match runner check it every step).
  std::optional<std::string> check_invariants() const;

  int turns() const { return static_cast<int>(history_.size()); }
  const Battle& battle() const { return battle_; }
  friend bool operator==(const State& a, const State& b) {
    return a.params_ == b.params_ && a.history_ == b.history_;
  }

 private:
  State(engine::Params params, const Battle& battle, int max_length);

  engine::Params params_;  // as given, defaults filled in
  int max_length_;
  engine::OracleRandom rng_{true};
  Battle battle_;
  std::vector<Action> history_;
};

static_assert(engine::Game<State>);

}  // namespace sd2
