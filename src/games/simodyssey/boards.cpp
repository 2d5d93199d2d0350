#include "games/simodyssey/boards.hpp"

#include "engine/words.hpp"
#include "games/simodyssey/rules.hpp"

namespace simodyssey {
namespace {

// Whether a line names the sectors of row `row`, "(row:1) (row:2) ...".
bool is_coordinates(std::string_view line, int row) {
  const auto words = engine::split_words(line);
  if (words.size() != static_cast<std::size_t>(Galaxy::kShape.cols)) return false;
  for (std::size_t col = 0; col < words.size(); ++col)
    if (words[col] != "(" + std::to_string(row) + ":" + std::to_string(col + 1) + ")") return false;
  return true;
}

}  // namespace

std::vector<std::string> read_boards(std::string_view text) {
  const std::vector<std::string_view> lines = engine::split_lines(text);
  std::vector<std::string> boards;
  const auto rows = static_cast<std::size_t>(Galaxy::kShape.rows);
  for (std::size_t i = 0; i + 2 * rows <= lines.size(); ++i) {
    std::string board;
    std::size_t row = 0;
    for (; row < rows && is_coordinates(lines[i + 2 * row], static_cast<int>(row) + 1); ++row) {
      if (row) board += '/';
      const auto sectors = engine::split_words(lines[i + 2 * row + 1]);
      for (std::size_t s = 0; s < sectors.size(); ++s)
        board += (s ? " " : "") + std::string(sectors[s]);
    }
    if (row < rows) continue;
    boards.push_back(std::move(board));
    i += 2 * rows - 1;
  }
  return boards;
}

}  // namespace simodyssey
