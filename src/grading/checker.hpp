// A course's own checker, which judges an output where a comparison line by
// line cannot (several right answers, a board drawn in its own way): called
// as Kattis and DOMjudge call an output validator,
//   CHECKER INPUT ANSWER FEEDBACK_DIR < OUTPUT
// INPUT the test, ANSWER the expected output (the course's file or ours),
// OUTPUT the program's; exit 42 accepts, 43 rejects (FEEDBACK_DIR's
// judgemessage.txt says why), anything else is the checker's own failure.
// It runs in the graded program's seat, confined as the program was.
#pragma once

#include <string>
#include <vector>

#include "sandbox/arena.hpp"

namespace grading {

inline constexpr int kCheckerAccepts = 42, kCheckerRejects = 43;

struct CheckerVerdict {
  std::string verdict;  // "pass", "differ" (rejected) or "checker failed"
  std::string detail;   // the checker's message, or how it failed
};

// Judges the output the program left in the seat's folder (output.txt, its
// input input.txt) against `expected`.
CheckerVerdict run_checker(const sandbox::SeatFolder& seat, const std::vector<std::string>& checker,
                           const std::string& expected, const sandbox::CallLimits& limits);

}  // namespace grading
