// Amazons' structured view (docs/views.md) and what the last action did in
// words. Nothing is hidden: every player sees the same.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/words.hpp"
#include "games/amazons/rules.hpp"
#include "games/amazons/state.hpp"

namespace amazons {
namespace {

using nlohmann::json;

constexpr const char* kArtifactNames[] = {nullptr, "horse", "broken_arrow", "spear"};

json square(Coord c) {
  return json::array({c.row, c.col});
}

json field_json(const Board& board, const Field& f) {
  json cell = json::object();
  if (f.treasure) cell["treasure"] = f.treasure;
  if (f.artifact) cell["artifact"] = kArtifactNames[f.artifact];
  if (f.occupant == kObstacle) {
    cell["blocked"] = true;
  } else if (f.occupant != kEmpty) {
    const auto& lines = board.players();
    for (std::size_t p = 0; p < lines.size(); ++p) {
      if (lines[p].id == f.occupant) cell["amazon"] = static_cast<int>(p);
    }
  }
  return cell;
}

}  // namespace

nlohmann::json State::view(int player) const {
  json rows = json::array();
  for (int row = 0; row < board_.rows(); ++row) {
    json cells = json::array();
    for (int col = 0; col < board_.cols(); ++col)
      cells.push_back(field_json(board_, board_.at({row, col})));
    rows.push_back(cells);
  }
  json seats = json::array();
  for (int p = 0; p < players(); ++p) {
    const PlayerLine& line = board_.players()[static_cast<std::size_t>(p)];
    seats.push_back({{"name", who(p)},
                     {"id", line.id},
                     {"score", line.score},
                     {"amazons", amazons_of(board_, line.id).size()}});
  }
  const char* phase = over_              ? "over"
                      : placing_         ? "placement"
                      : shooter_ >= 0    ? "shoot"
                      : continuing_ >= 0 ? "again"
                                         : "move";
  json view = {{"game", "amazons"},
               {"player", player},
               {"board", {{"rows", board_.rows()}, {"cols", board_.cols()}, {"squares", rows}}},
               {"players", seats},
               {"rules", rules_ == RuleSet::Standard ? "standard" : "extended"},
               {"amazons_each", amazons_},
               {"phase", phase},
               {"to_move", to_move()},
               {"last", nullptr},
               {"events", json::array()},
               {"panel", panel(player)}};
  if (shooter_ >= 0) {
    view["shooter"] = square(coord(shooter_));
    view["spear"] = spear_;
  }
  if (continuing_ >= 0) view["again"] = square(coord(continuing_));
  if (!last_.any) return view;
  json last = {{"action", action_text(last_.action)}, {"player", last_.player}};
  if (last_.turn_from >= 0) last["from"] = square(coord(last_.turn_from));
  if (last_.turn_to >= 0) last["to"] = square(coord(last_.turn_to));
  if (last_.turn_arrow >= 0) last["arrow"] = square(coord(last_.turn_arrow));
  view["last"] = last;
  const Action& a = last_.action;
  json event = {{"player", last_.player}};
  switch (a.kind) {
    case Action::Kind::Place:
      event.update({{"kind", "placed"}, {"at", square(coord(a.to))}});
      break;
    case Action::Kind::Move:
      event.update({{"kind", "moved"},
                    {"from", square(coord(a.from))},
                    {"to", square(coord(a.to))},
                    {"treasure", last_.treasure},
                    {"artifact", last_.artifact ? json(kArtifactNames[last_.artifact]) : json()}});
      break;
    case Action::Kind::Shoot:
      event.update({{"kind", "shot"}, {"at", square(coord(a.to))}, {"spear", last_.spear}});
      break;
  }
  json events = json::array({event});
  for (int p = 0; p < players(); ++p) {
    if (last_.skipped & (1u << p)) events.push_back({{"kind", "skipped"}, {"player", p}});
  }
  if (over_) events.push_back({{"kind", "over"}});
  const std::string text = events_text(player);
  const auto lines = engine::split_lines(text);
  for (std::size_t i = 0; i < events.size() && i < lines.size(); ++i) events[i]["text"] = lines[i];
  view["events"] = events;
  return view;
}

std::string State::who(int player) const {
  const std::string& name = board_.players()[static_cast<std::size_t>(player)].name;
  const std::string number = std::to_string(player + 1);
  return name == "player" + number ? "Player " + number : name;
}

// How the game ended, in words: in the classic game the player to move
// cannot move and loses; in the extended game nobody can move.
std::string State::over_text() const {
  if (rules_ == RuleSet::Extended) return "No amazon can move: the game is over.\n";
  return who(to_move_) + " cannot move and loses: " + who(1 - to_move_) + " wins.\n";
}

std::string State::events_text(int player) const {
  (void)player;  // nothing is hidden
  if (!last_.any) return "";
  const Action& a = last_.action;
  const std::string name = who(last_.player);
  std::string out;
  switch (a.kind) {
    case Action::Kind::Place:
      out = name + " places an amazon at " + square_name(coord(a.to)) + ".\n";
      break;
    case Action::Kind::Move: {
      out = name + " moves from " + square_name(coord(a.from)) + " to " + square_name(coord(a.to));
      static constexpr const char* kArtifacts[] = {"", "a horse", "a broken arrow", "a spear"};
      if (last_.treasure) out += ", collects " + std::to_string(last_.treasure) + " treasure";
      if (last_.artifact)
        out += (last_.treasure ? " and " : ", finds ") + std::string(kArtifacts[last_.artifact]);
      out += ".\n";
      break;
    }
    case Action::Kind::Shoot:
      out = name + (last_.spear ? " throws the spear to " : " shoots at ") +
            square_name(coord(a.to)) + ".\n";
      break;
  }
  for (int p = 0; p < players(); ++p) {
    if (last_.skipped & (1u << p)) out += who(p) + " cannot move and is skipped.\n";
  }
  if (over_) out += over_text();
  return out;
}

engine::Ending State::ending() const {
  const auto& lines = board_.players();
  if (rules_ == RuleSet::Standard) return {who(to_move_) + " has no legal move"};
  long long best = 0;
  for (int p = 0; p < players(); ++p)
    best = std::max<long long>(best, lines[static_cast<std::size_t>(p)].score);
  std::string leaders;
  int count = 0;
  for (int p = 0; p < players(); ++p) {
    if (lines[static_cast<std::size_t>(p)].score != best) continue;
    leaders += (count++ ? " and " : "") + who(p);
  }
  return {"no amazon can move: " + leaders + (count > 1 ? " share" : " has") +
              " the most treasure (" + std::to_string(best) + ")",
          true};
}

}  // namespace amazons
