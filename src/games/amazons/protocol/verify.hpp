// Checking that one board follows from another by exactly one legal turn (or
// placement) of a player: what a referee needs, and the tests of full games.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "games/amazons/rules.hpp"

namespace amazons {

// The same fields and the same player lines, in whatever order the lines are.
bool same_position(const Board& a, const Board& b);
// nullopt when `after` is `before` with one amazon of `player` placed; else why not.
std::optional<std::string> check_placement(const Board& before, const Board& after, int player);
// nullopt when `after` is `before` plus one legal turn of `player` (scores
// included); else why not. A turn that chains many horses can take a long
// search to find: after 100,000 steps tried it gives up, says so and sets
// *gave_up (the board may or may not be legal).
// The turn that check_turn finds: the amazon and its steps from `before` to
// `after`, or why there is none.
std::variant<Turn, std::string> find_turn(const Board& before, const Board& after, int player,
                                          bool* gave_up = nullptr);
std::optional<std::string> check_turn(const Board& before, const Board& after, int player,
                                      bool* gave_up = nullptr);

}  // namespace amazons
