#include "games/amazons/anticheat.hpp"

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

void check_amazons(const Board& before, const Board& now, int self_id,
                   std::vector<std::string>& out) {
  for (int q = 1; q <= kMaxPlayers; ++q) {
    if (q == self_id) continue;
    const auto old_fields = amazons_of(before, q);
    const auto new_fields = amazons_of(now, q);
    if (new_fields.size() < old_fields.size()) {
      out.push_back("player " + std::to_string(q) + " has fewer amazons than before");
      continue;
    }
    std::vector<Coord> left;
    for (Coord c : old_fields) {
      if (std::find(new_fields.begin(), new_fields.end(), c) == new_fields.end()) left.push_back(c);
    }
    for (Coord c : new_fields) {
      if (std::find(old_fields.begin(), old_fields.end(), c) != old_fields.end()) continue;
      if (before.at(c).occupant == kObstacle) {
        out.push_back("player " + std::to_string(q) + "'s amazon at " + square(c) +
                      " stands on an arrow");
        continue;
      }
      const bool placed = new_fields.size() > old_fields.size();
      const bool explained = placed || std::any_of(left.begin(), left.end(), [&](Coord from) {
                               return reachable(before, now, from, c, self_id);
                             });
      if (!explained) {
        out.push_back(
            "player " + std::to_string(q) + "'s amazon at " + square(c) +
            " could not have come there: every way from a field it left crosses an arrow");
      }
    }
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
