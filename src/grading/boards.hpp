// `gridgames grade --compare board`: a program judged by the positions it
// draws and the winner it names, not by its words, for a game whose
// specification fixes its board display (games::BoardRules): the boards in
// its output must be positions our rules reach on the test, in their
// order (a program that draws the board only when asked is judged on the
// boards it draws), and the winner it names ours.
#pragma once

#include <string>
#include <string_view>

#include "games/registry.hpp"
#include "grading/runs.hpp"

namespace grading {

struct BoardVerdict {
  std::string verdict;  // "pass", "differ", or "no expected output" (no replay)
  std::string detail;   // where the positions part, with both boards
};

// `expected` is the expected output, read when the game has no replay (an
// ETF game: the oracle's transcript gives the positions).
BoardVerdict compare_boards(const games::BoardRules& rules, const TestCase& test,
                            std::string_view output, std::string_view expected = {});

}  // namespace grading
