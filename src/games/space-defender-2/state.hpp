// Space Defender 2 under the game contract (engine/contract.hpp): one player,
// the Starfighter, in a game made as `play(row, column, g_threshold, ...)`
// and a setup of weapon, armour, engine and power (the setup_select choices,
// 1-based). Chance is the course oracle's generator, owned by the state. The
// game never ends by itself: it ends when the Starfighter is destroyed or
// after `max_length` turns; the result is the score.
//
// The ETF program (session.hpp) plays its games as such states: each starts
// with the generator where the program's last game left it.
#pragma once

#include <variant>

#include "engine/game.hpp"
#include "engine/oracle_random.hpp"
#include "games/space-defender-2/rules.hpp"

namespace space_defender_2 {

class State {
 public:
  struct Action {
    space_defender_2::Action kind = space_defender_2::Action::Pass;
    Coord target{};  // for Move
    friend bool operator==(const Action&, const Action&) = default;
  };

  static constexpr int kNoLimit = 1000000000;

  static const std::vector<engine::ParamSpec>& param_specs();
  static std::variant<State, std::string> make(const engine::Params& params);
  // A game of the ETF program: `play(rows, cols, thresholds...)` with this
  // equipment, drawing from `rng` where it stands (one a process).
  static State start(int rows, int cols, const Thresholds& thresholds, const Loadout& loadout,
                     engine::OracleRandom rng, int max_length = kNoLimit);

  int players() const { return 1; }
  int to_move() const { return over() ? engine::kNoPlayer : 0; }
  bool over() const { return battle_.starfighter().destroyed || turns() >= max_length_; }
  // Whether the game ended at the length limit, the Starfighter still flying.
  bool truncated() const { return !battle_.starfighter().destroyed && turns() >= max_length_; }
  void legal_actions(std::vector<Action>& out) const;
  void apply(const Action& action);
  engine::Returns returns() const;
  std::string action_text(const Action& action) const;  // "pass", "move(B,3)"
  engine::Parsed<Action> parse_action(std::string_view text) const;
  // The Starfighter's block and the board with its fog of war.
  std::string observation(int player) const;
  // The fixed action space and the observation tensor (engine::Encoded,
  // encoding.cpp; docs/python.md): pass 0, fire 1, special 2, a move 3 +
  // (row - 1) x columns + column - 1.
  int num_distinct_actions() const { return 3 + battle_.rows() * battle_.cols(); }
  int action_id(const Action& action) const;
  std::optional<Action> action_of_id(int id) const;
  // [13, rows, columns]: the fog (squares beyond the Starfighter's vision,
  // of which nothing is shown), the Starfighter, each kind of enemy (its
  // health of its most), friendly and enemy projectiles; its health and
  // energy of their most, its score s as s / (s + 100), the turns used of
  // max_length.
  std::vector<int> observation_shape() const { return {13, battle_.rows(), battle_.cols()}; }
  void observation_tensor(int player, std::span<float> out) const;
  // An action as data (engine::Described, encoding.cpp): a move's squares
  // (the Starfighter's and its target, row and column from 0).
  engine::MoveData describe(const Action& action, int viewer) const;
  // The structured view (docs/views.md) and the last turn in words (view.cpp).
  nlohmann::json view(int player) const;
  // Beside the battle on a page (guide.cpp): health, energy, score and
  // equipment; and how to play, with the legend of the enemies.
  nlohmann::json panel(int player) const;
  nlohmann::json guide() const;
  std::string events_text(int player) const;
  // Once over: why, in words (engine::Ending).
  engine::Ending ending() const;
  std::string serialize() const;
  static std::optional<State> deserialize(std::string_view text);

  // The game's own invariants after an action; the first that fails, if any
  // (the random-simulation test and the match runner check it every step).
  std::optional<std::string> check_invariants() const;

  int turns() const { return static_cast<int>(history_.size()); }
  const Battle& battle() const { return battle_; }
  // The generator, with the calls of the last action logged.
  const engine::OracleRandom& rng() const { return rng_; }
  // What the battle draws from now on comes `draws` draws later (unlogged).
  void skip_draws(std::uint64_t draws) { rng_.skip(draws); }
  friend bool operator==(const State& a, const State& b) {
    return a.params_ == b.params_ && a.history_ == b.history_;
  }

 private:
  State(engine::Params params, const Battle& battle, int max_length, engine::OracleRandom rng);
  // make(), with the generator `calls` calls on (a state read back).
  static std::variant<State, std::string> make_after(const engine::Params& params,
                                                     std::uint64_t calls);

  engine::Params params_;  // as given, defaults filled in, and the generator's calls before
  int max_length_;
  engine::OracleRandom rng_;
  Battle battle_;
  std::vector<Action> history_;
};

static_assert(engine::Viewable<State>);

}  // namespace space_defender_2
