#include "games/amazons/protocol/anticheat.hpp"

#include <algorithm>

#include "games/amazons/rules.hpp"

namespace amazons {
namespace {

std::string square(Coord c) {
  return std::to_string(c.row + 1) + "," + std::to_string(c.col + 1);
}

// Whether a field blocks every amazon of the other players since `before`:
// arrows and spears never go away, and our own amazons do not move meanwhile.
bool permanent_obstacle(const Board& before, Coord c, int self_id) {
  const int occupant = before.at(c).occupant;
  return occupant == kObstacle || occupant == self_id;
}

bool clear_queen_line(const Board& before, Coord from, Coord to, int self_id) {
  if (!on_queen_line(from, to)) return false;
  const Coord d{(to.row > from.row) - (to.row < from.row),
                (to.col > from.col) - (to.col < from.col)};
  for (Coord c = from + d;; c = c + d) {
    if (permanent_obstacle(before, c, self_id)) return false;
    if (c == to) return true;
  }
}

// Whether an amazon could have gone from `from` to `to`: by one queen move,
// or by several when horses (collected since) gave it more.
bool reachable(const Board& before, const Board& now, Coord from, Coord to, int self_id) {
  std::vector<Coord> frontier = {from};
  std::vector<bool> seen(before.fields().size(), false);
  seen[before.index(from)] = true;
  while (!frontier.empty()) {
    const Coord at = frontier.back();
    frontier.pop_back();
    if (clear_queen_line(before, at, to, self_id)) return true;
    for (int row = 0; row < before.rows(); ++row) {
      for (int col = 0; col < before.cols(); ++col) {
        const Coord horse{row, col};
        const bool collected =
            before.at(horse).artifact == kHorse && now.at(horse).artifact != kHorse;
        if (!collected || seen[before.index(horse)]) continue;
        if (!clear_queen_line(before, at, horse, self_id)) continue;
        seen[before.index(horse)] = true;
        frontier.push_back(horse);
      }
    }
  }
  return false;
}

void check_fields(const Board& before, const Board& now, int self_id,
                  std::vector<std::string>& out) {
  long long treasure_gone = 0;
  for (int row = 0; row < now.rows(); ++row) {
    for (int col = 0; col < now.cols(); ++col) {
      const Field& b = before.at({row, col});
      const Field& n = now.at({row, col});
      const std::string where = "field " + square({row, col});
      if (b.occupant == kObstacle && n.occupant != kObstacle)
        out.push_back(where + ": an arrow or spear was removed");
      if (n.treasure > b.treasure) out.push_back(where + ": treasure appeared");
      if (n.artifact != b.artifact && n.artifact != kNoArtifact)
        out.push_back(where + ": an artifact appeared");
      if ((b.occupant == self_id) != (n.occupant == self_id)) {
        out.push_back(where + ": one of our amazons was moved, added or removed");
      }
      treasure_gone += b.treasure - n.treasure;
    }
  }
  long long scored = 0;
  for (const PlayerLine& p : now.players()) {
    if (const PlayerLine* old = before.player_by_id(p.id)) scored += p.score - old->score;
  }
  if (scored > treasure_gone) {
    out.push_back("the scores went up by " + std::to_string(scored) + " but only " +
                  std::to_string(treasure_gone) + " treasure left the board");
  }
}

void check_players(const Board& before, const Board& now, int self_id,
                   std::vector<std::string>& out) {
  for (const PlayerLine& old : before.players()) {
    const PlayerLine* p = now.player_by_id(old.id);
    if (!p || p->name != old.name) {
      out.push_back("player line " + old.name + " (id " + std::to_string(old.id) +
                    ") was removed or renamed");
      continue;
    }
    if (old.id == self_id && p->score != old.score) out.push_back("our score was changed");
    if (p->score < old.score) out.push_back("the score of " + old.name + " went down");
  }
}

// The document's loop: between two of our calls every other player makes at
// most one placement or one turn, and a turn moves one amazon (a horse gives
// the same amazon another move). So each player's amazons show at most one
// field left and one reached, or one placed; and the new arrows are at most
// one per player who moved plus one per horse collected.
void check_amazons(const Board& before, const Board& now, int self_id,
                   std::vector<std::string>& out) {
  int movers = 0;
  int still = 0;  // other players whose amazons stand where they stood
  for (int q = 1; q <= kMaxPlayers; ++q) {
    if (q == self_id) continue;
    const std::string who = "player " + std::to_string(q);
    const auto old_fields = amazons_of(before, q);
    const auto new_fields = amazons_of(now, q);
    if (new_fields.size() < old_fields.size()) {
      out.push_back(who + " has fewer amazons than before");
      continue;
    }
    if (new_fields.size() > old_fields.size() + 1) {
      out.push_back(who + " placed " + std::to_string(new_fields.size() - old_fields.size()) +
                    " amazons since our last call; a player places one at a time");
      continue;
    }
    std::vector<Coord> left, reached;
    for (Coord c : old_fields) {
      if (std::find(new_fields.begin(), new_fields.end(), c) == new_fields.end()) left.push_back(c);
    }
    for (Coord c : new_fields) {
      if (std::find(old_fields.begin(), old_fields.end(), c) == old_fields.end())
        reached.push_back(c);
    }
    const bool placed = new_fields.size() > old_fields.size();
    if (placed && !left.empty()) {
      out.push_back(who + " placed an amazon and moved another since our last call");
      continue;
    }
    if (left.size() > 1) {
      out.push_back(who + " moved " + std::to_string(left.size()) +
                    " amazons since our last call; a turn moves one");
      continue;
    }
    movers += !left.empty();
    still += !placed && left.empty() && !old_fields.empty();
    for (Coord c : reached) {
      if (before.at(c).occupant == kObstacle) {
        out.push_back(who + "'s amazon at " + square(c) + " stands on an arrow");
        continue;
      }
      if (!placed && !reachable(before, now, left.at(0), c, self_id)) {
        out.push_back(who + "'s amazon at " + square(c) +
                      " could not have come there: every way from a field it left crosses an "
                      "arrow");
      }
    }
  }
  int new_arrows = 0, horses_collected = 0;
  for (std::size_t i = 0; i < now.fields().size(); ++i) {
    const Field &b = before.fields()[i], &n = now.fields()[i];
    new_arrows += n.occupant == kObstacle && b.occupant != kObstacle;
    horses_collected += b.artifact == kHorse && n.artifact != kHorse;
  }
  // A horse may bring an amazon back to where its turn began: such a turn
  // leaves its amazons as they were, and collected at least one horse.
  const int returned = std::min(still, horses_collected);
  if (new_arrows > movers + returned + horses_collected) {
    out.push_back(std::to_string(new_arrows) + " arrows appeared since our last call, more than " +
                  std::to_string(movers + returned) + " turn(s) with " +
                  std::to_string(horses_collected) + " horse(s) can shoot");
  }
}

}  // namespace

std::vector<std::string> find_cheats(const Board& written, const Board& read, int self_id) {
  std::vector<std::string> findings;
  if (written.rows() != read.rows() || written.cols() != read.cols()) return findings;
  check_players(written, read, self_id, findings);
  check_fields(written, read, self_id, findings);
  check_amazons(written, read, self_id, findings);
  return findings;
}

}  // namespace amazons
