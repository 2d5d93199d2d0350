// The classic game on the line board: two players, four amazons each, no
// treasure; the player who cannot move loses. Perft and random playouts, the
// measures of the engine's speed, and the state the AI searches.
#pragma once

#include <array>
#include <cstdint>

#include "engine/random.hpp"
#include "games/amazons/lines.hpp"

namespace amazons {

struct StandardMove {
  std::uint16_t from, to, arrow;
};

class StandardGame {
 public:
  static constexpr int kAmazons = 4;
  static constexpr int kSquares = 100;
  StandardGame();  // the standard start, 10 x 10, player 0 ("white") to move

  int to_move() const { return to_move_; }
  const LineBoard& board() const { return board_; }
  const std::array<std::uint16_t, kAmazons>& amazons(int player) const {
    return amazons_[static_cast<std::size_t>(player)];
  }

  // Calls f(move) for every whole move of the player to move.
  template <typename F>
  void for_each_move(F&& f) const {
    LineBoard board = board_;
    const auto side = amazons_[static_cast<std::size_t>(to_move_)];  // f may play and undo
    for (int from : side) {
      board.vacate(from);
      board.for_each_queen_target(from, [&](int to) {
        board.occupy(to);
        board.for_each_queen_target(to, [&](int arrow) {
          f(StandardMove{static_cast<std::uint16_t>(from), static_cast<std::uint16_t>(to),
                         static_cast<std::uint16_t>(arrow)});
        });
        board.vacate(to);
      });
      board.occupy(from);
    }
  }

  void play(const StandardMove& m);
  void undo(const StandardMove& m);
  bool can_move() const;
  // Whole moves (move and arrow) of the player to move.
  std::int64_t count_moves();
  std::int64_t perft(int depth);
  // Plays a random game from here (amazon uniformly among those that can
  // move, then destination, then arrow); returns the winner and adds the
  // number of moves played to `moves`.
  int random_playout(engine::Random& rng, std::int64_t& moves);

 private:
  std::int64_t perft_two();

  LineBoard board_;
  std::array<std::array<std::uint16_t, kAmazons>, 2> amazons_{};
  int to_move_ = 0;
};

}  // namespace amazons
