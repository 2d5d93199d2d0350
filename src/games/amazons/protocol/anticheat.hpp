// The player program's anti-cheating check: the board it reads against the
// board it wrote last time. Whatever no sequence of legal turns by the other
// players explains is reported.
#pragma once

#include <string>
#include <vector>

#include "games/amazons/board.hpp"

namespace amazons {

// Each finding is one sentence. Empty when the change is explainable (or the
// boards are of different games).
std::vector<std::string> find_cheats(const Board& written, const Board& read, int self_id);

}  // namespace amazons
