// Sword and Shield's actions as data for front ends (engine::Described).
#include "games/sword-and-shield/state.hpp"

namespace sword_and_shield {
namespace {

using Kind = State::Action::Kind;

constexpr std::array<const char*, 4> kDirections = {"up", "right", "down", "left"};
constexpr std::array<Dir, 4> kMoves = {Dir::N, Dir::E, Dir::S, Dir::W};

// Rows and columns from 0, as views give them.
Coord from_zero(Coord c) {
  return {c.row - 1, c.col - 1};
}

}  // namespace

engine::MoveData State::describe(const Action& action, int viewer) const {
  (void)viewer;  // nothing is hidden
  engine::MoveData move;
  move.id = action_id(action);
  move.action = action_text(action);
  move.notation = move.action;
  const std::string piece(1, action.first);
  switch (action.kind) {
    case Kind::Create:
      move.squares = {from_zero(Position::creation_square(game_.turn()))};
      move.piece = piece;
      move.label = "Create " + piece + ", turned " + std::to_string(90 * action.value) + "°";
      break;
    case Kind::Move:
      if (const auto at = square_of(action.first)) {
        move.squares = {from_zero(*at),
                        from_zero(*at + step(kMoves[static_cast<std::size_t>(action.value)]))};
      }
      move.piece = piece;
      move.label = "Move " + piece + " " + kDirections[static_cast<std::size_t>(action.value)];
      break;
    case Kind::Rotate:
      if (const auto at = square_of(action.first)) move.squares = {from_zero(*at)};
      move.piece = piece;
      move.label = "Turn " + piece + " to " + std::to_string(90 * action.value) + "°";
      break;
    case Kind::Pass:
      move.label = game_.phase() == Phase::Create ? "Create nothing" : "End the turn";
      break;
    case Kind::React:
      for (char label : {action.first, action.second})
        if (const auto at = square_of(label)) move.squares.push_back(from_zero(*at));
      move.label = "Choose the reaction between " + piece + " and " + std::string(1, action.second);
      break;
  }
  return move;
}

}  // namespace sword_and_shield
