// Space Defender 2's fixed action ids and observation tensor (engine::Encoded).
#include <algorithm>

#include "games/space-defender-2/state.hpp"

namespace space_defender_2 {

int State::action_id(const Action& action) const {
  switch (action.kind) {
    case space_defender_2::Action::Pass:
      return 0;
    case space_defender_2::Action::Fire:
      return 1;
    case space_defender_2::Action::Special:
      return 2;
    case space_defender_2::Action::Move:
      return 3 + (action.target.row - 1) * battle_.cols() + action.target.col - 1;
  }
  return 0;
}

std::optional<State::Action> State::action_of_id(int id) const {
  static constexpr std::array<space_defender_2::Action, 3> kPlain = {
      space_defender_2::Action::Pass, space_defender_2::Action::Fire,
      space_defender_2::Action::Special};
  if (id < 0 || id >= num_distinct_actions()) return std::nullopt;
  if (id < 3) return Action{kPlain[static_cast<std::size_t>(id)], {}};
  const int square = id - 3;
  return Action{space_defender_2::Action::Move,
                {square / battle_.cols() + 1, square % battle_.cols() + 1}};
}

engine::MoveData State::describe(const Action& action, int viewer) const {
  (void)viewer;  // one player
  engine::MoveData move;
  move.id = action_id(action);
  move.action = action_text(action);
  move.notation = move.action;
  move.piece = "Starfighter";
  const Coord at = battle_.starfighter().at;
  switch (action.kind) {
    case space_defender_2::Action::Move:
      move.squares = {{at.row - 1, at.col - 1}, {action.target.row - 1, action.target.col - 1}};
      move.label = "Move to " + location_text(action.target);
      break;
    case space_defender_2::Action::Fire:
      move.label = "Fire";
      break;
    case space_defender_2::Action::Special:
      move.label = "Use the special";
      break;
    case space_defender_2::Action::Pass:
      move.label = "Pass the turn";
      break;
  }
  return move;
}

void State::observation_tensor(int player, std::span<float> out) const {
  (void)player;  // one player, who sees what the Starfighter sees
  std::fill(out.begin(), out.end(), 0.0f);
  const int cols = battle_.cols(), n = battle_.rows() * cols;
  const auto plane = [&](int index) { return out.subspan(static_cast<std::size_t>(index * n), n); };
  const auto fill = [&](int index, float value) {
    auto cells = plane(index);
    std::fill(cells.begin(), cells.end(), value);
  };
  const Starfighter& sf = battle_.starfighter();
  const auto index = [&](Coord at) { return (at.row - 1) * cols + at.col - 1; };
  const auto seen = [&](Coord at) { return Battle::distance(at, sf.at) <= sf.stats.vision; };
  for (int row = 1; row <= battle_.rows(); ++row) {
    for (int col = 1; col <= cols; ++col) {
      if (!seen({row, col})) plane(0)[index({row, col})] = 1.0f;
    }
  }
  if (!sf.destroyed) plane(1)[index(sf.at)] = 1.0f;
  for (const auto& [id, e] : battle_.enemies()) {
    if (!seen(e.at)) continue;
    plane(2 + static_cast<int>(e.kind))[index(e.at)] =
        e.max_health > 0 ? std::clamp(static_cast<float>(e.health) / e.max_health, 0.0f, 1.0f)
                         : 1.0f;
  }
  for (const auto& [id, p] : battle_.projectiles()) {
    if (seen(p.at)) plane(p.friendly ? 7 : 8)[index(p.at)] = 1.0f;
  }
  const auto share = [](int value, int most) {
    return most > 0 ? std::clamp(static_cast<float>(value) / most, 0.0f, 1.0f) : 0.0f;
  };
  fill(9, share(sf.health, sf.stats.health));
  fill(10, share(sf.energy, sf.stats.energy));
  const float score = static_cast<float>(std::max(0, sf.focus.score()));
  fill(11, score / (score + 100.0f));
  if (max_length_ < kNoLimit) fill(12, share(turns(), max_length_));
}

}  // namespace space_defender_2
