#include "games/sword-and-shield/state.hpp"

#include <algorithm>

#include "engine/words.hpp"
#include "games/sword-and-shield/text.hpp"

namespace sword_and_shield {
namespace {

using Kind = State::Action::Kind;
constexpr std::array<std::string_view, 4> kDirNames = {"up", "right", "down", "left"};
constexpr std::string_view kActions =
    "create <letter> <0|90|180|270>, move <letter> <up|right|down|left>, rotate <letter> <1-4>, "
    "pass or react <letter> <letter>";

std::optional<int> parse_create_angle(std::string_view word) {
  const auto angle = engine::parse_int(word);
  if (!angle || *angle < 0 || *angle > 270 || *angle % 90 != 0) return std::nullopt;
  return *angle / 90;
}

// `rotate` takes 1-4 (0, 90, 180, 270 degrees) or the angle itself.
std::optional<int> parse_rotation(std::string_view word) {
  const auto n = engine::parse_int(word);
  if (n && *n >= 1 && *n <= 4) return *n - 1;
  return parse_create_angle(word);
}

// Whether the chain of reactions under way in `game` can end: it has not
// repeated a position, and it waits for no choice or some choice can end it.
// The chain remembers its positions across choices, so this search is finite.
bool chain_can_end(const Position& game) {
  if (game.chain_without_end()) return false;
  if (game.phase() != Phase::Reaction) return true;
  for (const Reaction& r : game.pending()) {
    Position trial = game;
    trial.choose(r);
    if (chain_can_end(trial)) return true;
  }
  return false;
}

}  // namespace

const std::vector<engine::ParamSpec>& State::param_specs() {
  static const std::vector<engine::ParamSpec> kSpecs = {
      {"max_length", "1000",
       "actions before the game is adjudicated: more pieces left wins, else a draw; 1 to 1000000",
       "Longest game (actions)"},
  };
  return kSpecs;
}

std::variant<State, std::string> State::make(const engine::Params& params) {
  engine::ParamReader read(params, param_specs());
  const int max_length = read.integer("max_length", 1, 1000000);
  if (auto error = read.error()) return *error;
  return State(Position(), max_length);
}

std::optional<Reaction> State::find_reaction(const Position& game, char a, char b) {
  for (const Reaction& r : game.pending()) {
    const char x = game.label(r.first), y = game.label(r.second);
    if ((x == a && y == b) || (x == b && y == a)) return r;
  }
  return std::nullopt;
}

std::optional<Refusal> State::perform(Position& game, const Action& action) {
  if (action.kind == Kind::Pass) return game.pass();
  if (action.kind == Kind::React) {
    if (game.phase() != Phase::Reaction) return Refusal::NoReactionWaiting;
    const auto r = find_reaction(game, action.first, action.second);
    return r ? game.choose(*r) : Refusal::NoSuchReaction;
  }
  const auto piece = piece_of_letter(action.first);
  const int id = piece ? *piece : -1;
  switch (action.kind) {
    case Kind::Create:
      return game.create(id, action.value);
    case Kind::Move:
      return game.move(id, engine::kOrthogonalDirections[static_cast<std::size_t>(action.value)]);
    case Kind::Rotate:
      return game.rotate(id, action.value);
    default:
      return Refusal::GameOver;
  }
}

std::optional<Refusal> State::refusal(const Position& game, const Action& action) {
  Position trial = game;
  return perform(trial, action);
}

std::optional<std::string> State::why_not(const Action& action) const {
  if (over()) return std::string("the game is over");
  if (const auto r = refusal(game_, action))
    return text::refusal_message(*r, action.first, action.second);
  std::vector<Action> legal;
  legal_actions(legal);
  if (std::find(legal.begin(), legal.end(), action) == legal.end())
    return std::string("it would lead into reactions without end");
  return std::nullopt;
}

bool State::acceptable(const Action& action) const {
  Position trial = game_;
  return !perform(trial, action) && chain_can_end(trial);
}

void State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over()) return;
  if (game_.phase() == Phase::Reaction) {
    for (const Reaction& r : game_.pending())
      out.push_back({Kind::React, game_.label(r.first), game_.label(r.second), 0});
    // The choices whose chain can end. Only a chain begun outside the
    // contract (the text program takes any action the rules allow) can have
    // none; then every choice is offered, and any of them takes it back.
    const auto ends = std::stable_partition(out.begin(), out.end(),
                                            [&](const Action& a) { return acceptable(a); });
    if (ends != out.begin()) out.erase(ends, out.end());
    return;
  }
  const int player = game_.turn();
  for (int piece = 0; piece < kPieces; ++piece) {
    if (owner_of_piece(piece) != player) continue;
    const char letter = piece_letter(piece);
    if (game_.phase() == Phase::Create && game_.place(piece) == Place::Unused) {
      for (int quarter = 0; quarter < 4; ++quarter) {
        if (acceptable({Kind::Create, letter, 0, quarter}))
          out.push_back({Kind::Create, letter, 0, quarter});
      }
    }
    if (game_.phase() != Phase::Act || game_.place(piece) != Place::Board) continue;
    for (int d = 0; d < 4; ++d) {
      if (acceptable({Kind::Move, letter, 0, d})) out.push_back({Kind::Move, letter, 0, d});
    }
    for (int quarter = 0; quarter < 4; ++quarter) {
      if (acceptable({Kind::Rotate, letter, 0, quarter}))
        out.push_back({Kind::Rotate, letter, 0, quarter});
    }
  }
  out.push_back({Kind::Pass, 0, 0, 0});
}

