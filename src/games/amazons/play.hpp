// Interactive Amazons for people at one computer, with any number of
// built-in players:  amazons play [BOARD] [players=human,ai,...] [amazons=N] [seed=N]
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "games/amazons/board.hpp"
#include "games/amazons/lines/fast_game.hpp"

namespace amazons {

// The board as people see it: its edges named as the rules' players name
// squares, treasures, artifacts, amazons, obstacles.
std::string render(const Board& board, RuleSet rules);

int run_play(const std::vector<std::string>& args, std::istream& in, std::ostream& out);

}  // namespace amazons
