// The board's occupancy kept line by line, for fast sliding moves.
//
// Every row, column, diagonal and anti-diagonal is one 64-bit word with a bit
// per square (plus a sentinel bit at each end), so the free run from a square
// in either direction along a line is one count of trailing or leading zeros.
// The queen moves from a square are the runs along its four lines: counting
// them is four pairs of bit counts, with no loop over squares. Boards with
// sides of up to 62 squares fit; larger boards use the plain Board.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

namespace amazons {

class LineBoard {
 public:
  static constexpr int kMaxSide = 62;
  static constexpr int kTableLine = 12;  // longer lines count bits instead of looking up
  static bool fits(int rows, int cols) {
    return rows >= 1 && cols >= 1 && rows <= kMaxSide && cols <= kMaxSide;
  }

  LineBoard(int rows, int cols);

  int rows() const { return layout_->rows; }
  int cols() const { return layout_->cols; }
  int squares() const { return rows() * cols(); }
  int square(int row, int col) const { return row * cols() + col; }
  int row_of(int sq) const { return sq / cols(); }
  int col_of(int sq) const { return sq % cols(); }

  bool occupied(int sq) const {
    const Place& p = places_[static_cast<std::size_t>(sq)];
    return (masks_[p.line[0]] >> p.pos[0]) & 1;
  }
  // The free squares of row r: bit c for column c. (Lines 0 to rows - 1
  // are the rows, their squares from bit 1.)
  std::uint64_t row_free(int r) const {
    return ~(masks_[static_cast<std::size_t>(r)] >> 1) & (~std::uint64_t{0} >> (64 - cols()));
  }
  void occupy(int sq) { toggle(sq, true); }
  void vacate(int sq) { toggle(sq, false); }

  // How many free squares a queen at `sq` reaches (whatever stands on `sq`).
  int queen_count(int sq) const {
    const Place& p = places_[static_cast<std::size_t>(sq)];
    int count = 0;
    for (int i = 0; i < 4; ++i) {
      const auto [right, left] = runs(masks_[p.line[i]], p.pos[i]);
      count += right + left;
    }
    return count;
  }

  // The eight free runs from `sq` (right and left along each of its four
  // lines) into `runs`; returns their sum, the queen_count.
  int queen_runs(int sq, std::array<int, 8>& runs) const {
    const Place& p = places_[static_cast<std::size_t>(sq)];
    int count = 0;
    for (int i = 0; i < 4; ++i) {
      const auto [right, left] = this->runs(masks_[p.line[i]], p.pos[i]);
      runs[2 * i] = right;
      runs[2 * i + 1] = left;
      count += right + left;
    }
    return count;
  }

  // Which run (an index of queen_runs' array) the k-th target is in.
  static int run_of(const std::array<int, 8>& runs, int k) {
    int run = 0;
    int sum = 0;
    for (std::size_t j = 0; j < 7; ++j) {
      sum += runs[j];
      run += k >= sum;
    }
    return run;
  }

  // The k-th target in the order of queen_runs, given those runs. Without
  // branches (k is random in playouts, so a loop's exit would be guessed
  // wrong): which run k falls in, then that many steps along its direction.
  int target_in_runs(int sq, const std::array<int, 8>& runs, int k) const {
    int run = 0;
    int before = 0;
    int sum = 0;
    for (std::size_t j = 0; j < 7; ++j) {
      sum += runs[j];
      const bool past = k >= sum;
      run += past;
      before = past ? sum : before;
    }
    return sq + (k - before + 1) * steps_[static_cast<std::size_t>(run)];
  }

  // The number of whole turns (a queen move, then a queen shot from the
  // destination) of the amazon at `from`: the sum over its destinations of
  // their queen_count with `from` empty. Along the line of the move itself
  // every destination sees the same free segment, so only the three other
  // lines of each destination are looked up.
  int turn_count(int from) {
    int total = 0;
    for_each_line_with_from_empty(
        from, [&](int i, const std::uint16_t* line, int q, int right, int left) {
          const int segment = right + left;  // each destination's own-line count
          total += segment * segment;
          const auto others = [&](int to) {
            const Place& d = places_[static_cast<std::size_t>(to)];
            for (int j = 0; j < 4; ++j) {
              if (j == i) continue;
              const auto [r, l] = runs(masks_[d.line[j]], d.pos[j]);
              total += r + l;
            }
          };
          for (int k = 1; k <= right; ++k) others(line[q + k - 1]);
          for (int k = 1; k <= left; ++k) others(line[q - k - 1]);
        });
    return total;
  }

  // turn_count(from), and into touches[x], for every free square x, how many
  // of those turns an arrow on x would take away: the turns from -> d -> s
  // with x on the way to d (d included) or on the way from d to s (s
  // included). Along the move's own line both are closed forms; along a
  // destination's three other lines, each run of r squares loses r, r-1,
  // ..., 1 turns at its squares. touches has squares() entries.
  int turn_touches(int from, std::int32_t* touches) {
    int total = 0;
    for_each_line_with_from_empty(
        from, [&](int i, const std::uint16_t* line, int q, int right, int left) {
          const int segment = right + left;  // each destination's own-line count
          total += segment * segment;
          // The run of `length` destinations in direction `step` (+1 or -1),
          // from the far end inwards: an arrow on d takes the turns through every
          // destination from d outwards (`beyond`) and, on this line, the shots
          // that cross d from the destinations before it or on the other side.
          const auto run = [&](int length, int other_side, int step) {
            int beyond = 0;
            for (int k = length; k >= 1; --k) {
              const int d = line[q + step * k - 1];
              const int others = scatter_other_lines(d, i, touches);
              total += others;
              beyond += segment + others;
              touches[d] += beyond + (k - 1 + other_side) * (length - k + 1);
            }
          };
          run(right, left, 1);
          run(left, right, -1);
        });
    return total;
  }

