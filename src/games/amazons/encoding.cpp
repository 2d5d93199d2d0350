// Amazons' fixed action ids and observation tensor (engine::Encoded).
#include <algorithm>

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
  const int n = board_.rows() * board_.cols();
  return 2 * n + 8 * n * reach(board_);
}

int State::action_id(const Action& action) const {
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

void State::observation_tensor(int player, std::span<float> out) const {
  (void)player;  // nothing is hidden
  std::fill(out.begin(), out.end(), 0.0f);
  const int p = players(), n = board_.rows() * board_.cols();
  const auto plane = [&](int index) { return out.subspan(static_cast<std::size_t>(index * n), n); };
  const auto fill = [&](int index, float value) {
    auto cells = plane(index);
    std::fill(cells.begin(), cells.end(), value);
  };
  for (int q = 0; q < p; ++q) {
    if (!over_ && q == to_move_) fill(p + q, 1.0f);
    fill(2 * p + q, static_cast<float>(board_.players()[static_cast<std::size_t>(q)].score) /
                        static_cast<float>(5 * n));
  }
  for (int f = 0; f < n; ++f) {
    const Field& at = board_.at(coord(f));
    if (at.occupant == kObstacle) plane(3 * p)[f] = 1.0f;
    for (int q = 0; q < p; ++q)
      if (at.occupant != kEmpty && at.occupant == id_of(q)) plane(q)[f] = 1.0f;
    plane(3 * p + 1)[f] = static_cast<float>(at.treasure) / 5.0f;
    if (at.artifact != kNoArtifact) plane(3 * p + 1 + at.artifact)[f] = 1.0f;
  }
  if (shooter_ >= 0) plane(3 * p + 5)[shooter_] = 1.0f;
  if (shooter_ >= 0 && spear_) fill(3 * p + 6, 1.0f);
  if (continuing_ >= 0) plane(3 * p + 7)[continuing_] = 1.0f;
  if (placing_ && !over_) fill(3 * p + 8, 1.0f);
}

}  // namespace amazons
