// SimOdyssey's commands, for either edition (edition.hpp; simodyssey.txt
// §12, SimOdyssey2-Spec.txt §12-§16): the grammar, the abstract state's
// numbering and mode, and the output of each command.
#pragma once

#include <optional>
#include <string>

#include "engine/etf.hpp"
#include "engine/oracle_random.hpp"
#include "games/simodyssey/state.hpp"

namespace simodyssey {

// The edition's grammar: `test` with one threshold or five.
template <const Edition& E>
const engine::etf::Grammar& grammar_of();
inline const engine::etf::Grammar& grammar() {
  return grammar_of<kPhase1>();
}

enum class Mode { None, Test, Play };

// The ETF program: its games are contract states (state.hpp), each drawing
// from the generator where the last one left it (one a process, never reset:
// CLARIFICATIONS §1); the session words what they do as the oracle does.
template <const Edition& E>
class BasicSession final : public engine::etf::Session {
 public:
  using State = BasicState<E>;

  std::string welcome() override;
  std::string execute(const engine::etf::Command& command) override;

  // The current or last game, if one was started.
  const State* state() const { return state_ ? &*state_ : nullptr; }
  bool in_game() const { return mode_ != Mode::None; }
  // Games started from now on end after `turns` (the web's games); the
  // program's have no limit.
  void set_max_length(int turns) { max_length_ = turns; }
  // Moves the course generator `draws` draws on: before the first game,
  // where it starts (the contract's seed; the program's own start is 0);
  // in a game, what it draws from now on (a planner's other future).
  void skip_draws(std::uint64_t draws) {
    if (state_) {
      state_->skip_draws(draws);
    } else {
      first_rng_.skip(draws);
    }
  }

 private:
  std::string start(Mode mode, const Thresholds& thresholds);
  std::string abort();
  std::string status();
  std::string toggle_rng_out();
  std::string act(const Action& action);
  std::string header(bool ok) const;
  std::string error(const std::string& message);
  std::string board_output(const TurnReport& report) const;
  std::string rng_usage() const;  // the RNG Usage section, when toggle_RNG_out is on
  const Galaxy& galaxy() const { return state_->galaxy(); }

  engine::OracleRandom first_rng_;  // the generator, until the first game takes it
  std::optional<State> state_;
  Mode mode_ = Mode::None;
  int max_length_ = State::kNoLimit;
  int turns_ = 0;    // the first number of "state:A.B"
  int queries_ = 0;  // the second
  bool rng_out_ = false;
};

// SimOdyssey's lab, Phase 1 (both editions are instantiated in session.cpp).
using Session = BasicSession<kPhase1>;

}  // namespace simodyssey
