// Amazons' actions as data for front ends (engine::Described).
#include "games/amazons/state.hpp"

namespace amazons {

std::string State::square_name(Coord c) const {
  if (rules_ != RuleSet::Standard) return field_text(c);
  // The first player's side is rank 1 (row 1 of the board file), as in
  // the classic notation, where White starts on d1 and g1.
  return std::string(1, static_cast<char>('a' + c.col)) + std::to_string(c.row + 1);
}

std::optional<Coord> State::square_named(std::string_view name) const {
  if (rules_ != RuleSet::Standard || name.size() < 2 || name[0] < 'a' || name[0] > 'z')
    return std::nullopt;
  const auto rank = engine::parse_int(name.substr(1));
  const Coord c{rank.value_or(0) - 1, name[0] - 'a'};
  if (!rank || !board_.contains(c)) return std::nullopt;
  return c;
}

engine::MoveData State::describe(const Action& action, int viewer) const {
  (void)viewer;  // nothing is hidden
  const bool classic = rules_ == RuleSet::Standard;
  engine::MoveData move;
  move.id = action_id(action);
  move.action = action_text(action);
  const Coord to = coord(action.to);
  switch (action.kind) {
    case Action::Kind::Place:
      move.squares = {to};
      move.piece = "amazon";
      move.label = "Place an amazon on " + square_name(to);
      move.notation = classic ? square_name(to) : move.action;
      break;
    case Action::Kind::Move: {
      const Coord from = coord(action.from);
      move.squares = {from, to};
      move.piece = "amazon";
      move.label = "Move the amazon on " + square_name(from) + " to " + square_name(to);
      move.notation = classic ? square_name(from) + "-" + square_name(to) : move.action;
      break;
    }
    case Action::Kind::Shoot: {
      const Coord from = coord(action.from);
      move.squares = {from, to};
      move.piece = spear_ ? "spear" : "arrow";
      move.label = (spear_ ? "Throw the spear from " : "Shoot an arrow from ") + square_name(from) +
                   " to " + square_name(to);
      move.notation = classic ? "/" + square_name(to) : move.action;
      break;
    }
  }
  return move;
}

}  // namespace amazons
