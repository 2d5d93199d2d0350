#include "grading/compare.hpp"

#include <string>
#include <vector>

#include "engine/words.hpp"

namespace grading {
namespace {

// The lines kept around a difference for a report.
constexpr std::size_t kContextBefore = 3;
constexpr std::size_t kContextAfter = 8;

// The lines of `text` as the options see them. Exactly: every "\n" ends a
// line, and a text whose last line has none gets a last line that says so,
// so that a missing final newline is a difference.
std::vector<std::string> lines_of(std::string_view text, const CompareOptions& o) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    std::string line(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (o.ignore_colours) line = engine::without_terminal_escapes(line);
    if (o.ignore_line_ends && line.ends_with('\r')) line.pop_back();
    if (o.ignore_trailing_space) {
      while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
    }
    const bool blank = line.find_first_not_of(" \t\r") == std::string::npos;
    if (!(o.ignore_blank_lines && blank)) lines.push_back(std::move(line));
    if (end == std::string_view::npos) {
      if (!o.ignore_line_ends) lines.push_back("\\ No newline at end of output");
      break;
    }
    start = end + 1;
  }
  return lines;
}

}  // namespace

CompareOptions lines_comparison() {
  return {true, true, true, true};
}

std::optional<Difference> first_difference(std::string_view expected, std::string_view got,
                                           const CompareOptions& options) {
  const auto want = lines_of(expected, options);
  const auto have = lines_of(got, options);
  for (std::size_t i = 0; i < want.size() || i < have.size(); ++i) {
    const bool same = i < want.size() && i < have.size() && want[i] == have[i];
    if (same) continue;
    Difference d;
    d.line = static_cast<long>(i + 1);
    if (i < want.size()) d.expected = want[i];
    if (i < have.size()) d.got = have[i];
    const std::size_t from = i > kContextBefore ? i - kContextBefore : 0;
    d.context_from = static_cast<long>(from + 1);
    for (std::size_t k = from; k < want.size() && k <= i + kContextAfter; ++k)
      d.expected_context.emplace_back(want[k]);
    for (std::size_t k = from; k < have.size() && k <= i + kContextAfter; ++k)
      d.got_context.emplace_back(have[k]);
    return d;
  }
  return std::nullopt;
}

}  // namespace grading
