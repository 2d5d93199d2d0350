// The autonomous player program of the document's tournaments:
//   amazons name
//   amazons phase=placement amazons=N IN OUT [player=NAME] [seed=N] [strict=1]
//   amazons phase=movement IN OUT [player=NAME] [seed=N] [strict=1]
// Exit codes: 0 moved, 1 no move possible, 2 the input file is wrong (a
// message names its line, field and cause), 3 internal error or bad usage.
#pragma once

#include <string>
#include <vector>

namespace amazons {

inline constexpr const char* kProgramName = "gridgames";

enum ExitCode { kMoved = 0, kNoMove = 1, kBadInput = 2, kInternal = 3 };

// Runs the program with its arguments (argv without the program name).
int run_program(const std::vector<std::string>& args);

}  // namespace amazons
