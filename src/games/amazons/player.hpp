// The built-in player's choices: where to place an amazon and which turn to
// play. Always legal; the choices are simple (greedy) and seeded.
#pragma once

#include <optional>

#include "engine/random.hpp"
#include "games/amazons/rules.hpp"

namespace amazons {

std::optional<Coord> choose_placement(const Board& board, int player, engine::Random& rng);
// A whole legal turn for `player`, or nothing when no amazon of theirs can move.
std::optional<Turn> choose_turn(const Board& board, int player, engine::Random& rng);

}  // namespace amazons
