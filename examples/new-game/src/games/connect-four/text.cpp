#include "games/connect-four/text.hpp"

namespace connect_four::text {

std::string player_name(int player) {
  return player == kRed ? "Red" : "Yellow";
}

char disc_letter(int player) {
  return player == kRed ? 'R' : 'Y';
}

std::string display(const Position& game) {
  std::string out = " ";
  for (int col = 0; col < game.cols(); ++col)
    out += std::to_string(col + 1) + (col + 1 < game.cols() ? " " : "\n");
  for (int row = 0; row < game.rows(); ++row) {
    out += "|";
    for (int col = 0; col < game.cols(); ++col) {
      const int disc = game.at({row, col});
      out += disc < 0 ? '.' : disc_letter(disc);
      out += col + 1 < game.cols() ? " " : "|\n";
    }
  }
  out += "+" + std::string(static_cast<std::size_t>(2 * game.cols() - 1), '-') + "+\n";
  if (game.winner()) return out + player_name(*game.winner()) + " has won.\n";
  if (game.drawn()) return out + "The grid is full: a draw.\n";
  return out + player_name(game.turn()) + " (" + disc_letter(game.turn()) + ") to drop.\n";
}

std::string refusal_message(Refusal refusal, int column, const Position& game) {
  const std::string columns = "the columns are 1 to " + std::to_string(game.cols());
  switch (refusal) {
    case Refusal::GameOver:
      return "the game is over";
    case Refusal::NoSuchColumn:
      return "there is no column " + std::to_string(column + 1) + "; " + columns;
    case Refusal::ColumnFull:
      return "column " + std::to_string(column + 1) + " is full";
  }
  return "refused";
}

std::string event_line(const Event& event, const Position& game) {
  const std::string who = player_name(event.player);
  switch (event.kind) {
    case Event::Kind::Dropped:
      return who + " drops a disc in column " + std::to_string(event.at.col + 1) +
             "; it lands on row " + std::to_string(game.rows() - event.at.row) +
             " from the bottom.\n";
    case Event::Kind::Won:
      return who + " has four in a row and wins.\n";
    case Event::Kind::Drawn:
      return "The grid is full with no four in a row: a draw.\n";
  }
  return "";
}

}  // namespace connect_four::text
