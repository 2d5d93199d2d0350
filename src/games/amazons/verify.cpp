#include "games/amazons/verify.hpp"

namespace amazons {
namespace {

bool same_players_but(const Board& a, const Board& b, int player) {
  if (a.players().size() != b.players().size()) return false;
  for (std::size_t i = 0; i < a.players().size(); ++i) {
    const PlayerLine& x = a.players()[i];
    const PlayerLine& y = b.players()[i];
    if (x.name != y.name || x.id != y.id || (x.id != player && x.score != y.score)) return false;
  }
  return true;
}

// Depth-first search over the steps of the amazon now at `at`, pruned by
// `after`: every shot lands where `after` has an obstacle, and a step that
// does not end the turn lands on a horse.
bool search(const Board& board, int player, Coord at, const Board& after) {
  std::vector<Coord> destinations;
  queen_targets(board, at, destinations);
  for (Coord to : destinations) {
    const auto artifact = static_cast<Artifact>(board.at(to).artifact);
    std::vector<std::optional<Coord>> shots;
    if (artifact == kBrokenArrow) {
      shots.push_back(std::nullopt);
    } else {
      Board moved = board;
      moved.at(at) = Field{};
      moved.at(to) = Field{0, kNoArtifact, static_cast<std::uint8_t>(player)};
      std::vector<Coord> targets;
      (artifact == kSpear ? spear_targets : queen_targets)(moved, to, targets);
      for (Coord t : targets) {
        if (after.at(t).occupant == kObstacle) shots.push_back(t);
      }
    }
    for (const auto& shot : shots) {
      Board next = board;
      if (play_step(next, player, at, Step{to, shot})) continue;
      const bool another = artifact == kHorse && has_queen_move(next, to);
      if (!another && next == after) return true;
      if (another && search(next, player, to, after)) return true;
    }
  }
  return false;
}

}  // namespace

std::optional<std::string> check_placement(const Board& before, const Board& after, int player) {
  if (before.rows() != after.rows() || before.cols() != after.cols())
    return "the board changed size";
  for (const Coord at : amazons_of(after, player)) {
    if (before.at(at).occupant == player) continue;
    Board placed = before;
    if (!placed.player_by_id(player) && after.player_by_id(player)) {
      placed.players().push_back(*after.player_by_id(player));
      if (placed.players().back().score != 0) return "a new player line must start at score 0";
    }
    if (place_amazon(placed, player, at)) return "the amazon was placed on an occupied field";
    if (placed == after) return std::nullopt;
    break;
  }
  return "the board is not the old one with one amazon of player " + std::to_string(player) +
         " placed";
}

std::optional<std::string> check_turn(const Board& before, const Board& after, int player) {
  if (before.rows() != after.rows() || before.cols() != after.cols())
    return "the board changed size";
  if (!same_players_but(before, after, player))
    return "a player line other than the mover's changed";
  for (const Coord from : amazons_of(before, player)) {
    if (after.at(from).occupant == player) continue;  // the amazon that moved left this field...
    if (search(before, player, from, after)) return std::nullopt;
  }
  // ...or came back to it by horse.
  for (const Coord from : amazons_of(before, player)) {
    if (after.at(from).occupant == player && search(before, player, from, after))
      return std::nullopt;
  }
  return "no legal turn of player " + std::to_string(player) + " leads to this board";
}

}  // namespace amazons
