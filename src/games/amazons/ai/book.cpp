#include "games/amazons/ai/book.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "engine/words.hpp"
#include "games/amazons/lines/standard.hpp"

namespace amazons {

namespace {

// Each entry: the turns played from the standard start, then the book's
// turn there, as StandardGame writes turns, separated by "; ".
constexpr std::string_view kBook[] = {
    // The search's own first move at 2 s (hippolyta answered it with
    // 7,1 4,4 4,9 in every game of our matches) ...
    "1,7 7,7 7,4",
    // ... and then the third move that won every game it was played in
    // those matches, where the search chose among three.
    "1,7 7,7 7,4; 7,1 4,4 4,9; 1,4 3,6 6,9",
};

// The squares of `board` as StandardGame::observation() draws them (without
// its line breaks), or "" when the board is not 10 x 10 with two players.
std::string squares(const Board& board) {
  if (board.rows() != 10 || board.cols() != 10) return "";
  std::string text;
  for (const Field& field : board.fields()) {
    if (field.treasure != 0 || field.artifact != kNoArtifact) return "";
    switch (field.occupant) {
      case 0:
        text += '.';
        break;
      case 1:
        text += 'W';
        break;
      case 2:
        text += 'B';
        break;
      case kObstacle:
        text += 'x';
        break;
      default:
        return "";
    }
  }
  return text;
}

std::string without_breaks(std::string text) {
  std::erase(text, '\n');
  return text;
}

Coord coord(int square) {
  return {square / 10, square % 10};
}

// The standard start with these turns played; nothing if one is not legal.
std::optional<StandardGame> replay(const std::vector<std::string>& turns) {
  StandardGame game;
  for (const std::string& text : turns) {
    const auto turn = game.parse_action(engine::trim(text));
    if (!turn) return std::nullopt;
    game.apply(*turn);
  }
  return game;
}

struct Position {
  std::string squares;  // as squares() writes them
  int player;           // the id of the player to move
  Turn turn;            // the book's turn there
};

// The book's entries played out, once.
std::vector<Position> positions() {
  std::vector<Position> out;
  for (std::string_view entry : kBook) {
    const std::vector<std::string> turns = engine::split_on(entry, ';');
    const auto game = replay({turns.begin(), turns.end() - 1});
    if (!game) continue;
    const auto reply = game->parse_action(engine::trim(turns.back()));
    if (!reply) continue;
    out.push_back({without_breaks(game->observation(0)), game->to_move() + 1,
                   Turn{coord(reply->from), {Step{coord(reply->to), coord(reply->arrow)}}}});
  }
  return out;
}

}  // namespace

std::optional<Turn> book_turn(const Board& board, int player) {
  static const std::vector<Position> book = positions();
  const std::string seen = squares(board);
  for (const Position& position : book)
    if (position.player == player && position.squares == seen) return position.turn;
  return std::nullopt;
}

}  // namespace amazons
