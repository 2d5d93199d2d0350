// The game master of the document, done properly: `amazons referee` makes
// boards, runs player programs exactly as the document's loop does
// (placement rounds, then movement rounds until all exit 1), and checks every
// call: its exit code, its time, and that the board it left is one legal
// placement or turn of that player (or unchanged on exit 1). A program that
// breaks a rule is disqualified and the game goes on without it.
#pragma once

#include <string>
#include <vector>

namespace amazons {

int run_referee(const std::vector<std::string>& args);

}  // namespace amazons
