// The built-in player's choices: where to place an amazon and which turn to
// play. Always legal; the choices are simple (greedy) and seeded.
#pragma once

#include <optional>
#include <type_traits>
#include <vector>

#include "engine/random.hpp"
#include "games/amazons/rules.hpp"

namespace amazons {

// The option with the highest score, ties broken uniformly at random.
template <typename Score>
std::optional<Coord> best_of(const std::vector<Coord>& options, engine::Random& rng, Score score) {
  std::optional<Coord> best;
  std::invoke_result_t<Score, Coord> best_score{};
  int ties = 0;
  for (Coord c : options) {
    const auto s = score(c);
    if (!best || s > best_score) {
      best = c;
      best_score = s;
      ties = 1;
    } else if (s == best_score && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
      best = c;
    }
  }
  return best;
}

std::optional<Coord> choose_placement(const Board& board, int player, engine::Random& rng);
// A whole legal turn for `player`, or nothing when no amazon of theirs can move.
std::optional<Turn> choose_turn(const Board& board, int player, engine::Random& rng);

}  // namespace amazons
