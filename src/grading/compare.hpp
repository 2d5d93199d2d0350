// A program's output against the expected output, line by line, as the
// courses compare them: exactly, unless asked to overlook trailing spaces or
// line ends (docs/grading.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grading {

struct CompareOptions {
  bool ignore_trailing_space = false;  // spaces and tabs at a line's end
  bool ignore_line_ends = false;       // "\r\n" as "\n", and a last line without "\n"
  bool ignore_colours = false;         // terminal escape sequences (ANSI colours, titles)
  bool ignore_blank_lines = false;     // lines with nothing else (lines then count without them)
};

// `--compare lines`: every difference of presentation above overlooked.
CompareOptions lines_comparison();

// The first line where they differ: its number from 1, and each side's text
// (none: that output has no such line, it ended before); and each side's
// lines around it, from line `context_from`, for a report to show.
struct Difference {
  long line = 0;
  std::optional<std::string> expected;
  std::optional<std::string> got;
  long context_from = 1;
  std::vector<std::string> expected_context, got_context;
};

// Where `got` first differs from `expected`; none when they are the same
// under the options.
std::optional<Difference> first_difference(std::string_view expected, std::string_view got,
                                           const CompareOptions& options);

}  // namespace grading
