// SimOdyssey's fixed action ids and observation tensor (engine::Encoded),
// for both editions.
#include <algorithm>

#include "games/simodyssey/state.hpp"

namespace simodyssey {
namespace {

constexpr std::array<Kind, 10> kKinds = {
    Kind::Explorer, Kind::Planet,     Kind::Blackhole, Kind::YellowDwarf, Kind::BlueGiant,
    Kind::Wormhole, Kind::Malevolent, Kind::Benign,    Kind::Janitaur,    Kind::Asteroid};

}  // namespace

template <const Edition& E>
int BasicState<E>::action_id(const Action& action) const {
  switch (action.kind) {
    case ActionKind::Pass:
      return 0;
    case ActionKind::Wormhole:
      return 1;
    case ActionKind::Land:
      return 2;
    case ActionKind::Liftoff:
      return 3;
    case ActionKind::Move:
      return 4 + static_cast<int>(action.direction);
  }
  return 0;
}

template <const Edition& E>
std::optional<typename BasicState<E>::Action> BasicState<E>::action_of_id(int id) const {
  static constexpr std::array<ActionKind, 4> kPlain = {ActionKind::Pass, ActionKind::Wormhole,
                                                       ActionKind::Land, ActionKind::Liftoff};
  if (id < 0 || id >= num_distinct_actions()) return std::nullopt;
  if (id < 4) return Action{kPlain[static_cast<std::size_t>(id)], engine::Direction::N};
  return Action{ActionKind::Move, engine::kAllDirections[static_cast<std::size_t>(id - 4)]};
}

template <const Edition& E>
void BasicState<E>::observation_tensor(int player, std::span<float> out) const {
  (void)player;  // the galaxy is open
  std::fill(out.begin(), out.end(), 0.0f);
  constexpr int n = 25;
  const auto plane = [&](int index) { return out.subspan(static_cast<std::size_t>(index * n), n); };
  const auto fill = [&](int index, float value) {
    auto cells = plane(index);
    std::fill(cells.begin(), cells.end(), value);
  };
  for (const auto& [id, e] : galaxy_.entities()) {
    const int at = Galaxy::kShape.index(e.location.sector);
    const auto kind = std::find(kKinds.begin(), kKinds.end(), e.kind) - kKinds.begin();
    plane(static_cast<int>(kind))[at] += 0.25f;
    if (e.kind == Kind::Planet) {
      if (e.supports_life) plane(10)[at] += 0.25f;
      if (e.visited) plane(11)[at] += 0.25f;
      if (e.attached) plane(12)[at] += 0.25f;
    }
  }
  if (galaxy_.explorer_alive()) {
    const Entity& explorer = galaxy_.explorer();
    if (explorer.landed) fill(13, 1.0f);
    fill(14, static_cast<float>(explorer.fuel) / Entity::kMaxFuel);
    fill(15, static_cast<float>(explorer.life) / Entity::kMaxLife);
  }
  if (max_length_ < kNoLimit)
    fill(16, std::min(1.0f, static_cast<float>(turns()) / static_cast<float>(max_length_)));
}

template <const Edition& E>
engine::MoveData BasicState<E>::describe(const Action& action, int viewer) const {
  static constexpr std::array<const char*, 8> kWords = {
      "north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"};
  (void)viewer;  // the galaxy is open
  engine::MoveData move;
  move.id = action_id(action);
  move.action = action_text(action);
  move.notation = move.action;
  move.piece = "explorer";
  const auto from_zero = [](Coord c) { return Coord{c.row - 1, c.col - 1}; };
  const std::optional<Coord> at =
      galaxy_.explorer_alive() ? std::optional(galaxy_.explorer().location.sector) : std::nullopt;
  switch (action.kind) {
    case ActionKind::Move: {
      const auto d = static_cast<std::size_t>(action.direction);
      if (at)
        move.squares = {from_zero(*at),
                        from_zero(Galaxy::kShape.wrap(*at + step(action.direction)))};
      move.label = std::string("Move ") + kWords[d];
      return move;
    }
    case ActionKind::Pass:
      move.label = "Pass the turn";
      return move;
    case ActionKind::Wormhole:
      move.label = "Go through the wormhole";
      break;
    case ActionKind::Land:
      move.label = "Land on a planet";
      break;
    case ActionKind::Liftoff:
      move.label = "Lift off";
      break;
  }
  if (at) move.squares = {from_zero(*at)};
  return move;
}

template int BasicState<kPhase1>::action_id(const Action&) const;
template int BasicState<kPhase2>::action_id(const Action&) const;
template std::optional<BasicState<kPhase1>::Action> BasicState<kPhase1>::action_of_id(int) const;
template std::optional<BasicState<kPhase2>::Action> BasicState<kPhase2>::action_of_id(int) const;
template void BasicState<kPhase1>::observation_tensor(int, std::span<float>) const;
template void BasicState<kPhase2>::observation_tensor(int, std::span<float>) const;
template engine::MoveData BasicState<kPhase1>::describe(const Action&, int) const;
template engine::MoveData BasicState<kPhase2>::describe(const Action&, int) const;

}  // namespace simodyssey
