#include "games/space-defender-2/boards.hpp"

#include "engine/words.hpp"

namespace space_defender_2 {
namespace {

// The number of columns a line of column numbers "1 2 3 ... N" names, or 0.
std::size_t columns_named(std::string_view line) {
  const auto words = engine::split_words(line);
  for (std::size_t col = 0; col < words.size(); ++col)
    if (words[col] != std::to_string(col + 1)) return 0;
  return words.size();
}

// Row `letter`'s symbols in a line "C S  *  _", if it is that row of
// `columns` cells.
std::string row_of(std::string_view line, char letter, std::size_t columns) {
  const auto words = engine::split_words(line);
  if (words.size() != columns + 1 || words[0] != std::string(1, letter)) return "";
  std::string cells;
  for (std::size_t col = 1; col < words.size(); ++col) {
    if (words[col].size() != 1) return "";
    cells += words[col];
  }
  return cells;
}

}  // namespace

std::vector<std::string> read_boards(std::string_view text) {
  const std::vector<std::string_view> lines = engine::split_lines(text);
  std::vector<std::string> boards;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::size_t columns = columns_named(lines[i]);
    if (columns == 0) continue;
    std::string board;
    std::size_t rows = 0;
    for (; i + 1 + rows < lines.size() && rows < 26; ++rows) {
      const std::string cells = row_of(lines[i + 1 + rows], static_cast<char>('A' + rows), columns);
      if (cells.empty()) break;
      board += (rows ? "/" : "") + cells;
    }
    if (rows == 0) continue;
    boards.push_back(std::move(board));
    i += rows;
  }
  return boards;
}

}  // namespace space_defender_2
