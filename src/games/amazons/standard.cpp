#include "games/amazons/standard.hpp"

#include <vector>

namespace amazons {

StandardGame::StandardGame() : board_(10, 10) {
  static_assert(kSquares == 10 * 10);
  amazons_[0] = {static_cast<std::uint16_t>(board_.square(3, 0)),
                 static_cast<std::uint16_t>(board_.square(0, 3)),
                 static_cast<std::uint16_t>(board_.square(0, 6)),
                 static_cast<std::uint16_t>(board_.square(3, 9))};
  amazons_[1] = {static_cast<std::uint16_t>(board_.square(6, 0)),
                 static_cast<std::uint16_t>(board_.square(9, 3)),
                 static_cast<std::uint16_t>(board_.square(9, 6)),
                 static_cast<std::uint16_t>(board_.square(6, 9))};
  for (const auto& side : amazons_) {
    for (int sq : side) board_.occupy(sq);
  }
}

void StandardGame::play(const StandardMove& m) {
  auto& side = amazons_[static_cast<std::size_t>(to_move_)];
  for (auto& a : side) {
    if (a == m.from) a = m.to;
  }
  board_.vacate(m.from);
  board_.occupy(m.to);
  board_.occupy(m.arrow);
  to_move_ ^= 1;
}

void StandardGame::undo(const StandardMove& m) {
  to_move_ ^= 1;
  auto& side = amazons_[static_cast<std::size_t>(to_move_)];
  for (auto& a : side) {
    if (a == m.to) a = m.from;
  }
  board_.vacate(m.arrow);
  board_.vacate(m.to);
  board_.occupy(m.from);
}

bool StandardGame::can_move() const {
  for (int a : amazons_[static_cast<std::size_t>(to_move_)]) {
    if (board_.can_move(a)) return true;
  }
  return false;
}

std::int64_t StandardGame::count_moves() {
  std::int64_t total = 0;
  for (int a : amazons_[static_cast<std::size_t>(to_move_)]) total += board_.turn_count(a);
  return total;
}

std::int64_t StandardGame::perft(int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_moves();
  if (depth == 2) return perft_two();
  std::int64_t total = 0;
  for_each_move([&](const StandardMove& m) {  // it walks its own copy of the board
    play(m);
    total += perft(depth - 1);
    undo(m);
  });
  return total;
}

// An arrow only takes away the opponent's turns that pass through its
// square, so each move and destination needs one count of the opponent's
// turns with what each square would take (LineBoard::turn_touches), not a
// count per arrow.
std::int64_t StandardGame::perft_two() {
  std::int64_t total = 0;
  std::array<std::int32_t, kSquares> touches;
  const auto& opponents = amazons_[static_cast<std::size_t>(to_move_ ^ 1)];
  for (int from : amazons_[static_cast<std::size_t>(to_move_)]) {
    board_.vacate(from);
    board_.for_each_queen_target(from, [&](int to) {
      board_.occupy(to);
      touches.fill(0);
      std::int64_t turns = 0;
      for (int a : opponents) turns += board_.turn_touches(a, touches.data());
      board_.for_each_queen_target(
          to, [&](int arrow) { total += turns - touches[static_cast<std::size_t>(arrow)]; });
      board_.vacate(to);
    });
    board_.occupy(from);
  }
  return total;
}

int StandardGame::random_playout(engine::Random& rng, std::int64_t& moves) {
  while (true) {
    // An amazon uniformly among those that can move: draw among the
    // candidates left until one has a destination (most have, so one or
    // two draws); its runs serve to choose the destination too.
    auto& mine = amazons_[static_cast<std::size_t>(to_move_)];
    std::array<std::uint8_t, kAmazons> candidates{0, 1, 2, 3};  // indices into mine
    std::array<int, 8> runs;
    int left = kAmazons;
    int chosen = -1;
    int destinations = 0;
    while (left > 0) {
      const auto pick = rng.below(static_cast<std::uint32_t>(left));
      destinations = board_.queen_runs(mine[candidates[pick]], runs);
      if (destinations > 0) {
        chosen = candidates[pick];
        break;
      }
      candidates[pick] = candidates[static_cast<std::size_t>(--left)];
    }
    if (chosen < 0) return to_move_ ^ 1;  // the player to move cannot: the other wins
    const int from = mine[static_cast<std::size_t>(chosen)];
    const int to = board_.target_in_runs(
        from, runs, static_cast<int>(rng.below(static_cast<std::uint32_t>(destinations))));
    board_.vacate(from);
    const int arrows = board_.queen_runs(to, runs);
    const int arrow = board_.target_in_runs(
        to, runs, static_cast<int>(rng.below(static_cast<std::uint32_t>(arrows))));
    board_.occupy(to);
    board_.occupy(arrow);
    mine[static_cast<std::size_t>(chosen)] = static_cast<std::uint16_t>(to);
    to_move_ ^= 1;
    ++moves;
  }
}

}  // namespace amazons
