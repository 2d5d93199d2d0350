// Connect Four's rules as plain values, no I/O: two players drop discs into
// the columns of an upright grid (6 rows of 7 by default); a disc falls to
// the lowest empty square of its column. Four of one colour in a line
// (across, up or diagonally) wins; a full grid with no line is a draw.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "engine/grid.hpp"

namespace connect_four {

using engine::Coord;

inline constexpr int kRed = 0, kYellow = 1;
inline constexpr int kMinSize = 4, kMaxSize = 9;
inline constexpr int kDefaultRows = 6, kDefaultCols = 7;

// Why the rules refuse a drop.
enum class Refusal : std::uint8_t { GameOver, NoSuchColumn, ColumnFull };

// What a drop did: where the disc landed, and how the game ended, if it did.
struct Event {
  enum class Kind : std::uint8_t { Dropped, Won, Drawn };
  Kind kind = Kind::Dropped;
  int player = kRed;
  Coord at;  // Dropped: the square (row 0 at the top)
  friend bool operator==(const Event&, const Event&) = default;
};

class Position {
 public:
  explicit Position(int rows = kDefaultRows, int cols = kDefaultCols) : rows_(rows), cols_(cols) {}

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int turn() const { return turn_; }
  bool over() const { return winner_.has_value() || drawn(); }
  std::optional<int> winner() const { return winner_; }
  bool drawn() const { return !winner_ && discs_ == rows_ * cols_; }
  int discs() const { return discs_; }
  // The disc on a square (row 0 at the top): kRed, kYellow, or -1.
  int at(Coord c) const { return cells_[index(c)]; }
  bool on_board(Coord c) const {
    return c.row >= 0 && c.row < rows_ && c.col >= 0 && c.col < cols_;
  }
  // The square a disc dropped into `column` (from 0) would land on, if any.
  std::optional<Coord> landing(int column) const;
  // Why a drop into `column` is refused, if it is.
  std::optional<Refusal> refusal(int column) const;
  // Drops the mover's disc into `column` (from 0), or says why not; on
  // success events() holds what it did.
  std::optional<Refusal> drop(int column);
  // The events of the last drop, in order.
  const Event* events_begin() const { return events_.data(); }
  const Event* events_end() const { return events_.data() + event_count_; }
  // The four squares of the winning line, once there is one.
  const std::array<Coord, 4>& winning_line() const { return line_; }

  friend bool operator==(const Position&, const Position&) = default;

 private:
  static std::size_t index(Coord c) { return static_cast<std::size_t>(c.row * kMaxSize + c.col); }
  // Whether the disc just dropped at `c` makes four in a line; records it.
  bool completes_line(Coord c);

  int rows_, cols_;
  std::array<std::int8_t, kMaxSize* kMaxSize> cells_ = filled_empty();
  int turn_ = kRed;
  int discs_ = 0;
  std::optional<int> winner_;
  std::array<Coord, 4> line_{};
  std::array<Event, 2> events_{};  // a drop, and perhaps the end
  int event_count_ = 0;

  static constexpr std::array<std::int8_t, kMaxSize * kMaxSize> filled_empty() {
    std::array<std::int8_t, kMaxSize * kMaxSize> cells{};
    cells.fill(-1);
    return cells;
  }
};

}  // namespace connect_four