void State::apply(const Action& action) {
  taken_back_ = false;
  if (!keeps_undo_) {
    if (action.kind != Kind::React) {
      chain_start_ = game_;
      chain_start_index_ = history_.size();
    }
    perform(game_, action);
    history_.push_back(action);
    if (game_.chain_without_end()) {
      game_ = chain_start_;
      history_.resize(chain_start_index_);
      taken_back_ = true;
    }
    return;
  }
  undone_.push_back({game_, chain_start_, chain_start_index_});
  if (action.kind != Kind::React) {
    chain_start_ = game_;
    chain_start_index_ = undone_.size() - 1;
  }
  perform(game_, action);
  history_.push_back(action);
  if (!game_.chain_without_end()) return;
  // Reactions without end: back to before the action that began the chain,
  // as if neither it nor the choices since had been played.
  const std::size_t start = chain_start_index_;
  game_ = undone_[start].game;
  chain_start_ = undone_[start].chain_start;
  chain_start_index_ = undone_[start].chain_start_index;
  undone_.resize(start);
  history_.resize(start);
  taken_back_ = true;
}

void State::undo() {
  if (!can_undo()) return;
  game_ = undone_.back().game;
  chain_start_ = undone_.back().chain_start;
  chain_start_index_ = undone_.back().chain_start_index;
  undone_.pop_back();
  history_.pop_back();
  taken_back_ = false;
}

int material(const Position& game, int player) {
  int balance = 0;
  for (int piece = 0; piece < kPieces; ++piece) {
    if (game.place(piece) == Place::Cemetery) continue;
    balance += owner_of_piece(piece) == player ? 1 : -1;
  }
  return balance;
}

engine::Returns State::returns() const {
  if (!truncated()) return engine::two_player_returns(game_.winner());
  return engine::returns_by_lead(material(game_, 0));
}

std::string State::action_text(const Action& action) const {
  const std::string piece(1, action.first);
  switch (action.kind) {
    case Kind::Create:
      return "create " + piece + " " + std::to_string(90 * action.value);
    case Kind::Move:
      return "move " + piece + " " + std::string(kDirNames[static_cast<std::size_t>(action.value)]);
    case Kind::Rotate:
      return "rotate " + piece + " " + std::to_string(action.value + 1);
    case Kind::Pass:
      return "pass";
    case Kind::React:
      return "react " + piece + " " + std::string(1, action.second);
  }
  return "";
}

engine::Parsed<State::Action> State::parse_action(std::string_view text) const {
  using Parsed = engine::Parsed<Action>;
  const auto words = engine::split_words(text);
  if (words.empty()) return Parsed::refused("write an action: " + std::string(kActions));
  const std::string_view verb = words[0];
  const std::size_t args = words.size() - 1;
  const auto letter = [&](std::size_t i) { return words[i].size() == 1; };
  if (verb == "create") {
    const auto angle = args == 2 ? parse_create_angle(words[2]) : std::nullopt;
    if (args != 2 || !letter(1) || !angle)
      return Parsed::refused("write a creation as: create <letter> <0|90|180|270>");
    return Action{Kind::Create, words[1][0], 0, *angle};
  }
  if (verb == "move") {
    const auto dir = args == 2 ? parse_move_direction(words[2]) : std::nullopt;
    if (args != 2 || !letter(1) || !dir)
      return Parsed::refused("write a move as: move <letter> <up|right|down|left>");
    return Action{Kind::Move, words[1][0], 0, side_index(*dir)};
  }
  if (verb == "rotate") {
    const auto turns = args == 2 ? parse_rotation(words[2]) : std::nullopt;
    if (args != 2 || !letter(1) || !turns)
      return Parsed::refused("write a rotation as: rotate <letter> <1-4> (or 0, 90, 180, 270)");
    return Action{Kind::Rotate, words[1][0], 0, *turns};
  }
  if (verb == "pass") {
    if (args != 0) return Parsed::refused("pass takes no arguments");
    return Action{Kind::Pass, 0, 0, 0};
  }
  if (verb == "react") {
    if (args != 2 || !letter(1) || !letter(2))
      return Parsed::refused("write a reaction choice as: react <letter> <letter>");
    return Action{Kind::React, words[1][0], words[2][0], 0};
  }
  // A bare pair of letters chooses a reaction too ("a B" or "aB").
  if (game_.phase() == Phase::Reaction) {
    std::string pair;
    for (std::string_view w : words) pair += w;
    if (pair.size() == 2) return Action{Kind::React, pair[0], pair[1], 0};
  }
  return Parsed::refused("\"" + engine::printable(text, 30) + "\" is not an action: write " +
                         std::string(kActions));
}

std::string State::observation(int player) const {
  (void)player;
  return text::display(game_);
}

std::string State::serialize() const {
  std::vector<std::string> actions;
  for (const Action& a : history_) actions.push_back(action_text(a));
  return engine::history_text({{"max_length", std::to_string(max_length_)}}, actions);
}

std::optional<State> State::deserialize(std::string_view text) {
  return engine::replay<State>(text, &State::make);
}

std::optional<std::string> State::check_invariants() const {
  if (!game_.is_consistent()) return std::string("a piece is in no place or in two");
  if (can_undo()) {
    State again = *this;
    again.undo();
    again.apply(history_.back());
    if (!(again == *this) || again.observation(0) != observation(0))
      return std::string("undoing the last action and playing it again does not come back");
  }
  return std::nullopt;
}

}  // namespace sword_and_shield
