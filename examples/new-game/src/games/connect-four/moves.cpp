// Connect Four's drops as data for front ends (engine::Described).
#include "games/connect-four/state.hpp"

namespace connect_four {

engine::MoveData State::describe(const Action& action, int viewer) const {
  (void)viewer;  // nothing is hidden
  engine::MoveData move;
  move.id = action_id(action);
  move.action = action_text(action);
  move.notation = std::to_string(action.column + 1);  // players write a game as its columns: 4453
  if (const auto at = game_.landing(action.column)) move.squares = {*at};
  move.piece = game_.turn() == kRed ? "red disc" : "yellow disc";
  move.label = "Drop a disc in column " + std::to_string(action.column + 1);
  return move;
}

}  // namespace connect_four
