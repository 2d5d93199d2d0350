// The runs of a grading: the tests of a folder in the course's layout, and
// one program run on one test in a seat of the sandbox, its verdict when it
// did not end by itself.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "sandbox/arena.hpp"

namespace grading {

// A test of the courses' layouts: NAME.txt, the expected NAME.expected.txt
// beside it (or none: our program's output is expected), and NAME.args for
// a program run with arguments and the test as its standard input; or
// CS246's runSuite layout, NAME.in, NAME.out and NAME.args, always run with
// the test as its standard input.
struct TestCase {
  std::string name;
  std::filesystem::path input;
  std::optional<std::filesystem::path> expected;
  std::optional<std::vector<std::string>> args;
  // The folder's other files (RAIInet's .links and .seq files), copied
  // beside the input as the course's scripts would find them.
  std::vector<std::filesystem::path> beside;
  // NAME.hidden beside it: shown to students only after the due date (its
  // lines kept out of the reports they read).
  bool hidden = false;
  // NAME.weight beside it (a number, 1 without): the test's points.
  double weight = 1;
};

// The tests of `dir`, by name; or why there are none.
std::variant<std::vector<TestCase>, std::string> find_tests(const std::filesystem::path& dir);

// What one run of a program on a test gave: its standard output, and the
// last lines of its standard error (kErrorTail bytes at most, from a
// line's start), kept for the reports but never compared.
struct Run {
  sandbox::CallOutcome outcome;
  std::string output;
  std::string error_tail;
};
inline constexpr std::size_t kErrorTail = 2048;

// Runs `program` on the test in the job's seat, emptied first (a seat a
// job, not a test: making and unmounting a seat's filesystem while another
// sandbox starts can fail it): ETF programs as `PROGRAM -b input.txt`, with
// NAME.args as `PROGRAM ARGS < input.txt`; its standard output and error
// kept in files of its folder (bounded by --files).
Run run_on(const sandbox::SeatFolder& seat, const std::vector<std::string>& program,
           const TestCase& t, const sandbox::CallLimits& limits);

// The verdict ("timeout", "memory", "output", "crash", ...) and its words of
// a run that did not end by itself; none for one that did.
std::optional<std::pair<std::string, std::string>> fault(const Run& r,
                                                         const sandbox::CallLimits& limits);

}  // namespace grading
