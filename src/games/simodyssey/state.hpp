// SimOdyssey under the game contract (engine/contract.hpp), for either edition
// (edition.hpp): one player, the explorer; a game made by `test` with its
// thresholds. Chance is the course oracle's generator, owned by the state,
// so a state and its history replay exactly. The game ends when the
// explorer finds life (a win, 1) or dies (0), or after `max_length` turns
// (0).
//
// The ETF programs (session.hpp) play their games as such states: each
// starts with the generator where the program's last game left it.
#pragma once

#include <variant>

#include "engine/game.hpp"
#include "engine/oracle_random.hpp"
#include "games/simodyssey/edition.hpp"
#include "games/simodyssey/rules.hpp"

namespace simodyssey {

template <const Edition& E>
class BasicState {
 public:
  struct Action {
    ActionKind kind = ActionKind::Pass;
    engine::Direction direction = engine::Direction::N;  // for Move
    friend bool operator==(const Action&, const Action&) = default;
  };

  static constexpr int kNoLimit = 1000000000;

  static const std::vector<engine::ParamSpec>& param_specs();
  static std::variant<BasicState, std::string> make(const engine::Params& params);
  // A game of `test` with these thresholds drawing from `rng` where it
  // stands (the ETF program's generator, one a process).
  static BasicState start(const Thresholds& thresholds, engine::OracleRandom rng,
                          int max_length = kNoLimit);

  int players() const { return 1; }
  int to_move() const { return over() ? engine::kNoPlayer : 0; }
  bool over() const { return life_found_ || !galaxy_.explorer_alive() || turns() >= max_length_; }
  // Whether the game ended at the length limit, not by the explorer's fate.
  bool truncated() const {
    return !life_found_ && galaxy_.explorer_alive() && turns() >= max_length_;
  }
  void legal_actions(std::vector<Action>& out) const;
  void apply(const Action& action);
  engine::Returns returns() const;
  std::string action_text(const Action& action) const;  // as the ETF command: "move(NE)"
  engine::Parsed<Action> parse_action(std::string_view text) const;
  // The test mode's Sectors, Descriptions and board: the galaxy is open.
  std::string observation(int player) const;
  // The structured view (docs/views.md) and what the last turn did in words
  // (view.cpp): every movement and death, and life found.
  nlohmann::json view(int player) const;
  // Beside the galaxy on a page (guide.cpp): the explorer's fuel, life
  // and sector; and how to play, with the legend of the entities.
  nlohmann::json panel(int player) const;
  nlohmann::json guide() const;
  std::string events_text(int player) const;
  // Once over: why, in words (engine::Ending).
  engine::Ending ending() const;
  std::string serialize() const;
  static std::optional<BasicState> deserialize(std::string_view text);

  // The game's own invariants after an action; the first that fails, if any
  // (the random-simulation test and the match runner check it every step).
  std::optional<std::string> check_invariants() const;

  // The fixed action space and the observation tensor (engine::Encoded,
  // encoding.cpp; docs/python.md): pass 0, wormhole 1, land 2, liftoff 3,
  // a move 4 + its direction (N, NE, E, ... clockwise).
  int num_distinct_actions() const { return 12; }
  int action_id(const Action& action) const;
  std::optional<Action> action_of_id(int id) const;
  // [17, 5, 5], a plane a kind of entity (its count in each sector, of
  // four), planets that support life, visited, attached; the explorer
  // landed, its fuel and life, the turns used of max_length. The galaxy
  // is open, as in the test mode.
  std::vector<int> observation_shape() const { return {17, 5, 5}; }
  void observation_tensor(int player, std::span<float> out) const;
  // An action as data (engine::Described, encoding.cpp): a move's sectors
  // (row and column from 0; the galaxy wraps around), the explorer's
  // sector for the others but a pass.
  engine::MoveData describe(const Action& action, int viewer) const;

  int turns() const { return static_cast<int>(history_.size()); }
  const Galaxy& galaxy() const { return galaxy_; }
  // What the last action did (movements, deaths, life found), for the ETF
  // program's sections and the events.
  const TurnReport& last_report() const { return last_report_; }
  // The generator, with the calls of the last action logged (of the galaxy's
  // making before the first).
  const engine::OracleRandom& rng() const { return rng_; }
  // What the galaxy draws from now on comes `draws` draws later (unlogged).
  void skip_draws(std::uint64_t draws) { rng_.skip(draws); }
  // The generator, for the next game of the ETF program: this state draws
  // nothing more.
  engine::OracleRandom release_rng() && { return std::move(rng_); }
  // Two states are equal when they are the same game with the same history.
  friend bool operator==(const BasicState& a, const BasicState& b) {
    return a.thresholds_ == b.thresholds_ && a.max_length_ == b.max_length_ &&
           a.start_calls_ == b.start_calls_ && a.history_ == b.history_;
  }

 private:
  BasicState(const Thresholds& thresholds, int max_length, engine::OracleRandom rng);
  // make(), with the generator `calls` calls on (a state read back).
  static std::variant<BasicState, std::string> make_after(const engine::Params& params,
                                                          std::uint64_t calls);
  // The parameters that make this game: the thresholds, the length.
  engine::Params params() const;

  Thresholds thresholds_;
  int max_length_;
  std::uint64_t start_calls_;  // the generator's calls before this game
  engine::OracleRandom rng_;
  Galaxy galaxy_;
  std::vector<Action> history_;
  bool life_found_ = false;
  TurnReport last_report_;
};

// SimOdyssey's lab, Phase 1 (the instantiations of both editions are in
// state.cpp and view.cpp).
using State = BasicState<kPhase1>;
static_assert(engine::Viewable<State>);
static_assert(engine::Viewable<BasicState<kPhase2>>);

}  // namespace simodyssey
