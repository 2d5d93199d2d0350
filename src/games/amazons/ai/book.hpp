// The classic game's opening book: turns for a few positions of the
// standard 10 x 10 start where the search, at the time a tournament gives
// it, played a line that lost the same way game after game. Each entry was
// chosen from the records of matches against hippolyta and kept by one
// (docs/journal/opening-book-2026-11-29.md).
#pragma once

#include <optional>

#include "games/amazons/board.hpp"
#include "games/amazons/rules.hpp"

namespace amazons {

// The book's turn for the player of id `player` (1 moves first) on this
// board, when the board is one of the book's positions; only the squares
// count (player lines and scores do not).
std::optional<Turn> book_turn(const Board& board, int player);

}  // namespace amazons
