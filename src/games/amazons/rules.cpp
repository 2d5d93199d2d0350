#include "games/amazons/rules.hpp"

#include <cstdlib>

#include "engine/random.hpp"

namespace amazons {

std::vector<Coord> amazons_of(const Board& board, int player) {
  std::vector<Coord> found;
  for (int row = 0; row < board.rows(); ++row) {
    for (int col = 0; col < board.cols(); ++col) {
      if (board.at({row, col}).occupant == player) found.push_back({row, col});
    }
  }
  return found;
}

std::vector<Coord> free_fields(const Board& board) {
  return amazons_of(board, kEmpty);
}

void queen_targets(const Board& board, Coord from, std::vector<Coord>& out) {
  for (Coord d : kQueenSteps) {
    for (Coord c = from + d; board.contains(c) && board.at(c).occupant == kEmpty; c = c + d) {
      out.push_back(c);
    }
  }
}

bool has_queen_move(const Board& board, Coord from) {
  for (Coord d : kQueenSteps) {
    const Coord c = from + d;
    if (board.contains(c) && board.at(c).occupant == kEmpty) return true;
  }
  return false;
}

void spear_targets(const Board& board, Coord from, std::vector<Coord>& out) {
  for (Coord d : kQueenSteps) {
    for (Coord c = from + d; board.contains(c); c = c + d) {
      if (board.at(c).occupant == kEmpty) out.push_back(c);
    }
  }
}

bool can_move(const Board& board, int player) {
  for (int row = 0; row < board.rows(); ++row) {
    for (int col = 0; col < board.cols(); ++col) {
      if (board.at({row, col}).occupant == player && has_queen_move(board, {row, col})) return true;
    }
  }
  return false;
}

bool on_queen_line(Coord from, Coord to) {
  const int dr = to.row - from.row;
  const int dc = to.col - from.col;
  return (dr != 0 || dc != 0) && (dr == 0 || dc == 0 || std::abs(dr) == std::abs(dc));
}

namespace {

// Whether the queen line from `from` to `to` is free of obstacles, `to` included.

}  // namespace

bool clear_line(const Board& board, Coord from, Coord to) {
  if (!board.contains(to) || !on_queen_line(from, to)) return false;
  const Coord d{(to.row > from.row) - (to.row < from.row),
                (to.col > from.col) - (to.col < from.col)};
  for (Coord c = from + d;; c = c + d) {
    if (board.at(c).occupant != kEmpty) return false;
    if (c == to) return true;
  }
}

std::optional<std::string> place_amazon(Board& board, int player, Coord at) {
  if (!board.contains(at)) return "field " + field_text(at) + " is not on the board";
  Field& f = board.at(at);
  if (f.occupant != kEmpty) return "field " + field_text(at) + " is occupied";
  f = Field{0, kNoArtifact, static_cast<std::uint8_t>(player)};
  return std::nullopt;
}

std::optional<std::string> play_step(Board& board, int player, Coord from, const Step& step,
                                     Artifact* collected) {
  if (!board.contains(from) || board.at(from).occupant != player) {
    return "there is no amazon of yours at " + field_text(from);
  }
  if (!clear_line(board, from, step.to)) {
    return "the amazon cannot move from " + field_text(from) + " to " + field_text(step.to) +
           " (a queen's line, over free fields only)";
  }
  const Field landing = board.at(step.to);
  const auto artifact = static_cast<Artifact>(landing.artifact);
  // Check the target on the board as it will be after the move.
  Board after = board;
  after.at(from) = Field{};
  after.at(step.to) = Field{0, kNoArtifact, static_cast<std::uint8_t>(player)};
  if (artifact == kBrokenArrow) {
    if (step.target) return "the broken arrow at " + field_text(step.to) + " allows no shot";
  } else {
    if (!step.target) return "a shot is needed after moving to " + field_text(step.to);
    const Coord t = *step.target;
    const bool ok = artifact == kSpear ? after.contains(t) && on_queen_line(step.to, t) &&
                                             after.at(t).occupant == kEmpty
                                       : clear_line(after, step.to, t);
    if (!ok) {
      return std::string(artifact == kSpear ? "the spear" : "an arrow") + " cannot land at " +
             field_text(t) + " from " + field_text(step.to);
    }
    after.at(t) = Field{0, kNoArtifact, kObstacle};
  }
  if (PlayerLine* p = after.player_by_id(player)) p->score += landing.treasure;
  board = std::move(after);
  if (collected) *collected = artifact;
  return std::nullopt;
}

std::optional<std::string> play_turn(Board& board, int player, const Turn& turn) {
  if (turn.steps.empty()) return "a turn needs a move";
  Board work = board;
  Coord at = turn.from;
  for (std::size_t i = 0; i < turn.steps.size(); ++i) {
    Artifact artifact = kNoArtifact;
    if (auto e = play_step(work, player, at, turn.steps[i], &artifact)) return e;
    at = turn.steps[i].to;
    const bool another = artifact == kHorse && has_queen_move(work, at);
    if (another && i + 1 == turn.steps.size()) return "the horse gives the amazon another move";
    if (!another && i + 1 < turn.steps.size()) return "no horse gives the amazon another move";
  }
  board = std::move(work);
  return std::nullopt;
}

Board standard_board() {
  Board board(10, 10);
  for (Coord c : {Coord{3, 0}, Coord{0, 3}, Coord{0, 6}, Coord{3, 9}}) board.at(c).occupant = 1;
  for (Coord c : {Coord{6, 0}, Coord{9, 3}, Coord{9, 6}, Coord{6, 9}}) board.at(c).occupant = 2;
  board.players() = {{"player1", 1, 0}, {"player2", 2, 0}};
  return board;
}

Board generate_board(int rows, int cols, int treasure_percent, int artifact_percent,
                     std::uint64_t seed) {
  engine::Random rng(seed);
  Board board(rows, cols);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      Field& f = board.at({r, c});
      if (static_cast<int>(rng.below(100)) < treasure_percent)
        f.treasure = static_cast<std::uint8_t>(rng.between(1, 5));
      if (static_cast<int>(rng.below(100)) < artifact_percent)
        f.artifact = static_cast<std::uint8_t>(rng.between(1, 3));
    }
  }
  return board;
}

}  // namespace amazons
