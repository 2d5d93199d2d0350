#include "games/simodyssey/session.hpp"

#include "games/simodyssey/text.hpp"

namespace simodyssey {
namespace {

using engine::etf::CommandSpec;
using engine::etf::Param;

enum CommandId { kTest, kPlay, kAbort, kMove, kLand, kLiftoff, kPass, kWormhole, kStatus, kRngOut };

const std::string kNoMission = "Negative on that request:no mission in progress.";
const std::string kGameOver = "The game has ended. You can start a new game.";

}  // namespace

template <const Edition& E>
const engine::etf::Grammar& grammar_of() {
  static const engine::etf::Grammar kGrammar({
      {"test", E.five_thresholds
                   ? std::vector<Param>{Param::range("a_threshold", "THRESHOLD", 1, 101),
                                        Param::range("j_threshold", "THRESHOLD", 1, 101),
                                        Param::range("m_threshold", "THRESHOLD", 1, 101),
                                        Param::range("b_threshold", "THRESHOLD", 1, 101),
                                        Param::range("p_threshold", "THRESHOLD", 1, 101)}
                   : std::vector<Param>{Param::range("p_threshold", "THRESHOLD", 1, 101)}},
      {"play", {}},
      {"abort", {}},
      {"move", {Param::one_of("dir", "DIRECTION", {"N", "NE", "E", "SE", "S", "SW", "W", "NW"})}},
      {"land", {}},
      {"liftoff", {}},
      {"pass", {}},
      {"wormhole", {}},
      {"status", {}},
      {"toggle_RNG_out", {}},
  });
  return kGrammar;
}

template <const Edition& E>
std::string BasicSession<E>::welcome() {
  return "  state:0.0, ok\n  Welcome! Try " + std::string(E.hint) + "\n";
}

template <const Edition& E>
std::string BasicSession<E>::execute(const engine::etf::Command& command) {
  switch (static_cast<CommandId>(command.index)) {
    case kTest: {
      Thresholds t = E.play;
      if (E.five_thresholds) {
        t = {command.integer(0), command.integer(1), command.integer(2), command.integer(3),
             command.integer(4)};
      } else {
        t.planet = command.integer(0);
      }
      return start(Mode::Test, t);
    }
    case kPlay:
      return start(Mode::Play, E.play);
    case kAbort:
      return abort();
    case kMove:
      return act({ActionKind::Move, static_cast<Direction>(command.integer(0))});
    case kLand:
      return act({ActionKind::Land});
    case kLiftoff:
      return act({ActionKind::Liftoff});
    case kPass:
      return act({ActionKind::Pass});
    case kWormhole:
      return act({ActionKind::Wormhole});
    case kStatus:
      return status();
    case kRngOut:
      return toggle_rng_out();
  }
  return "";
}

template <const Edition& E>
std::string BasicSession<E>::header(bool ok) const {
  std::string out = "  state:" + std::to_string(turns_) + "." + std::to_string(queries_);
  if (mode_ != Mode::None) out += mode_ == Mode::Test ? ", mode:test" : ", mode:play";
  return out + (ok ? ", ok\n" : ", error\n");
}

template <const Edition& E>
std::string BasicSession<E>::error(const std::string& message) {
  ++queries_;
  return header(false) + "  " + message + "\n";
}

template <const Edition& E>
std::string BasicSession<E>::start(Mode mode, const Thresholds& thresholds) {
  if (in_game()) return error("To start a new mission, please abort the current one first.");
  if (!thresholds.non_decreasing()) return error("Thresholds should be non-decreasing order.");
  ++turns_;
  queries_ = 0;
  mode_ = mode;
  state_ = State::start(
      thresholds, state_ ? std::move(*state_).release_rng() : std::move(first_rng_), max_length_);
  return header(true) + board_output(TurnReport{}) + rng_usage();
}

template <const Edition& E>
std::string BasicSession<E>::abort() {
  if (!in_game()) return error(kNoMission);
  ++queries_;
  mode_ = Mode::None;
  return header(true) + "  Mission aborted. Try " + std::string(E.hint) + "\n";
}

template <const Edition& E>
std::string BasicSession<E>::status() {
  if (!in_game()) return error(kNoMission);
  ++queries_;
  const Entity& e = galaxy().explorer();
  const std::string where =
      e.landed ? "Stationary on planet surface at " : "Travelling at cruise speed at ";
  return header(true) + "  Explorer status report:" + where + text::location_text(e.location) +
         "\n  Life units left:" + std::to_string(e.life) +
         ", Fuel units left:" + std::to_string(e.fuel) + "\n";
}

template <const Edition& E>
std::string BasicSession<E>::toggle_rng_out() {
  ++queries_;
  rng_out_ = !rng_out_;
  return header(true) + (rng_out_ ? "  RNG output flag: True\n" : "  RNG output flag: False\n");
}

template <const Edition& E>
std::string BasicSession<E>::act(const Action& action) {
  if (!in_game()) return error(kNoMission);
  const Coord sector = galaxy().explorer().location.sector;
  if (const auto refusal = galaxy().refusal(action)) {
    return error(text::refusal_message(*refusal, sector));
  }
  ++turns_;
  queries_ = 0;
  state_->apply({action.kind, action.direction});
  const TurnReport& report = state_->last_report();
  std::string out = header(true);
  if (report.life_found) {
    mode_ = Mode::None;
    return out + "  Tranquility base here - we've got a life!\n";
  }
  if (action.kind == ActionKind::Land) {
    out += "  Explorer found no life as we know it at " + text::sector_text(sector) + "\n";
  } else if (action.kind == ActionKind::Liftoff) {
    out += "  Explorer has lifted off from planet at " + text::sector_text(sector) + "\n";
  }
  std::string ending;
  if (report.explorer_died) {
    for (const Entity& dead : report.deaths) {
      if (dead.kind == Kind::Explorer) ending = "  " + text::death_message(dead) + "\n";
    }
    ending += "  " + kGameOver + "\n";
  }
  out += ending + board_output(report);
  if (report.explorer_died) {
    if (mode_ == Mode::Test) out += ending;
    mode_ = Mode::None;
  }
  return out + rng_usage();
}

template <const Edition& E>
std::string BasicSession<E>::rng_usage() const {
  return rng_out_ ? engine::OracleRandom::usage_section(state_->rng().log()) : "";
}

// The sections shown after a turn or a new game: Movement, in test mode
// Sectors, Descriptions and Deaths This Turn, then the board.
template <const Edition& E>
std::string BasicSession<E>::board_output(const TurnReport& report) const {
  std::string out = text::movement_section(report.movements);
  if (mode_ == Mode::Test) {
    out += text::sectors_section(galaxy()) + text::descriptions_section(galaxy()) +
           text::deaths_section(report.deaths);
  }
  return out + text::board(galaxy());
}

template const engine::etf::Grammar& grammar_of<kPhase1>();
template const engine::etf::Grammar& grammar_of<kPhase2>();
template class BasicSession<kPhase1>;
template class BasicSession<kPhase2>;

}  // namespace simodyssey
