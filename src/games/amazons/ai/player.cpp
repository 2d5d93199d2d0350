#include "games/amazons/ai/player.hpp"

namespace amazons {
namespace {

int mobility(const Board& board, Coord at) {
  int free = 0;
  for (Coord d : kQueenSteps) {
    for (Coord c = at + d; board.contains(c) && board.at(c).occupant == kEmpty; c = c + d) ++free;
  }
  return free;
}

int artifact_value(std::uint8_t artifact) {
  switch (artifact) {
    case kHorse:
      return 6;
    case kSpear:
      return 2;
    case kBrokenArrow:
      return -1;
    default:
      return 0;
  }
}

// How much a shot at `target` hurts the other players: the free squares it
// takes from their amazons' immediate neighbourhoods.
int shot_value(const Board& board, int player, Coord target) {
  int value = 0;
  for (Coord d : kQueenSteps) {
    const Coord c = target + d;
    if (!board.contains(c)) continue;
    const int occupant = board.at(c).occupant;
    if (occupant >= 1 && occupant <= kMaxPlayers) value += occupant == player ? -2 : 3;
  }
  return value;
}

// The best single step for the amazon at `from` on `board`.
std::optional<Step> choose_step(const Board& board, int player, Coord from, engine::Random& rng) {
  std::vector<Coord> destinations;
  queen_targets(board, from, destinations);
  const auto to = best_of(destinations, rng, [&](Coord c) {
    const Field& f = board.at(c);
    return 10 * f.treasure + 5 * artifact_value(f.artifact) + mobility(board, c);
  });
  if (!to) return std::nullopt;
  Board moved = board;
  moved.at(from) = Field{};
  const auto artifact = moved.at(*to).artifact;
  moved.at(*to) = Field{0, kNoArtifact, static_cast<std::uint8_t>(player)};
  if (artifact == kBrokenArrow) return Step{*to, std::nullopt};
  std::vector<Coord> targets;
  (artifact == kSpear ? spear_targets : queen_targets)(moved, *to, targets);
  const auto target = best_of(targets, rng, [&](Coord c) {
    return 4 * shot_value(moved, player, c) - moved.at(c).treasure;
  });
  return Step{*to, target};
}

}  // namespace

std::optional<Coord> choose_placement(const Board& board, int player, engine::Random& rng) {
  (void)player;
  const auto reach = ray_totals(board, [](const Field&) { return 1; });
  return best_of(free_fields(board), rng,
                 [&](Coord c) { return 2 * reach[board.index(c)] + board.at(c).treasure; });
}

std::optional<Turn> choose_turn(const Board& board, int player, engine::Random& rng) {
  std::vector<Coord> movable;
  for (Coord a : amazons_of(board, player)) {
    if (has_queen_move(board, a)) movable.push_back(a);
  }
  if (movable.empty()) return std::nullopt;
  // The amazon whose best destination is best, judged by a quick look.
  const auto from = best_of(movable, rng, [&](Coord a) {
    std::vector<Coord> destinations;
    queen_targets(board, a, destinations);
    int best = 0;
    for (Coord c : destinations)
      best = std::max(best, 10 * board.at(c).treasure + 5 * artifact_value(board.at(c).artifact));
    return best;
  });
  Turn turn{*from, {}};
  Board work = board;
  Coord at = *from;
  while (true) {
    const auto step = choose_step(work, player, at, rng);
    Artifact artifact = kNoArtifact;
    if (!step || play_step(work, player, at, *step, &artifact)) break;
    turn.steps.push_back(*step);
    at = step->to;
    if (artifact != kHorse || !has_queen_move(work, at)) break;
  }
  return turn;
}

}  // namespace amazons
