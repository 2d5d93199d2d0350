#include "games/amazons/lines.hpp"

namespace amazons {
namespace {

// For every line mask of up to kTableLine squares with its sentinels (14
// bits) and every stored position q (1-12): right run | left run << 4.
std::vector<std::uint8_t> make_run_table(int line) {
  std::vector<std::uint8_t> table(std::size_t{1} << (line + 2 + 4));
  for (std::uint64_t m = 0; m < (std::uint64_t{1} << (line + 2)); ++m) {
    for (int q = 1; q <= line; ++q) {
      const int right = std::countr_zero((m | (std::uint64_t{1} << (line + 1))) >> (q + 1));
      const int left = q - 1 - (63 - std::countl_zero((m | 1) & ((std::uint64_t{1} << q) - 1)));
      table[(m << 4) | static_cast<std::uint64_t>(q)] =
          static_cast<std::uint8_t>(right | (left << 4));
    }
  }
  return table;
}

}  // namespace

const std::uint8_t* const LineBoard::kRunTable = [] {
  static const std::vector<std::uint8_t> table = make_run_table(kTableLine);
  return table.data();
}();

LineBoard::LineBoard(int rows, int cols) {
  auto layout = std::make_shared<Layout>();
  layout->rows = rows;
  layout->cols = cols;
  layout->places.resize(static_cast<std::size_t>(rows * cols));
  const auto square = [cols](int r, int c) { return r * cols + c; };
  // Lines in four families; each family lists its lines' squares in order.
  const auto add_line = [&](const std::vector<int>& squares, int family) {
    const auto line = static_cast<std::uint16_t>(masks_.size());
    const int length = static_cast<int>(squares.size());
    masks_.push_back(1 | (std::uint64_t{1} << (length + 1)));  // the sentinels
    layout->starts.push_back(static_cast<std::uint32_t>(layout->squares.size()));
    for (int k = 0; k < length; ++k) {
      layout->squares.push_back(static_cast<std::uint16_t>(squares[static_cast<std::size_t>(k)]));
      Place& p = layout->places[static_cast<std::size_t>(squares[static_cast<std::size_t>(k)])];
      p.line[static_cast<std::size_t>(family)] = line;
      p.pos[static_cast<std::size_t>(family)] = static_cast<std::uint8_t>(k + 1);
    }
  };
  for (int r = 0; r < rows; ++r) {
    std::vector<int> line;
    for (int c = 0; c < cols; ++c) line.push_back(square(r, c));
    add_line(line, 0);
  }
  for (int c = 0; c < cols; ++c) {
    std::vector<int> line;
    for (int r = 0; r < rows; ++r) line.push_back(square(r, c));
    add_line(line, 1);
  }
  for (int d = -(cols - 1); d <= rows - 1; ++d) {  // r - c = d
    std::vector<int> line;
    for (int r = std::max(0, d); r < rows && r - d < cols; ++r) line.push_back(square(r, r - d));
    add_line(line, 2);
  }
  for (int s = 0; s <= rows + cols - 2; ++s) {  // r + c = s
    std::vector<int> line;
    for (int r = std::max(0, s - (cols - 1)); r < rows && s - r >= 0; ++r)
      line.push_back(square(r, s - r));
    add_line(line, 3);
  }
  steps_ = {1, -1, cols, -cols, cols + 1, -(cols + 1), cols - 1, -(cols - 1)};
  small_ = rows <= kTableLine && cols <= kTableLine;
  layout_ = std::move(layout);
  places_ = layout_->places.data();
  starts_ = layout_->starts.data();
  squares_ = layout_->squares.data();
}

}  // namespace amazons
