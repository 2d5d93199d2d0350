// The classic game on the line board: two players, four amazons each, no
// treasure; the player who cannot move loses. Perft and random playouts, the
// measures of the engine's speed, and the state the AI searches.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/random.hpp"
#include "games/amazons/lines/lines.hpp"

namespace amazons {

struct StandardMove {
  std::uint16_t from, to, arrow;
  friend bool operator==(const StandardMove&, const StandardMove&) = default;
};

// Meets the game contract (engine/contract.hpp): an action is a whole turn, the
// move and its arrow ("4,1 4,5 7,5"); random_action() is the playouts' fast
// path (an amazon uniformly among those that can move, then a destination,
// then an arrow), without listing every turn.
class StandardGame {
 public:
  using Action = StandardMove;
  static constexpr int kAmazons = 4;
  static constexpr int kSquares = 100;
  StandardGame();  // the standard start, 10 x 10, player 0 ("white") to move

  int players() const { return 2; }
  int to_move() const { return can_move() ? to_move_ : engine::kNoPlayer; }
  bool over() const { return !can_move(); }
  void legal_actions(std::vector<StandardMove>& out) const;
  void apply(const StandardMove& m) { play(m); }
  engine::Returns returns() const;  // the player who cannot move loses
  StandardMove random_action(engine::Random& rng) const;
  std::string action_text(const StandardMove& m) const;
  engine::Parsed<StandardMove> parse_action(std::string_view text) const;
  // The board, a row a line: '.' empty, 'W' and 'B' the two sides, 'x' an arrow.
  std::string observation(int player) const;
  std::string serialize() const;  // "to_move=N" and the board as observation() shows it
  static std::optional<StandardGame> deserialize(std::string_view text);
  friend bool operator==(const StandardGame& a, const StandardGame& b);
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

  // Inline: playouts through the contract call it every step.
  void play(const StandardMove& m) {
    auto& side = amazons_[static_cast<std::size_t>(to_move_)];
    for (auto& a : side) a = a == m.from ? m.to : a;
    board_.vacate(m.from);
    board_.occupy(m.to);
    board_.occupy(m.arrow);
    to_move_ ^= 1;
  }
  void undo(const StandardMove& m);
  bool can_move() const {
    for (int a : amazons_[static_cast<std::size_t>(to_move_)]) {
      if (board_.can_move(a)) return true;
    }
    return false;
  }
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

static_assert(engine::Game<StandardGame>);

}  // namespace amazons
