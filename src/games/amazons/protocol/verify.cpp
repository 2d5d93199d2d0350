#include "games/amazons/protocol/verify.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_set>

namespace amazons {
namespace {

// The order of the player lines means nothing: a program may write them in
// another order.
bool same_players_but(const Board& a, const Board& b, int player) {
  if (a.players().size() != b.players().size()) return false;
  for (const PlayerLine& x : a.players()) {
    const PlayerLine* y = b.player_by_id(x.id);
    if (!y || x.name != y->name || (x.id != player && x.score != y->score)) return false;
  }
  return true;
}

// Depth-first search for the steps of the amazon now at `at` that lead from
// `before` to `after`, pruned by what `after` shows:
// - every field the amazon lands on holds no treasure or artifact in `after`
//   (it took them; an arrow may have covered the field since), so a chain of
//   horses only passes horses that are gone;
// - every shot lands on a new obstacle of `after`, each once;
// - every field whose treasure or artifact is gone without an obstacle on it
//   (`must_visit`) was landed on, and each step lands on at most one and uses
//   one new obstacle (a broken arrow, the last step, none): so a branch
//   stops as soon as the obstacles left are too few for the fields left.
// If a board with many horses gone still makes the search long, it gives up
// after kStepBudget steps.
class TurnSearch {
 public:
  static constexpr int kStepBudget = 100000;

  TurnSearch(const Board& before, const Board& after, int player) : after_(after), player_(player) {
    for (int r = 0; r < before.rows(); ++r) {
      for (int c = 0; c < before.cols(); ++c) {
        const Field& was = before.at({r, c});
        const Field& is = after.at({r, c});
        if (is.occupant == kObstacle && was.occupant != kObstacle) ++new_obstacles_;
        if (was.occupant == kEmpty && (was.treasure != 0 || was.artifact != kNoArtifact) &&
            is == Field{}) {
          ++must_visit_;
        }
      }
    }
  }
  bool exhausted() const { return steps_left_ < 0; }

  // Whether the amazon at `at` has steps that lead to `after`; steps() are
  // they when it has.
  bool leads_to_after(const Board& board, Coord at) {
    path_.clear();
    return search(board, at, must_visit_, new_obstacles_);
  }
  const std::vector<Step>& steps() const { return path_; }

 private:
  bool search(const Board& board, Coord at, int must_visit, int obstacles) {
    if (must_visit > obstacles + 1) return false;
    // The same fields, score and square reached by another order of the
    // same steps: a dead end found once is not searched again.
    const std::string_view fields(reinterpret_cast<const char*>(board.fields().data()),
                                  board.fields().size() * sizeof(Field));
    const PlayerLine* mover = board.player_by_id(player_);
    const std::uint64_t key = std::hash<std::string_view>{}(fields)*31 + board.index(at) * 1000003 +
                              static_cast<std::uint64_t>(mover ? mover->score : 0);
    if (dead_ends_.count(key)) return false;
    const bool found = expand(board, at, must_visit, obstacles);
    if (!found && !exhausted()) dead_ends_.insert(key);
    return found;
  }

  bool expand(const Board& board, Coord at, int must_visit, int obstacles) {
    std::vector<Coord> destinations;
    queen_targets(board, at, destinations);
    for (Coord to : destinations) {
      const Field& left_there = after_.at(to);
      if (left_there.treasure != 0 || left_there.artifact != kNoArtifact) continue;
      if (--steps_left_ < 0) return false;
      const Field& landing = board.at(to);
      const int must_after = must_visit - (left_there == Field{} && landing != Field{});
      for (const auto& shot : shots(board, at, to)) {
        Board next = board;
        if (play_step(next, player_, at, Step{to, shot})) continue;
        const bool another = landing.artifact == kHorse && has_queen_move(next, to);
        path_.push_back(Step{to, shot});
        if (!another && next.fields() == after_.fields() && same_players_but(next, after_, 0))
          return true;
        if (another && search(next, to, must_after, obstacles - (shot ? 1 : 0))) return true;
        path_.pop_back();
        if (exhausted()) return false;
      }
    }
    return false;
  }

