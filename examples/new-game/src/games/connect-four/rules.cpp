#include "games/connect-four/rules.hpp"

namespace connect_four {

std::optional<Coord> Position::landing(int column) const {
  if (column < 0 || column >= cols_) return std::nullopt;
  for (int row = rows_ - 1; row >= 0; --row)
    if (at({row, column}) < 0) return Coord{row, column};
  return std::nullopt;
}

std::optional<Refusal> Position::refusal(int column) const {
  if (over()) return Refusal::GameOver;
  if (column < 0 || column >= cols_) return Refusal::NoSuchColumn;
  if (!landing(column)) return Refusal::ColumnFull;
  return std::nullopt;
}

std::optional<Refusal> Position::drop(int column) {
  if (const auto why = refusal(column)) return why;
  const Coord at = *landing(column);
  cells_[index(at)] = static_cast<std::int8_t>(turn_);
  ++discs_;
  events_[0] = {Event::Kind::Dropped, turn_, at};
  event_count_ = 1;
  if (completes_line(at)) {
    winner_ = turn_;
    events_[event_count_++] = {Event::Kind::Won, turn_, at};
  } else if (drawn()) {
    events_[event_count_++] = {Event::Kind::Drawn, turn_, at};
  }
  turn_ = 1 - turn_;
  return std::nullopt;
}

bool Position::completes_line(Coord c) {
  static constexpr std::array<Coord, 4> kAxes = {Coord{0, 1}, Coord{1, 0}, Coord{1, 1},
                                                 Coord{1, -1}};
  const int player = at(c);
  for (const Coord axis : kAxes) {
    // The run through `c` along the axis: back to its first disc, then forward.
    Coord first = c;
    while (on_board({first.row - axis.row, first.col - axis.col}) &&
           at({first.row - axis.row, first.col - axis.col}) == player)
      first = {first.row - axis.row, first.col - axis.col};
    int length = 0;
    for (Coord p = first; on_board(p) && at(p) == player; p = p + axis) ++length;
    if (length >= 4) {
      for (int i = 0; i < 4; ++i)
        line_[static_cast<std::size_t>(i)] = {first.row + i * axis.row, first.col + i * axis.col};
      return true;
    }
  }
  return false;
}

}  // namespace connect_four
