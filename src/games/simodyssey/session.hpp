// SimOdyssey's commands (simodyssey.txt §12): the grammar, the abstract
// state's numbering and mode, and the output of each command.
#pragma once

#include <optional>
#include <string>

#include "engine/etf.hpp"
#include "engine/oracle_random.hpp"
#include "games/simodyssey/galaxy.hpp"

namespace simodyssey {

const engine::etf::Grammar& grammar();

enum class Mode { None, Test, Play };

class Session final : public engine::etf::Session {
 public:
  static constexpr int kPlayThreshold = 30;

  std::string welcome() override;
  std::string execute(const engine::etf::Command& command) override;

  const std::optional<Galaxy>& galaxy() const { return galaxy_; }
  bool in_game() const { return mode_ != Mode::None; }

 private:
  std::string start(Mode mode, int threshold);
  std::string abort();
  std::string status();
  std::string toggle_rng_out();
  std::string act(const Action& action);
  std::string header(bool ok) const;
  std::string error(const std::string& message);
  std::string board_output(const TurnReport& report) const;
  std::string rng_usage() const;  // the RNG Usage section, when toggle_RNG_out is on

  engine::OracleRandom rng_;  // one per process, never reset (CLARIFICATIONS §1)
  std::optional<Galaxy> galaxy_;
  Mode mode_ = Mode::None;
  int turns_ = 0;    // the first number of "state:A.B"
  int queries_ = 0;  // the second
  bool rng_out_ = false;
};

}  // namespace simodyssey
