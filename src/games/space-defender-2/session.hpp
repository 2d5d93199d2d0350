// Space Defender 2's commands (grammar.txt, errors.txt, messages.txt): the
// setup stage, the game, the state line and every error in priority order.
#pragma once

#include <optional>
#include <string>

#include "engine/etf.hpp"
#include "engine/oracle_random.hpp"
#include "games/space-defender-2/state.hpp"

namespace space_defender_2 {

const engine::etf::Grammar& grammar();

// The ETF program: its games are contract states (state.hpp), each drawing
// from the generator where the last one left it (one a process); the session
// keeps the setup stages, the equipment between games and the state line.
class Session final : public engine::etf::Session {
 public:
  enum class Stage { NotStarted, Weapon, Armour, Engine, Power, Summary, InGame };

  std::string welcome() override;
  std::string execute(const engine::etf::Command& command) override;

  Stage stage() const { return stage_; }
  // The current or last game, if one was started and not aborted.
  const State* state() const { return state_ ? &*state_ : nullptr; }
  const Battle* battle() const { return state_ ? &state_->battle() : nullptr; }
  // Games started from now on end after `turns` (the web's games); the
  // program's have no limit.
  void set_max_length(int turns) { max_length_ = turns; }
  // Moves the course generator `draws` draws on: before a game, where the
  // next starts (the contract's seed; the program's own start is 0); in a
  // game, what it draws from now on (a planner's other future).
  void skip_draws(std::uint64_t draws) {
    if (state_) {
      state_->skip_draws(draws);
    } else {
      idle_rng_.skip(draws);
    }
  }

 private:
  std::string play(const engine::etf::Command& command);
  std::string setup_move(int delta);
  std::string setup_select(int option);
  std::string toggle_debug();
  std::string toggle_rng_out();
  std::string abort();
  std::string take_turn(Action action, Coord target = {});
  std::optional<std::string> refusal(Action action, Coord target) const;

  std::string state_line(bool ok) const;
  std::string error(const std::string& message);
  std::string ok(const std::string& body);
  std::string setup_screen() const;
  std::string game_screen(bool with_log) const;
  bool in_setup() const { return stage_ != Stage::NotStarted && stage_ != Stage::InGame; }
  // The generator for the next game: where the last game left it.
  engine::OracleRandom next_rng() const { return state_ ? state_->rng() : idle_rng_; }

  // The generator while no game holds it (first_two_return_low: the
  // reference program's first two calls return their lower bound).
  engine::OracleRandom idle_rng_{/*first_two_return_low=*/true};
  std::optional<State> state_;
  Stage stage_ = Stage::NotStarted;
  bool debug_ = false;
  bool rng_out_ = false;
  Loadout loadout_;  // kept between games
  int rows_ = 0;
  int cols_ = 0;
  Thresholds thresholds_;
  int max_length_ = State::kNoLimit;
  int turns_ = 0;
  int queries_ = 0;
};

}  // namespace space_defender_2
