// Amazons' fixed action ids and observation tensor (engine::Encoded).
#include <algorithm>
#include <array>
#include <limits>

#include "games/amazons/state.hpp"

namespace amazons {
namespace {

using Kind = State::Action::Kind;

// The queen lines' reach: the longer side less one.
int reach(const Board& board) {
  return std::max(board.rows(), board.cols()) - 1;
}

}  // namespace

int State::num_distinct_actions() const {
  // Past about 645 x 645, more than an int can number: no ids at all (-1).
  const long long n = static_cast<long long>(board_.rows()) * board_.cols();
  const long long count = 2 * n + 8 * n * reach(board_);
  return count <= std::numeric_limits<int>::max() ? static_cast<int>(count) : -1;
}

int State::action_id(const Action& action) const {
  if (num_distinct_actions() < 0) return -1;
  const int n = board_.rows() * board_.cols(), far = reach(board_);
  switch (action.kind) {
    case Kind::Place:
      return action.to;
    case Kind::Shoot:
      return n + 8 * n * far + action.to;
    case Kind::Move: {
      const Coord from = coord(action.from), to = coord(action.to);
      const int dr = to.row - from.row, dc = to.col - from.col;
      const int distance = std::max(std::abs(dr), std::abs(dc));
      const Coord unit{distance ? dr / distance : 0, distance ? dc / distance : 0};
      const auto direction =
          std::find(kQueenSteps.begin(), kQueenSteps.end(), unit) - kQueenSteps.begin();
      return n + (action.from * 8 + static_cast<int>(direction)) * far + distance - 1;
    }
  }
  return 0;
}

std::optional<State::Action> State::action_of_id(int id) const {
  const int n = board_.rows() * board_.cols(), far = reach(board_);
  if (id < 0 || id >= num_distinct_actions()) return std::nullopt;
  if (id < n) return Action{Kind::Place, 0, id};
  if (id >= n + 8 * n * far) {
    if (shooter_ < 0) return std::nullopt;  // a shot is no action of this state
    return Action{Kind::Shoot, shooter_, id - n - 8 * n * far};
  }
  const int move = id - n;
  const int from = move / (8 * far), direction = move / far % 8, distance = move % far + 1;
  const Coord start = coord(from), step = kQueenSteps[static_cast<std::size_t>(direction)];
  const Coord to{start.row + step.row * distance, start.col + step.col * distance};
  if (!board_.contains(to)) return std::nullopt;
  return Action{Kind::Move, from, field(to)};
}

std::vector<int> State::observation_shape() const {
  return {3 * players() + 9, board_.rows(), board_.cols()};
}

void State::legal_ids(std::vector<int>& out) const {
  out.clear();
  if (over_ || num_distinct_actions() < 0) return;
  const std::vector<Field>& fields = board_.fields();
  const int n = static_cast<int>(fields.size()), far = reach(board_);
  const auto empty = [&](Coord c) { return board_.contains(c) && board_.at(c).occupant == kEmpty; };
  if (placing_) {
    for (int f = 0; f < n; ++f)
      if (fields[static_cast<std::size_t>(f)].occupant == kEmpty) out.push_back(f);
    return;
  }
  if (shooter_ >= 0) {
    const Coord from = coord(shooter_);
    for (const Coord d : kQueenSteps)
      for (Coord c = from + d; board_.contains(c) && (spear_ || empty(c)); c = c + d)
        if (empty(c)) out.push_back(n + 8 * n * far + static_cast<int>(board_.index(c)));
    return;
  }
  const auto moves_of = [&](int from) {
    const Coord start = coord(from);
    for (int direction = 0; direction < 8; ++direction) {
      const Coord d = kQueenSteps[static_cast<std::size_t>(direction)];
      const int first = n + (from * 8 + direction) * far;
      int distance = 1;
      for (Coord c = start + d; empty(c); c = c + d, ++distance)
        out.push_back(first + distance - 1);
    }
  };
  if (continuing_ >= 0) {
    moves_of(continuing_);
    return;
  }
  const int own = id_of(to_move_);
  for (int f = 0; f < n; ++f)
    if (fields[static_cast<std::size_t>(f)].occupant == own) moves_of(f);
}

void State::observation_tensor(int player, std::span<float> out) const {
  // Nothing is hidden; the planes are the viewer's first (mine, then theirs).
  std::fill(out.begin(), out.end(), 0.0f);
  const int p = players();
  const std::vector<Field>& fields = board_.fields();
  const std::size_t n = fields.size();
  const auto plane = [&](int index) { return out.data() + static_cast<std::size_t>(index) * n; };
  const auto fill = [&](int index, float value) { std::fill_n(plane(index), n, value); };
  // Each id's plane, to find an amazon's plane in one step (an occupant
  // is a digit: an id, empty or an obstacle).
  std::array<int, 10> seat_of_id;
  seat_of_id.fill(-1);
  for (int q = 0; q < p; ++q) {
    const int seat = engine::seat_plane(q, player, p);
    seat_of_id[static_cast<std::size_t>(id_of(q))] = seat;
    if (!over_ && q == to_move_) fill(p + seat, 1.0f);
    const long long score = board_.players()[static_cast<std::size_t>(q)].score;
    if (score != 0) fill(2 * p + seat, static_cast<float>(score) / static_cast<float>(5 * n));
  }
  float* const arrows = plane(3 * p);
  float* const treasure = plane(3 * p + 1);
  for (std::size_t f = 0; f < n; ++f) {
    const Field& at = fields[f];
    if (at.occupant == kObstacle) {
      arrows[f] = 1.0f;
    } else if (at.occupant != kEmpty && seat_of_id[at.occupant] >= 0) {
      plane(seat_of_id[at.occupant])[f] = 1.0f;
    }
    if (at.treasure != 0) treasure[f] = static_cast<float>(at.treasure) / 5.0f;
    if (at.artifact != kNoArtifact) plane(3 * p + 1 + at.artifact)[f] = 1.0f;
  }
  if (shooter_ >= 0) plane(3 * p + 5)[shooter_] = 1.0f;
  if (shooter_ >= 0 && spear_) fill(3 * p + 6, 1.0f);
  if (continuing_ >= 0) plane(3 * p + 7)[continuing_] = 1.0f;
  if (placing_ && !over_) fill(3 * p + 8, 1.0f);
}

}  // namespace amazons
