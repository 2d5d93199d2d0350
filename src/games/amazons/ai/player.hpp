// The built-in player's choices: where to place an amazon and which turn to
// play. Always legal; the choices are simple (greedy) and seeded.
#pragma once

#include <optional>
#include <type_traits>
#include <vector>

#include "engine/random.hpp"
#include "games/amazons/rules.hpp"

namespace amazons {

using engine::best_of;

// For every field, the sum of `weight(field)` over the free fields a queen
// move from it reaches (its eight rays up to the first obstacle or amazon).
// Linear in the board's size: one pass a direction, so that a placement on a
// 1000 x 1000 board takes milliseconds.
template <typename Weight>
std::vector<long long> ray_totals(const Board& board, Weight weight) {
  const int rows = board.rows(), cols = board.cols();
  std::vector<long long> total(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), 0);
  std::vector<long long> ray(total.size(), 0);
  for (Coord d : kQueenSteps) {
    // Visit a field after the field one step along d from it.
    for (int i = 0; i < rows; ++i) {
      const int row = d.row > 0 ? rows - 1 - i : i;
      for (int j = 0; j < cols; ++j) {
        const Coord c{row, d.col > 0 ? cols - 1 - j : j};
        const Coord next = c + d;
        long long& here = ray[board.index(c)];
        here = 0;
        if (board.contains(next) && board.at(next).occupant == kEmpty) {
          here = weight(board.at(next)) + ray[board.index(next)];
        }
        total[board.index(c)] += here;
      }
    }
  }
  return total;
}

std::optional<Coord> choose_placement(const Board& board, int player, engine::Random& rng);
// A whole legal turn for `player`, or nothing when no amazon of theirs can move.
std::optional<Turn> choose_turn(const Board& board, int player, engine::Random& rng);

}  // namespace amazons
