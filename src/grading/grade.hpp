// gridgames grade: a program run on every test of a folder, each run
// confined with limits, its output compared line by line with the expected
// one (the course's, or our own program's), and reports for people, CI and
// autograders (docs/grading.md).
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "grading/compare.hpp"

namespace grading {

// One test's outcome: "pass", "differ" (with the first difference),
// "timeout", "memory", "output" (wrote past the file limit), "crash",
// "not started", and the like.
struct TestResult {
  std::string name;
  std::string verdict;
  std::string detail;  // the verdict in words, for a verdict other than pass or differ
  std::optional<Difference> difference;
  long long ms = 0;
  bool passed() const { return verdict == "pass"; }
};

struct Report {
  std::string game;
  std::string program;
  std::vector<TestResult> tests;
  int passed() const;
};

// `gridgames grade ARGS...` (argv[0] is "grade").
int run_grade(int argc, const char* const* argv);
// The same from its arguments (those after "grade"): 0 when every test
// passes, 1 when one fails, 2 on a usage error.
int run_grade(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace grading
