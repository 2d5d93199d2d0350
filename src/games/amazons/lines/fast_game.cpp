#include "games/amazons/lines/fast_game.hpp"

#include <algorithm>

namespace amazons {

FastGame::FastGame(const Board& board, int to_move, RuleSet rules)
    : board_(board.rows(), board.cols()),
      rules_(rules),
      treasure_(static_cast<std::size_t>(board.rows() * board.cols())),
      artifact_(static_cast<std::size_t>(board.rows() * board.cols())) {
  for (const PlayerLine& p : board.players()) ids_.push_back(p.id);
  std::sort(ids_.begin(), ids_.end());
  amazons_.resize(ids_.size());
  scores_.resize(ids_.size());
  for (std::size_t i = 0; i < ids_.size(); ++i) {
    scores_[i] = board.player_by_id(ids_[i])->score;
    if (ids_[i] == to_move) to_move_ = static_cast<int>(i);
  }
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      const Field& f = board.at({r, c});
      const int sq = board_.square(r, c);
      treasure_[static_cast<std::size_t>(sq)] = f.treasure;
      artifact_[static_cast<std::size_t>(sq)] = f.artifact;
      if (f.occupant == kEmpty) continue;
      board_.occupy(sq);
      squares_key_ ^= key(Key::Taken, 0, sq);
      const auto found = std::find(ids_.begin(), ids_.end(), f.occupant);
      if (found == ids_.end()) continue;
      const int player = static_cast<int>(found - ids_.begin());
      amazons_[static_cast<std::size_t>(player)].push_back(static_cast<std::uint16_t>(sq));
      squares_key_ ^= key(Key::Amazon, player, sq);
    }
  }
  if (!can_move(to_move_)) next_player();
}

std::uint64_t FastGame::key(Key kind, int player, int sq) {
  return engine::mix64((static_cast<std::uint64_t>(kind) << 32) ^
                       (static_cast<std::uint64_t>(player) << 16) ^ static_cast<std::uint64_t>(sq));
}

std::uint64_t FastGame::hash() const {
  // What else decides the game from here, in 30 bits (a square fits 12);
  // the artifact flags only count until the shot (they are not reset).
  const bool shooting = shooter_ >= 0;
  const std::uint64_t turn = static_cast<std::uint64_t>(to_move_) | std::uint64_t{over_} << 3 |
                             std::uint64_t{shooting && spear_} << 4 |
                             std::uint64_t{shooting && horse_} << 5 |
                             static_cast<std::uint64_t>(shooter_ + 1) << 6 |
                             static_cast<std::uint64_t>(continuing_ + 1) << 18;
  return squares_key_ ^ engine::mix64(static_cast<std::uint64_t>(Key::Turn) << 32 ^ turn);
}

bool FastGame::can_move(int player) const {
  for (int a : amazons_[static_cast<std::size_t>(player)]) {
    if (board_.can_move(a)) return true;
  }
  return false;
}

void FastGame::next_player() {
  continuing_ = -1;
  if (rules_ == RuleSet::Standard) {
    to_move_ = (to_move_ + 1) % players();
    over_ = !can_move(to_move_);
    return;
  }
  for (int k = 1; k <= players(); ++k) {
    const int p = (to_move_ + k) % players();
    if (can_move(p)) {
      to_move_ = p;
      return;
    }
  }
  over_ = true;
}

void FastGame::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (over_) return;
  if (shooter_ >= 0) {
    if (!spear_) {
      board_.for_each_queen_target(shooter_, [&](int t) {
        out.push_back({0, static_cast<std::uint16_t>(t), true, false});
      });
      return;
    }
    // A spear: any free square on the queen lines, over obstacles.
    const int r0 = board_.row_of(shooter_), c0 = board_.col_of(shooter_);
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        if (dr == 0 && dc == 0) continue;
        for (int r = r0 + dr, c = c0 + dc;
             r >= 0 && r < board_.rows() && c >= 0 && c < board_.cols(); r += dr, c += dc) {
          if (!board_.occupied(board_.square(r, c)))
            out.push_back({0, static_cast<std::uint16_t>(board_.square(r, c)), true, false});
        }
      }
    }
    return;
  }
  for (int a : amazons_[static_cast<std::size_t>(to_move_)]) {
    if (continuing_ >= 0 && a != continuing_) continue;
    board_.for_each_queen_target(a, [&](int to) {
      out.push_back({static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(to), false, false});
    });
  }
}

