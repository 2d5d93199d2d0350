#include "games/space-defender-2/session.hpp"

#include "games/space-defender-2/text.hpp"

namespace space_defender_2 {
namespace {

using engine::etf::Param;

enum CommandId {
  kPlay,
  kSetupSelect,
  kSetupNext,
  kSetupBack,
  kToggleDebug,
  kToggleRng,
  kAbort,
  kMove,
  kPass,
  kFire,
  kSpecial
};

const std::string kNotInGame = "Command can only be used in game.";
const std::string kWelcome = "  Welcome to Space Defender Version 2.\n";

}  // namespace

const engine::etf::Grammar& grammar() {
  static const engine::etf::Grammar kGrammar({
      {"play",
       {Param::range("row", "MAX_ROW", 5, 10), Param::range("column", "MAX_COLUMN", 10, 30),
        Param::range("g_threshold", "THRESHOLD", 1, 101),
        Param::range("f_threshold", "THRESHOLD", 1, 101),
        Param::range("c_threshold", "THRESHOLD", 1, 101),
        Param::range("i_threshold", "THRESHOLD", 1, 101),
        Param::range("p_threshold", "THRESHOLD", 1, 101)}},
      {"setup_select", {Param::range("value", "INPUT_VALUE", 1, 5)}},
      {"setup_next", {Param::range("state", "STATE", 1, 5)}},
      {"setup_back", {Param::range("state", "STATE", 1, 5)}},
      {"toggle_debug_mode", {}},
      {"toggle_RNG_out", {}},
      {"abort", {}},
      {"move",
       {Param::one_of("row", "ROW", {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J"}),
        Param::range("column", "COLUMN", 1, 30)}},
      {"pass", {}},
      {"fire", {}},
      {"special", {}},
  });
  return kGrammar;
}

std::string Session::welcome() {
  return state_line(true) + kWelcome;
}

std::string Session::execute(const engine::etf::Command& command) {
  switch (static_cast<CommandId>(command.index)) {
    case kPlay:
      return play(command);
    case kSetupSelect:
      return setup_select(command.integer(0));
    case kSetupNext:
      return setup_move(command.integer(0));
    case kSetupBack:
      return setup_move(-command.integer(0));
    case kToggleDebug:
      return toggle_debug();
    case kToggleRng:
      return toggle_rng_out();
    case kAbort:
      return abort();
    case kMove:
      return take_turn(Action::Move, {command.integer(0) + 1, command.integer(1)});
    case kPass:
      return take_turn(Action::Pass);
    case kFire:
      return take_turn(Action::Fire);
    case kSpecial:
      return take_turn(Action::Special);
  }
  return "";
}

std::string Session::state_line(bool ok) const {
  static const char* const kNames[] = {"not started",  "weapon setup", "armour setup",
                                       "engine setup", "power setup",  "setup summary"};
  std::string state = stage_ == Stage::InGame ? "in game(" + std::to_string(turns_) + "." +
                                                    std::to_string(queries_) + ")"
                                              : kNames[static_cast<int>(stage_)];
  return "  state:" + state + (debug_ ? ", debug, " : ", normal, ") + (ok ? "ok\n" : "error\n");
}

std::string Session::error(const std::string& message) {
  if (stage_ == Stage::InGame) ++queries_;
  return state_line(false) + "  " + message + "\n";
}

std::string Session::ok(const std::string& body) {
  if (stage_ == Stage::InGame) ++queries_;
  return state_line(true) + body;
}

std::string Session::play(const engine::etf::Command& command) {
  if (in_setup()) return error("Already in setup mode.");
  if (stage_ == Stage::InGame) return error("Already in a game. Please abort to start a new one.");
  const Thresholds t{command.integer(2), command.integer(3), command.integer(4), command.integer(5),
                     command.integer(6)};
  if (!(t.grunt <= t.fighter && t.fighter <= t.carrier && t.carrier <= t.interceptor &&
        t.interceptor <= t.pylon)) {
    return error("Threshold values are not non-decreasing.");
  }
  rows_ = command.integer(0);
  cols_ = command.integer(1);
  thresholds_ = t;
  stage_ = Stage::Weapon;
  return state_line(true) + setup_screen();
}

std::string Session::setup_screen() const {
  switch (stage_) {
    case Stage::Weapon:
      return text::weapon_menu(loadout_);
    case Stage::Armour:
      return text::armour_menu(loadout_);
    case Stage::Engine:
      return text::engine_menu(loadout_);
    case Stage::Power:
      return text::power_menu(loadout_);
    case Stage::Summary:
      return text::summary(loadout_);
    case Stage::NotStarted:
    case Stage::InGame:
      break;
  }
  return "";
}

std::string Session::setup_move(int delta) {
  if (!in_setup()) return error("Command can only be used in setup mode.");
  const int next = static_cast<int>(stage_) + delta;
  if (next < static_cast<int>(Stage::Weapon)) {
    stage_ = Stage::NotStarted;
    return state_line(true) + kWelcome;
  }
  if (next > static_cast<int>(Stage::Summary)) {
    stage_ = Stage::InGame;
    state_ = State::start(rows_, cols_, thresholds_, loadout_, next_rng(), max_length_);
    turns_ = 0;
    queries_ = 0;
    return state_line(true) + game_screen(false);
  }
  stage_ = static_cast<Stage>(next);
  return state_line(true) + setup_screen();
}

std::string Session::setup_select(int option) {
  if (!in_setup() || stage_ == Stage::Summary) {
    return error("Command can only be used in setup mode (excluding summary in setup).");
  }
  const int choice = option - 1;
  int* slot = nullptr;
  std::size_t count = 0;
  switch (stage_) {
    case Stage::Weapon:
      slot = &loadout_.weapon, count = kWeapons.size();
      break;
    case Stage::Armour:
      slot = &loadout_.armour, count = kArmours.size();
      break;
    case Stage::Engine:
      slot = &loadout_.engine, count = kEngines.size();
      break;
    default:
      slot = &loadout_.power, count = kPowers.size();
      break;
  }
  if (static_cast<std::size_t>(choice) >= count) return error("Menu option selected out of range.");
  *slot = choice;
  return state_line(true) + setup_screen();
}

std::string Session::toggle_debug() {
  debug_ = !debug_;
  return ok(debug_ ? "  In debug mode.\n" : "  Not in debug mode.\n");
}

std::string Session::toggle_rng_out() {
  rng_out_ = !rng_out_;
  return ok(rng_out_ ? "  RNG_out:on\n" : "  RNG_out:off\n");
}

std::string Session::abort() {
  if (stage_ == Stage::NotStarted)
    return error("Command can only be used in setup mode or in game.");
  const bool in_game = stage_ == Stage::InGame;
  stage_ = Stage::NotStarted;
  if (state_) {
    idle_rng_ = state_->rng();
    state_.reset();
  }
  return state_line(true) + (in_game ? "  Exited from game.\n" : "  Exited from setup mode.\n");
}

std::optional<std::string> Session::refusal(Action action, Coord target) const {
  if (stage_ != Stage::InGame) return kNotInGame;
  if (const auto why = state_->battle().refusal(action, target)) return text::refusal_message(*why);
  return std::nullopt;
}

std::string Session::take_turn(Action action, Coord target) {
  if (const auto reason = refusal(action, target)) return error(*reason);
  ++turns_;
  queries_ = 0;
  state_->apply({action, target});
  const bool over = state_->battle().starfighter().destroyed;
  if (over) stage_ = Stage::NotStarted;
  std::string out = state_line(true) + game_screen(true);
  if (over) out += "  The game is over. Better luck next time!\n";
  if (rng_out_) out += engine::OracleRandom::usage_section(state_->rng().log());
  return out;
}

std::string Session::game_screen(bool with_log) const {
  const Battle& b = state_->battle();
  return text::starfighter_block(b) + (debug_ ? text::debug_sections(b, with_log) : "") +
         text::board(b, !debug_);
}

}  // namespace space_defender_2
