#include "games/amazons/lines/lines.hpp"

namespace amazons {
namespace {

// For lines of `length` squares: for every occupancy of the squares
// (bits 0 to length-1) and position q (1 to length): the free run right of q
// | the free run left of q << 4. Bits past a shorter line's end hold its
// sentinel, so one table serves every line up to `length`.
std::vector<std::uint8_t> make_run_table(int length) {
  std::vector<std::uint8_t> table(std::size_t{1} << (length + 4));
  for (std::uint64_t inside = 0; inside < (std::uint64_t{1} << length); ++inside) {
    const std::uint64_t m = 1 | (inside << 1) | (std::uint64_t{1} << (length + 1));
    for (int q = 1; q <= length; ++q) {
      const int right = std::countr_zero(m >> (q + 1));
      const int left = q - 1 - (63 - std::countl_zero(m & ((std::uint64_t{1} << q) - 1)));
      table[(inside << 4) | static_cast<std::uint64_t>(q)] =
          static_cast<std::uint8_t>(right | (left << 4));
    }
  }
  return table;
}

// The table for the board's longest line: the smaller, the more of it
// stays in the processor's first cache (16 KiB for the classic 10 x 10).
const std::uint8_t* run_table(int length) {
  static const auto tables = [] {
    std::array<std::vector<std::uint8_t>, LineBoard::kTableLine + 1> all;
    for (int n = 1; n <= LineBoard::kTableLine; ++n)
      all[static_cast<std::size_t>(n)] = make_run_table(n);
    return all;
  }();
  return tables[static_cast<std::size_t>(length)].data();
}

}  // namespace

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
  const int longest = std::max(rows, cols);
  if (longest <= kTableLine) {
    run_table_ = run_table(longest);
    inside_ = (std::uint64_t{1} << longest) - 1;
  }
  layout_ = std::move(layout);
  places_ = layout_->places.data();
  starts_ = layout_->starts.data();
  squares_ = layout_->squares.data();
}

}  // namespace amazons