void FastGame::apply(const Action& action) {
  if (action.shot) {
    if (!action.no_shot) {
      board_.occupy(action.to);
      squares_key_ ^= key(Key::Taken, 0, action.to);
    }
    const int amazon = shooter_;
    shooter_ = -1;
    if (horse_ && board_.can_move(amazon)) {
      continuing_ = amazon;
      return;
    }
    next_player();
    return;
  }
  auto& mine = amazons_[static_cast<std::size_t>(to_move_)];
  for (auto& a : mine) {
    if (a == action.from) a = action.to;
  }
  board_.vacate(action.from);
  board_.occupy(action.to);
  squares_key_ ^= key(Key::Taken, 0, action.from) ^ key(Key::Taken, 0, action.to) ^
                  key(Key::Amazon, to_move_, action.from) ^ key(Key::Amazon, to_move_, action.to);
  const auto sq = static_cast<std::size_t>(action.to);
  if (treasure_[sq] != 0 || artifact_[sq] != 0)
    squares_key_ ^= key(Key::Collected, to_move_, action.to);
  scores_[static_cast<std::size_t>(to_move_)] += treasure_[sq];
  const std::uint8_t artifact = artifact_[sq];
  treasure_[sq] = 0;
  artifact_[sq] = 0;
  horse_ = artifact == kHorse;
  spear_ = artifact == kSpear;
  continuing_ = -1;
  if (artifact == kBrokenArrow) {
    shooter_ = action.to;
    apply(Action{0, 0, true, true});
    return;
  }
  shooter_ = action.to;
}

Action FastGame::random_action(engine::Random& rng) const {
  if (shooter_ >= 0 && !spear_) {
    std::array<int, 8> runs;
    const int n = board_.queen_runs(shooter_, runs);
    return {0,
            static_cast<std::uint16_t>(board_.target_in_runs(
                shooter_, runs, static_cast<int>(rng.below(static_cast<std::uint32_t>(n))))),
            true, false};
  }
  if (shooter_ >= 0) {
    std::vector<Action> all;
    legal_actions(all);
    return all[rng.below(static_cast<std::uint32_t>(all.size()))];
  }
  std::array<int, 64> movable;
  int n = 0;
  for (int a : amazons_[static_cast<std::size_t>(to_move_)]) {
    if ((continuing_ < 0 || a == continuing_) && board_.can_move(a) && n < 64)
      movable[static_cast<std::size_t>(n++)] = a;
  }
  const int from = movable[rng.below(static_cast<std::uint32_t>(n))];
  std::array<int, 8> runs;
  const int count = board_.queen_runs(from, runs);
  const int to = board_.target_in_runs(
      from, runs, static_cast<int>(rng.below(static_cast<std::uint32_t>(count))));
  return {static_cast<std::uint16_t>(from), static_cast<std::uint16_t>(to), false, false};
}

FastGame::Values FastGame::returns() const {
  // Standard: the player to move when the game ended could not move and lost.
  if (rules_ == RuleSet::Standard) return engine::two_player_returns(1 - to_move_);
  return most_treasure_returns(scores_);
}

engine::Returns most_treasure_returns(std::span<const long long> scores) {
  engine::Returns shares{};
  const long long best = *std::max_element(scores.begin(), scores.end());
  const auto tied = std::count(scores.begin(), scores.end(), best);
  for (std::size_t p = 0; p < scores.size(); ++p) {
    if (scores[p] == best) shares[p] = 1.0 / static_cast<double>(tied);
  }
  return engine::returns_of_shares(shares, static_cast<int>(scores.size()));
}

}  // namespace amazons
