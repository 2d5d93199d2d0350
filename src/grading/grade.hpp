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
  bool hidden = false;           // the test is hidden until the due date
  double weight = 1;             // its points
  std::optional<int> exit_code;  // how the program exited, when it did
  std::string error_tail;        // the last lines of its standard error
  bool passed() const { return verdict == "pass"; }
  // Not the program's output judged, but a fault: it did not end by itself,
  // could not start or be built.
  bool error() const { return !passed() && verdict != "differ"; }
};

struct Report {
  std::string game;
  std::string program;
  std::vector<TestResult> tests;
  int passed() const;
  double score() const;      // the weights of the tests passed
  double max_score() const;  // of all the tests
};

// `gridgames grade ARGS...` (argv[0] is "grade").
int run_grade(int argc, const char* const* argv);
// The same from its arguments (those after "grade"): 0 when every test
// passes, 1 when one fails, 2 on a usage error.
int run_grade(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace grading
