// RAIInet's fixed action ids and observation tensor (engine::Encoded).
#include <algorithm>

#include "games/raiinet/state.hpp"
#include "games/raiinet/text.hpp"

namespace raiinet {
namespace {

constexpr int kMoves = 64;     // 16 links x 4 directions
constexpr int kCardIds = 256;  // the most targets a card has (two links)

int direction_index(Direction d) {
  return static_cast<int>(d) / 2;  // N, E, S, W: 0 to 3
}

Direction direction_of(int index) {
  return engine::kOrthogonalDirections[static_cast<std::size_t>(index)];
}

int link_index(char letter) {
  return link_of_letter(letter).value_or(0);
}

}  // namespace

int State::action_id(const Action& action) const {
  if (!action.ability) return link_index(action.link) * 4 + direction_index(action.direction);
  if (action.card < 1 || action.card > kCards) return -1;
  const int base = kMoves + (action.card - 1) * kCardIds;
  const Card& card = game_.player(game_.current()).cards[static_cast<std::size_t>(action.card - 1)];
  switch (find_ability(card.ability)->needs) {
    case Needs::Link:
      return base + link_index(action.link);
    case Needs::Square:
      return base + action.square.row * kSize + action.square.col;
    case Needs::TwoLinks:
      return base + link_index(action.link) * 16 + link_index(action.other_link);
    case Needs::LinkAndDirection:
      return base + link_index(action.link) * 4 + direction_index(action.direction);
  }
  return base;
}

std::optional<State::Action> State::action_of_id(int id) const {
  if (id < 0 || id >= num_distinct_actions() || over()) return std::nullopt;
  if (id < kMoves) return Action{false, 0, link_letter(id / 4), 0, direction_of(id % 4), {}};
  const int card = (id - kMoves) / kCardIds + 1, target = (id - kMoves) % kCardIds;
  const Card& c = game_.player(game_.current()).cards[static_cast<std::size_t>(card - 1)];
  switch (find_ability(c.ability)->needs) {
    case Needs::Link:
      if (target >= 16) return std::nullopt;
      return Action{true, card, link_letter(target), 0, Direction::N, {}};
    case Needs::Square:
      if (target >= kSize * kSize) return std::nullopt;
      return Action{true, card, 0, 0, Direction::N, {target / kSize, target % kSize}};
    case Needs::TwoLinks:
      return Action{true,         card, link_letter(target / 16), link_letter(target % 16),
                    Direction::N, {}};
    case Needs::LinkAndDirection:
      if (target >= 64) return std::nullopt;
      return Action{true, card, link_letter(target / 4), 0, direction_of(target % 4), {}};
  }
  return std::nullopt;
}

void State::observation_tensor(int player, std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  constexpr int n = kSize * kSize;
  const auto plane = [&](int index) { return out.subspan(static_cast<std::size_t>(index * n), n); };
  const auto fill = [&](int index, float value) {
    auto cells = plane(index);
    std::fill(cells.begin(), cells.end(), value);
  };
  // The viewer's planes first (mine, then theirs).
  const auto seat = [&](int owner) { return engine::seat_plane(owner, player, 2); };
  for (int owner = 0; owner < 2; ++owner) {
    const int mine = seat(owner);
    for (const Link& l : game_.player(owner).links) {
      if (!l.on_board()) continue;
      const int at = l.at.row * kSize + l.at.col, base = mine * 7;
      plane(base)[at] = 1.0f;
      if (text::knows_value(game_, link_id(l.owner, l.index), player)) {
        plane(base + (l.value.kind == Kind::Data ? 1 : 2))[at] =
            static_cast<float>(l.value.strength) / 4.0f;
      } else {
        plane(base + 3)[at] = 1.0f;
      }
      if (l.revealed) plane(base + 4)[at] = 1.0f;
      if (l.boosted) plane(base + 5)[at] = 1.0f;
      if (l.frozen) plane(base + 6)[at] = 1.0f;
    }
    const PlayerState& s = game_.player(owner);
    if (!over() && to_move() == owner) fill(18 + mine, 1.0f);
    fill(20 + mine, static_cast<float>(s.data) / kToWin);
    fill(22 + mine, static_cast<float>(s.viruses) / kToWin);
    fill(24 + mine, static_cast<float>(game_.unused_cards(owner)) / kCards);
  }
  for (int row = 0; row < kSize; ++row) {
    for (int col = 0; col < kSize; ++col) {
      const int at = row * kSize + col;
      if (const auto owner = game_.firewall_at({row, col})) plane(14 + seat(*owner))[at] = 1.0f;
      if (const auto owner = game_.server_port_owner({row, col}))
        plane(16 + seat(*owner))[at] = 1.0f;
    }
  }
  if (game_.ability_used_this_turn()) fill(26, 1.0f);
  if (player < 0) return;  // a spectator knows no one's cards
  const auto& table = abilities();
  for (int c = 0; c < kCards; ++c) {
    const Card& card = game_.player(player).cards[static_cast<std::size_t>(c)];
    if (card.used) continue;
    const auto kind = std::find_if(table.begin(), table.end(),
                                   [&](const AbilitySpec& a) { return a.letter == card.ability; });
    fill(27 + c, static_cast<float>(kind - table.begin() + 1) / static_cast<float>(table.size()));
  }
}

}  // namespace raiinet
