// `gridgames grade GAME --random N` for a game whose specification fixes its
// board (RAIInet): tests drawn from what the specification alone defines
// (games::BoardRules::random_test), the program judged on each by the
// positions it draws and the winner it names (grading/boards.hpp). A test it
// fails is shrunk (commands taken out while every one left is still one our
// rules accept and the program still fails), said, and saved, its files with
// it, as a test for --compare board; the same shrunk test is saved once.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "sandbox/arena.hpp"

namespace grading {

struct RandomBoards {
  int count = 0;  // tests drawn
  std::uint64_t seed = 0;
  int most_actions = 30;
  std::string save;  // the folder the shrunk tests go to ("" for none)
  sandbox::CallLimits limits;
};

// The program on `r.count` tests in `seat` (scratch files in `scratch`): 0
// when it fails none, 1 when it fails some, 2 when a test could not be saved.
int grade_random_boards(const games::BoardRules& rules, const std::string& game,
                        const std::vector<std::string>& program, const sandbox::SeatFolder& seat,
                        const std::filesystem::path& scratch, const RandomBoards& r,
                        std::ostream& out, std::ostream& err);

}  // namespace grading
