// SimOdyssey's structured view (docs/views.md) and what the last turn did in
// words. The galaxy is open: test mode shows every entity.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/words.hpp"
#include "games/simodyssey/state.hpp"
#include "games/simodyssey/text.hpp"

namespace simodyssey {
namespace {

using nlohmann::json;

const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::Explorer:
      return "explorer";
    case Kind::Planet:
      return "planet";
    case Kind::Blackhole:
      return "blackhole";
    case Kind::YellowDwarf:
      return "yellow_dwarf";
    case Kind::BlueGiant:
      return "blue_giant";
    case Kind::Wormhole:
      return "wormhole";
  }
  return "";
}

json location_json(const Location& l) {
  return {{"sector", {l.sector.row - 1, l.sector.col - 1}}, {"quadrant", l.quadrant}};
}

json entity_json(const Entity& e) {
  json out = {{"id", e.id}, {"kind", kind_name(e.kind)}, {"letter", std::string(1, icon(e.kind))}};
  if (e.kind == Kind::Planet) {
    out["attached"] = e.attached;
    out["supports_life"] = e.supports_life;
    out["visited"] = e.visited;
  } else if (is_star(e.kind)) {
    out["luminosity"] = luminosity(e.kind);
  }
  return out;
}

// "The explorer", "Planet 3".
std::string who(int id, Kind kind) {
  if (kind == Kind::Explorer) return "The explorer";
  std::string name = kind_name(kind);
  name[0] = static_cast<char>(name[0] - 'a' + 'A');
  std::replace(name.begin(), name.end(), '_', ' ');
  return name + " " + std::to_string(id);
}

}  // namespace

nlohmann::json State::view(int player) const {
  json rows = json::array();
  for (int row = 1; row <= Galaxy::kShape.rows; ++row) {
    json cells = json::array();
    for (int col = 1; col <= Galaxy::kShape.cols; ++col) {
      json quadrants = json::array();
      for (int q = 1; q <= 4; ++q) {
        const auto id = galaxy_.occupant({row, col}, q);
        quadrants.push_back(id ? entity_json(galaxy_.entities().at(*id)) : json());
      }
      cells.push_back({{"quadrants", quadrants}});
    }
    rows.push_back(cells);
  }
  json explorer = {{"alive", galaxy_.explorer_alive()}};
  if (galaxy_.explorer_alive()) {
    const Entity& e = galaxy_.explorer();
    explorer.update({{"fuel", e.fuel},
                     {"max_fuel", Entity::kMaxFuel},
                     {"life", e.life},
                     {"max_life", Entity::kMaxLife},
                     {"landed", e.landed},
                     {"location", location_json(e.location)}});
  }
  json last = nullptr;
  json events = json::array();
  if (!history_.empty()) {
    last = {{"action", action_text(history_.back())}};
    for (const Movement& m : last_report_.movements) {
      if (m.id == Galaxy::kExplorerId) {
        last["from"] = {m.from.sector.row - 1, m.from.sector.col - 1};
        last["to"] = {m.to.sector.row - 1, m.to.sector.col - 1};
      }
      events.push_back({{"kind", "moved"},
                        {"id", m.id},
                        {"entity", kind_name(m.kind)},
                        {"from", location_json(m.from)},
                        {"to", location_json(m.to)}});
    }
    for (const Entity& dead : last_report_.deaths) {
      events.push_back(
          {{"kind", "died"},
           {"id", dead.id},
           {"entity", kind_name(dead.kind)},
           {"cause", dead.death == DeathCause::OutOfFuel ? "out_of_fuel" : "blackhole"},
           {"location", location_json(dead.location)}});
    }
    if (last_report_.life_found) events.push_back({{"kind", "life_found"}});
    const std::string text = events_text(player);
    const auto lines = engine::split_lines(text);
    for (std::size_t i = 0; i < events.size() && i < lines.size(); ++i)
      events[i]["text"] = lines[i];
  }
  return {
      {"game", "simodyssey"},
      {"player", player},
      {"board", {{"rows", Galaxy::kShape.rows}, {"cols", Galaxy::kShape.cols}, {"squares", rows}}},
      {"players", {explorer}},
      {"to_move", to_move()},
      {"turns", turns()},
      {"life_found", life_found_},
      {"last", last},
      {"events", events}};
}

std::string State::events_text(int player) const {
  (void)player;  // one player, and nothing is hidden
  if (history_.empty()) return "";
  std::string out;
  for (const Movement& m : last_report_.movements) {
    out += who(m.id, m.kind) +
           (m.to == m.from ? " stays at " + text::location_text(m.from)
                           : " moves from " + text::location_text(m.from) + " to " +
                                 text::location_text(m.to)) +
           ".\n";
  }
  for (const Entity& dead : last_report_.deaths) out += text::death_message(dead) + ".\n";
  if (last_report_.life_found) out += "Tranquility base here - we've got a life!\n";
  return out;
}

}  // namespace simodyssey
