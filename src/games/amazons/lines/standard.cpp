#include "games/amazons/lines/standard.hpp"

#include <algorithm>
#include <vector>

#include "engine/words.hpp"
#include "games/amazons/board.hpp"

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

StandardMove StandardGame::random_action(engine::Random& rng) const {
  // An amazon uniformly among those that can move: draw among the candidates
  // left until one has a destination (most have, so one or two draws); its
  // runs serve to choose the destination too.
  const auto& mine = amazons_[static_cast<std::size_t>(to_move_)];
  std::array<std::uint8_t, kAmazons> candidates{0, 1, 2, 3};  // indices into mine
  std::array<int, 8> runs;
  int left = kAmazons;
  int from = -1;
  int destinations = 0;
  while (left > 0) {
    const auto pick = rng.below(static_cast<std::uint32_t>(left));
    destinations = board_.queen_runs(mine[candidates[pick]], runs);
    if (destinations > 0) {
      from = mine[candidates[pick]];
      break;
    }
    candidates[pick] = candidates[static_cast<std::size_t>(--left)];
  }
  const int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(destinations)));
  const int to = board_.target_in_runs(from, runs, k);
  // The arrow's runs from `to` as if `from` were empty, without touching the
  // board: back along the move's line, the run goes on through `from` and as
  // far beyond it as `from`'s own run in that direction.
  const int back = LineBoard::run_of(runs, k) ^ 1;
  const int beyond = 1 + runs[static_cast<std::size_t>(back)];
  std::array<int, 8> arrow_runs;
  const int arrows = board_.queen_runs(to, arrow_runs) + beyond;
  arrow_runs[static_cast<std::size_t>(back)] += beyond;
  const int arrow = board_.target_in_runs(
      to, arrow_runs, static_cast<int>(rng.below(static_cast<std::uint32_t>(arrows))));
  return {static_cast<std::uint16_t>(from), static_cast<std::uint16_t>(to),
          static_cast<std::uint16_t>(arrow)};
}

// The fused loop of random_action and play, the playouts' hot path: the
// chosen amazon is updated by its index and `from` is vacated before the
// arrow's runs are read (measured faster than the contract's two steps).
int StandardGame::random_playout(engine::Random& rng, std::int64_t& moves) {
  while (true) {
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

void StandardGame::legal_actions(std::vector<StandardMove>& out) const {
  out.clear();
  for_each_move([&](const StandardMove& m) { out.push_back(m); });
}

engine::Returns StandardGame::returns() const {
  if (!can_move()) return engine::two_player_returns(to_move_ ^ 1);
  return {};
}

namespace {

std::string field_text(int sq) {
  return amazons::field_text({sq / 10, sq % 10});
}

}  // namespace

std::string StandardGame::action_text(const StandardMove& m) const {
  return field_text(m.from) + " " + field_text(m.to) + " " + field_text(m.arrow);
}

engine::Parsed<StandardMove> StandardGame::parse_action(std::string_view text) const {
  const auto words = engine::split_words(text);
  if (words.size() != 3)
    return engine::Parsed<StandardMove>::refused(
        "write a turn as: FROM TO TARGET, e.g. 4,1 5,2 5,8");
  std::array<std::uint16_t, 3> fields{};
  for (std::size_t i = 0; i < 3; ++i) {
    auto c = read_field(words[i], 10, 10);
    if (const auto* why = std::get_if<std::string>(&c))
      return engine::Parsed<StandardMove>::refused(*why);
    const Coord at = std::get<Coord>(c);
    fields[i] = static_cast<std::uint16_t>(at.row * 10 + at.col);
  }
  return StandardMove{fields[0], fields[1], fields[2]};
}

std::string StandardGame::observation(int player) const {
  (void)player;
  std::string text;
  for (int sq = 0; sq < kSquares; ++sq) {
    char c = board_.occupied(sq) ? 'x' : '.';
    for (int side = 0; side < 2; ++side) {
      for (int a : amazons_[static_cast<std::size_t>(side)]) {
        if (a == sq) c = side == 0 ? 'W' : 'B';
      }
    }
    text += c;
    if (sq % 10 == 9) text += '\n';
  }
  return text;
}

std::string StandardGame::serialize() const {
  return "to_move=" + std::to_string(to_move_) + "\n" + observation(0);
}

std::optional<StandardGame> StandardGame::deserialize(std::string_view text) {
  if (!text.starts_with("to_move=") || text.size() != 10 + 110 ||
      (text[8] != '0' && text[8] != '1') || text[9] != '\n')
    return std::nullopt;
  StandardGame game;
  for (int sq = 0; sq < kSquares; ++sq) {
    if (game.board_.occupied(sq)) game.board_.vacate(sq);
  }
  game.to_move_ = text[8] - '0';
  std::array<std::size_t, 2> placed{};
  for (int sq = 0; sq < kSquares; ++sq) {
    const char c = text[10 + static_cast<std::size_t>(sq / 10 * 11 + sq % 10)];
    if (c == '.') continue;
    if (c != 'x' && c != 'W' && c != 'B') return std::nullopt;
    game.board_.occupy(sq);
    if (c == 'x') continue;
    const std::size_t side = c == 'W' ? 0 : 1;
    if (placed[side] == kAmazons) return std::nullopt;
    game.amazons_[side][placed[side]++] = static_cast<std::uint16_t>(sq);
  }
  if (placed[0] != kAmazons || placed[1] != kAmazons) return std::nullopt;
  for (int row = 0; row < 10; ++row) {
    if (text[10 + static_cast<std::size_t>(row * 11 + 10)] != '\n') return std::nullopt;
  }
  return game;
}

bool operator==(const StandardGame& a, const StandardGame& b) {
  if (a.to_move_ != b.to_move_) return false;
  for (int side = 0; side < 2; ++side) {
    auto x = a.amazons_[static_cast<std::size_t>(side)],
         y = b.amazons_[static_cast<std::size_t>(side)];
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    if (x != y) return false;
  }
  for (int sq = 0; sq < StandardGame::kSquares; ++sq) {
    if (a.board_.occupied(sq) != b.board_.occupied(sq)) return false;
  }
  return true;
}

}  // namespace amazons