  // Whether a queen at `sq` has any move at all.
  bool can_move(int sq) const {
    const Place& p = places_[static_cast<std::size_t>(sq)];
    for (int i = 0; i < 4; ++i) {
      const std::uint64_t m = masks_[p.line[i]];
      const int q = p.pos[i];
      if (((m >> (q + 1)) & 1) == 0 || ((m >> (q - 1)) & 1) == 0) return true;
    }
    return false;
  }

  // Calls f(target) for every free square a queen at `sq` reaches.
  template <typename F>
  void for_each_queen_target(int sq, F&& f) const {
    const Place& p = places_[static_cast<std::size_t>(sq)];
    for (int i = 0; i < 4; ++i) {
      const int q = p.pos[i];
      const std::uint16_t* line = &squares_[starts_[p.line[i]]];
      const auto [right, left] = runs(masks_[p.line[i]], q);
      for (int k = 1; k <= right; ++k) f(static_cast<int>(line[q + k - 1]));
      for (int k = 1; k <= left; ++k) f(static_cast<int>(line[q - k - 1]));
    }
  }

  // The k-th target of for_each_queen_target (0 <= k < queen_count(sq)).
  int queen_target(int sq, int k) const {
    const Place& p = places_[static_cast<std::size_t>(sq)];
    for (int i = 0; i < 4; ++i) {
      const int q = p.pos[i];
      const std::uint16_t* line = &squares_[starts_[p.line[i]]];
      const auto [right, left] = runs(masks_[p.line[i]], q);
      if (k < right) return line[q + k];
      k -= right;
      if (k < left) return line[q - k - 2];
      k -= left;
    }
    return -1;
  }

 private:
  // A square's four lines (row, column, diagonal, anti-diagonal) and its
  // position in each, counted from 1 (bit 0 is the low sentinel).
  struct Place {
    std::array<std::uint16_t, 4> line;
    std::array<std::uint8_t, 4> pos;
  };

  // What depends on the board's size only, shared by every copy.
  struct Layout {
    int rows;
    int cols;
    std::vector<std::uint32_t> starts;   // per line: where its squares start in `squares`
    std::vector<std::uint16_t> squares;  // the squares of each line, in order
    std::vector<Place> places;
  };

  // Inline: three of these make most of a playout move.
  void toggle(int sq, bool on) {
    const Place& p = places_[static_cast<std::size_t>(sq)];
    for (std::size_t i = 0; i < 4; ++i) {
      const std::uint64_t bit = std::uint64_t{1} << p.pos[i];
      std::uint64_t& m = masks_[p.line[i]];
      m = on ? (m | bit) : (m & ~bit);
    }
  }

  // Calls f(i, line, q, right, left) for each of the four lines through
  // `from` with `from` empty: the line's squares, from's position in it
  // (counted from 1) and the free runs right and left of it.
  template <typename F>
  void for_each_line_with_from_empty(int from, F&& f) {
    vacate(from);
    const Place& p = places_[static_cast<std::size_t>(from)];
    for (int i = 0; i < 4; ++i) {
      const int q = p.pos[static_cast<std::size_t>(i)];
      const std::uint16_t* line = &squares_[starts_[p.line[static_cast<std::size_t>(i)]]];
      const auto [right, left] = runs(masks_[p.line[static_cast<std::size_t>(i)]], q);
      f(i, line, q, right, left);
    }
    occupy(from);
  }

  // The free runs from d along its lines other than `skip`: their sum, and
  // r, r-1, ..., 1 added into touches along each run of r squares.
  int scatter_other_lines(int d, int skip, std::int32_t* touches) const {
    const Place& p = places_[static_cast<std::size_t>(d)];
    int count = 0;
    for (int j = 0; j < 4; ++j) {
      if (j == skip) continue;
      const int q = p.pos[j];
      const std::uint16_t* line = &squares_[starts_[p.line[j]]];
      const auto [right, left] = runs(masks_[p.line[j]], q);
      for (int t = 1; t <= right; ++t) touches[line[q + t - 1]] += right - t + 1;
      for (int t = 1; t <= left; ++t) touches[line[q - t - 1]] += left - t + 1;
      count += right + left;
    }
    return count;
  }

  // The free runs right and left of stored position q in a line's mask. On
  // boards whose lines have at most kTableLine squares, one table lookup;
  // otherwise a count of trailing and one of leading zeros.
  struct Runs {
    int right;
    int left;
  };
  Runs runs(std::uint64_t m, int q) const {
    if (run_table_ != nullptr) {
      const std::uint8_t both =
          run_table_[(((m >> 1) & inside_) << 4) | static_cast<std::uint64_t>(q)];
      return {both & 15, both >> 4};
    }
    return {std::countr_zero(m >> (q + 1)),
            q - 1 - (63 - std::countl_zero(m & ((std::uint64_t{1} << q) - 1)))};
  }
  const std::uint8_t* run_table_ = nullptr;
  std::uint64_t inside_ = 0;  // the bits of a line's squares, for the table

  std::shared_ptr<const Layout> layout_;
  // Into *layout_, which never moves: one load less on every query.
  const Place* places_;
  const std::uint32_t* starts_;
  const std::uint16_t* squares_;
  // The square index step along each run of queen_runs: right and left
  // along the row, the column, the diagonal and the anti-diagonal.
  std::array<int, 8> steps_;
  std::vector<std::uint64_t> masks_;  // per line: occupied squares and the two sentinels
};

}  // namespace amazons
