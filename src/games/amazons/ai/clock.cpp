#include "games/amazons/ai/clock.hpp"

#include <algorithm>
#include <vector>

namespace amazons {

int contested_squares(const Board& board) {
  const int rows = board.rows(), cols = board.cols();
  const auto& fields = board.fields();
  // Each region's players as bits (ids 1 to 8), and its size, by a flood
  // from each unlabelled empty square.
  std::vector<int> region(fields.size(), -1);
  std::vector<unsigned> touched;
  std::vector<int> size;
  std::vector<Coord> stack;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const Coord start{r, c};
      if (board.at(start).occupant != kEmpty || region[board.index(start)] >= 0) continue;
      const int label = static_cast<int>(size.size());
      size.push_back(0);
      touched.push_back(0);
      region[board.index(start)] = label;
      stack.push_back(start);
      while (!stack.empty()) {
        const Coord at = stack.back();
        stack.pop_back();
        ++size.back();
        for (int dr = -1; dr <= 1; ++dr) {
          for (int dc = -1; dc <= 1; ++dc) {
            const Coord next{at.row + dr, at.col + dc};
            if ((dr == 0 && dc == 0) || !board.contains(next)) continue;
            const std::uint8_t occupant = board.at(next).occupant;
            if (occupant != kEmpty && occupant != kObstacle) {
              touched.back() |= 1U << occupant;
            } else if (occupant == kEmpty && region[board.index(next)] < 0) {
              region[board.index(next)] = label;
              stack.push_back(next);
            }
          }
        }
      }
    }
  }
  int contested = 0;
  for (std::size_t i = 0; i < size.size(); ++i)
    if ((touched[i] & (touched[i] - 1)) != 0) contested += size[i];
  return contested;
}

int turn_time_ms(const Board& board, const engine::SeatClock& clock, TimeUse use) {
  const auto empty =
      static_cast<int>(std::count_if(board.fields().begin(), board.fields().end(),
                                     [](const Field& f) { return f.occupant == kEmpty; }));
  const int even_turns = std::max(10, empty / 2);
  if (use == TimeUse::Open) {
    if (const int contested = contested_squares(board); contested > 0)
      return engine::even_share_ms(clock, std::max(6, contested / 3));
  }
  return engine::even_share_ms(clock, even_turns);
}

}  // namespace amazons
