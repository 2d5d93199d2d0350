// The extended rules on the line board, move by move, for the AI's search:
// a turn is split into actions, first a move of an amazon, then its shot (an
// arrow, a spear, or none after a broken arrow), and again a move and a shot
// when a horse gives the same amazon another move. Two rule sets: the
// extended game (players who cannot move are skipped, the game ends when
// nobody can move, the most treasure wins) and the classic one (two players,
// the player who cannot move loses).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/game.hpp"
#include "engine/random.hpp"
#include "games/amazons/board.hpp"
#include "games/amazons/lines/lines.hpp"

namespace amazons {

enum class RuleSet { Extended, Standard };

struct Action {
  std::uint16_t from = 0;  // a move: the amazon's square; a shot: unused
  std::uint16_t to = 0;    // a move: its destination; a shot: the target
  bool shot = false;       // which of the two this is
  bool no_shot = false;    // the shot after a broken arrow: nothing
  friend bool operator==(const Action&, const Action&) = default;
};

// The extended game's result from the players' scores, for both engines
// (FastGame and the contract's State): the players with the most treasure
// share the win, as engine::Returns counts shares (a sole winner +1, each
// of the N - 1 others -1 / (N - 1); zero-sum).
engine::Returns most_treasure_returns(std::span<const long long> scores);

// Meets the game contract's Playable (engine/contract.hpp), for engine::Mcts.
class FastGame {
 public:
  using Action = amazons::Action;
  static constexpr int kMaxPlayers = engine::kMaxPlayers;
  using Values = engine::Returns;

  // The position of `board` with the player of id `to_move` to move. The
  // board must fit the line board.
  FastGame(const Board& board, int to_move, RuleSet rules);

  int players() const { return static_cast<int>(ids_.size()); }
  // An index into the players; kNoPlayer once the game is over.
  int to_move() const { return over_ ? engine::kNoPlayer : to_move_; }
  int id_of(int player) const { return ids_[static_cast<std::size_t>(player)]; }
  bool over() const { return over_; }
  bool awaiting_shot() const { return shooter_ >= 0; }
  // A horse lets the amazon that just shot move again (in this same turn).
  bool continuing() const { return continuing_ >= 0; }
  const LineBoard& board() const { return board_; }
  long long score(int player) const { return scores_[static_cast<std::size_t>(player)]; }
  std::uint8_t treasure(int sq) const { return treasure_[static_cast<std::size_t>(sq)]; }
  std::uint8_t artifact(int sq) const { return artifact_[static_cast<std::size_t>(sq)]; }
  const std::vector<std::uint16_t>& amazons(int player) const {
    return amazons_[static_cast<std::size_t>(player)];
  }

  void legal_actions(std::vector<Action>& out) const;
  void apply(const Action& action);
  // A uniformly random legal action (amazon, then destination, then target).
  Action random_action(engine::Random& rng) const;
  // The game's result for each player, as State::returns (zero-sum; the AI's
  // search reads it as shares of the win, engine::win_shares).
  Values returns() const;
  // A Zobrist key of the position, for a search's transposition table: the
  // squares taken, each amazon's player, who collected the treasure and
  // artifacts taken so far (so the scores), the player to move and the shot
  // or horse move awaited. The same position reached in another order has
  // the same key.
  std::uint64_t hash() const;

 private:
  enum class Key : std::uint64_t { Taken, Amazon, Collected, Turn };
  static std::uint64_t key(Key kind, int player, int sq);
  bool can_move(int player) const;
  void next_player();

  LineBoard board_;
  RuleSet rules_;
  std::vector<int> ids_;
  std::vector<std::vector<std::uint16_t>> amazons_;
  std::vector<long long> scores_;
  std::vector<std::uint8_t> treasure_;
  std::vector<std::uint8_t> artifact_;
  int to_move_ = 0;
  int shooter_ = -1;     // the square of the amazon that must shoot now
  bool spear_ = false;   // its shot is a spear
  bool horse_ = false;   // after the shot, another move of the same amazon
  int continuing_ = -1;  // the amazon a horse lets move again, if any
  bool over_ = false;
  std::uint64_t squares_key_ = 0;  // hash()'s keys of the squares, updated move by move
};

static_assert(engine::Playable<FastGame>);

}  // namespace amazons