  // The shots after moving from `at` to `to` that land on an obstacle of `after`.
  std::vector<std::optional<Coord>> shots(const Board& board, Coord at, Coord to) const {
    const auto artifact = static_cast<Artifact>(board.at(to).artifact);
    if (artifact == kBrokenArrow) return {std::nullopt};
    Board moved = board;
    moved.at(at) = Field{};
    moved.at(to) = Field{0, kNoArtifact, static_cast<std::uint8_t>(player_)};
    std::vector<Coord> targets;
    (artifact == kSpear ? spear_targets : queen_targets)(moved, to, targets);
    std::vector<std::optional<Coord>> shots;
    for (Coord t : targets) {
      if (after_.at(t).occupant == kObstacle) shots.emplace_back(t);
    }
    return shots;
  }

  const Board& after_;
  int player_;
  int must_visit_ = 0;
  int new_obstacles_ = 0;
  int steps_left_ = kStepBudget;
  std::unordered_set<std::uint64_t> dead_ends_;  // hashes of states
  std::vector<Step> path_;                       // the steps of the branch searched
};

// The fields in `a` that are not in `b`.
std::vector<Coord> missing_from(const std::vector<Coord>& a, const std::vector<Coord>& b) {
  std::vector<Coord> out;
  for (Coord c : a) {
    if (std::find(b.begin(), b.end(), c) == b.end()) out.push_back(c);
  }
  return out;
}

std::string fields_text(const std::vector<Coord>& fields) {
  std::string out;
  for (Coord c : fields) out += (out.empty() ? "" : " ") + field_text(c);
  return out;
}

// The rules a change breaks that can be seen without searching for a turn:
// another player's amazons touched, arrows removed, goods appearing.
std::optional<std::string> breach_of_others(const Board& before, const Board& after, int player) {
  for (int q = 1; q <= kMaxPlayers; ++q) {
    if (q == player || amazons_of(before, q) == amazons_of(after, q)) continue;
    return "an amazon of player " + std::to_string(q) +
           " was moved, added or removed (only the mover's own amazons may move)";
  }
  for (int r = 0; r < before.rows(); ++r) {
    for (int c = 0; c < before.cols(); ++c) {
      const Field &was = before.at({r, c}), &is = after.at({r, c});
      const std::string where = field_text({r, c});
      if (was.occupant == kObstacle && is.occupant != kObstacle)
        return "the arrow or spear on " + where + " was removed (they stay to the end)";
      if (is.treasure > was.treasure || (is.artifact != was.artifact && is.artifact != kNoArtifact))
        return "treasure or an artifact appeared on " + where + " (they are only ever taken)";
    }
  }
  return std::nullopt;
}

std::optional<std::string> breach_of_turn(const Board& before, const Board& after, int player) {
  if (auto breach = breach_of_others(before, after, player)) return breach;
  const auto was = amazons_of(before, player), is = amazons_of(after, player);
  const std::string who = "player " + std::to_string(player);
  if (was.size() != is.size()) {
    return who + " has " + std::to_string(is.size()) + " amazons after the turn and " +
           std::to_string(was.size()) + " before (a turn moves an amazon, it adds or removes none)";
  }
  const auto left = missing_from(was, is);
  if (left.size() > 1) {
    return std::to_string(left.size()) + " amazons of " + who + " moved, from " +
           fields_text(left) + " (a turn moves one)";
  }
  int arrows = 0, horses = 0;
  for (std::size_t i = 0; i < after.fields().size(); ++i) {
    const Field &b = before.fields()[i], &a = after.fields()[i];
    arrows += a.occupant == kObstacle && b.occupant != kObstacle;
    horses += b.artifact == kHorse && a.artifact != kHorse;
  }
  if (left.empty() && horses == 0) return "no amazon of " + who + " moved";
  long long treasure_gone = 0;
  for (std::size_t i = 0; i < after.fields().size(); ++i)
    treasure_gone += before.fields()[i].treasure - after.fields()[i].treasure;
  const long long gain = after.player_by_id(player)->score - before.player_by_id(player)->score;
  if (gain < 0 || gain > treasure_gone) {
    return "the score of " + who + " went from " +
           std::to_string(before.player_by_id(player)->score) + " to " +
           std::to_string(after.player_by_id(player)->score) + ", but " +
           std::to_string(treasure_gone) + " treasure left the board";
  }
  if (arrows > 1 + horses) {
    return std::to_string(arrows) +
           " arrows or spears were shot (a turn shoots one, and one more " +
           "for each horse taken; " + std::to_string(horses) + " taken)";
  }
  return std::nullopt;
}

std::optional<std::string> breach_of_placement(const Board& before, const Board& after,
                                               int player) {
  if (auto breach = breach_of_others(before, after, player)) return breach;
  const auto was = amazons_of(before, player), is = amazons_of(after, player);
  const std::string who = "player " + std::to_string(player);
  if (const auto left = missing_from(was, is); !left.empty())
    return "an amazon of " + who + " moved from " + fields_text(left) + " in the placement phase";
  if (const auto placed = missing_from(is, was); placed.size() != 1) {
    return std::to_string(placed.size()) + " amazons of " + who +
           " were placed (a placement places one)";
  }
  return std::nullopt;
}

}  // namespace

bool same_position(const Board& a, const Board& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && a.fields() == b.fields() &&
         same_players_but(a, b, 0);
}

std::optional<std::string> check_placement(const Board& before, const Board& after, int player) {
  if (before.rows() != after.rows() || before.cols() != after.cols())
    return "the board changed size";
  if (auto breach = breach_of_placement(before, after, player)) return breach;
  for (const Coord at : amazons_of(after, player)) {
    if (before.at(at).occupant == player) continue;
    Board placed = before;
    if (!placed.player_by_id(player) && after.player_by_id(player)) {
      placed.players().push_back(*after.player_by_id(player));
      if (placed.players().back().score != 0) return "a new player line must start at score 0";
    }
    if (place_amazon(placed, player, at)) return "the amazon was placed on an occupied field";
    if (same_position(placed, after)) return std::nullopt;
    break;
  }
  return "the board is not the old one with one amazon of player " + std::to_string(player) +
         " placed";
}

std::variant<Turn, std::string> find_turn(const Board& before, const Board& after, int player,
                                          bool* gave_up) {
  if (gave_up) *gave_up = false;
  if (before.rows() != after.rows() || before.cols() != after.cols())
    return "the board changed size";
  if (!same_players_but(before, after, player))
    return "a player line other than the mover's changed";
  if (auto breach = breach_of_turn(before, after, player)) return *breach;
  TurnSearch search(before, after, player);
  for (const Coord from : amazons_of(before, player)) {
    if (after.at(from).occupant == player) continue;  // the amazon that moved left this field...
    if (search.leads_to_after(before, from)) return Turn{from, search.steps()};
  }
  // ...or came back to it by horse.
  for (const Coord from : amazons_of(before, player)) {
    if (after.at(from).occupant == player && search.leads_to_after(before, from))
      return Turn{from, search.steps()};
  }
  if (search.exhausted()) {
    if (gave_up) *gave_up = true;
    return "no turn of player " + std::to_string(player) + " leading to this board was found in " +
           std::to_string(TurnSearch::kStepBudget) + " steps (horses gone from many fields)";
  }
  return "no legal turn of player " + std::to_string(player) + " leads to this board";
}

std::optional<std::string> check_turn(const Board& before, const Board& after, int player,
                                      bool* gave_up) {
  auto found = find_turn(before, after, player, gave_up);
  if (auto* why = std::get_if<std::string>(&found)) return std::move(*why);
  return std::nullopt;
}

}  // namespace amazons
