// SimOdyssey's structured view (docs/views.md) and what the last turn did in
// words. The galaxy is open: test mode shows every entity.
#include <cctype>
#include <nlohmann/json.hpp>

#include "engine/words.hpp"
#include "games/simodyssey/state.hpp"
#include "games/simodyssey/text.hpp"

namespace simodyssey {
namespace {

using nlohmann::json;

// The kind as a JSON value: its name in lower case, words joined by "_"
// ("yellow_dwarf").
std::string kind_name(Kind kind) {
  std::string key(text::name(kind));
  for (char& c : key) c = c == ' ' ? '_' : static_cast<char>(std::tolower(c));
  return key;
}

const char* cause_name(DeathCause cause) {
  static constexpr const char* kNames[] = {"none",     "out_of_fuel", "blackhole",  "asteroid",
                                           "janitaur", "benign",      "out_of_life"};
  return kNames[static_cast<int>(cause)];
}

// How the explorer was lost, in words: "ran out of fuel at (3:4)".
std::string explorer_lost(const Entity& e) {
  static constexpr const char* kHow[] = {"was lost",
                                         "ran out of fuel",
                                         "was devoured by the blackhole",
                                         "was destroyed by an asteroid",
                                         "was imploded by a janitaur",
                                         "was destroyed by a benign",
                                         "ran out of life support"};
  return std::string(kHow[static_cast<int>(e.death)]) + " at (" +
         std::to_string(e.location.sector.row) + ":" + std::to_string(e.location.sector.col) + ")";
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
  if (e.kind != Kind::Explorer && has_fuel(e.kind)) {
    out["fuel"] = e.fuel;
    out["max_fuel"] = max_fuel(e.kind);
  }
  if (e.kind == Kind::Janitaur) out["load"] = e.load;
  return out;
}

// "The explorer", "Planet 3" at the start of a sentence; else "the
// explorer", "planet 3".
std::string who(int id, Kind kind) {
  return kind == Kind::Explorer ? "The explorer"
                                : std::string(text::name(kind)) + " " + std::to_string(id);
}
std::string whom(int id, Kind kind) {
  std::string name = who(id, kind);
  name[0] = static_cast<char>(std::tolower(name[0]));
  return name;
}

// The board's squares: each sector's four quadrants, an entity or null.
json squares_json(const Galaxy& galaxy) {
  json rows = json::array();
  for (int row = 1; row <= Galaxy::kShape.rows; ++row) {
    json cells = json::array();
    for (int col = 1; col <= Galaxy::kShape.cols; ++col) {
      json quadrants = json::array();
      for (int q = 1; q <= 4; ++q) {
        const auto id = galaxy.occupant({row, col}, q);
        quadrants.push_back(id ? entity_json(galaxy.entities().at(*id)) : json());
      }
      cells.push_back({{"quadrants", quadrants}});
    }
    rows.push_back(cells);
  }
  return rows;
}

// A movement of the last turn as an event, with what it did on arrival.
json movement_json(const Movement& m) {
  json effects = json::array();
  for (const Effect& effect : m.effects) {
    static constexpr const char* kWhat[] = {"reproduced", "destroyed", "attacked"};
    effects.push_back({{"what", kWhat[static_cast<int>(effect.what)]},
                       {"id", effect.id},
                       {"entity", kind_name(effect.kind)},
                       {"at", location_json(effect.at)}});
  }
  return {{"kind", "moved"},
          {"id", m.id},
          {"entity", kind_name(m.kind)},
          {"from", location_json(m.from)},
          {"to", location_json(m.to)},
          {"effects", effects}};
}

// The named actions not possible now, each with why (the oracle's words
// without its "Negative on that request:"), for a page to say so.
json unavailable_json(const Galaxy& galaxy) {
  json unavailable = json::array();
  static constexpr std::pair<ActionKind, const char*> kNamed[] = {
      {ActionKind::Land, "land"},
      {ActionKind::Liftoff, "liftoff"},
      {ActionKind::Wormhole, "wormhole"}};
  for (const auto& [kind, name] : kNamed) {
    const auto refused = galaxy.refusal({kind, Direction::N});
    if (!refused) continue;
    std::string why = text::refusal_message(*refused, galaxy.explorer().location.sector);
    why.erase(0, why.find(':') + 1);
    unavailable.push_back({{"action", name}, {"reason", why}});
  }
  return unavailable;
}

}  // namespace

template <const Edition& E>
nlohmann::json BasicState<E>::view(int player) const {
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
      events.push_back(movement_json(m));
    }
    for (const Entity& dead : last_report_.deaths) {
      events.push_back({{"kind", "died"},
                        {"id", dead.id},
                        {"entity", kind_name(dead.kind)},
                        {"cause", cause_name(dead.death)},
                        {"by", dead.killer},
                        {"location", location_json(dead.location)}});
    }
    if (last_report_.life_found) events.push_back({{"kind", "life_found"}});
    const std::string text = events_text(player);
    const auto lines = engine::split_lines(text);
    for (std::size_t i = 0; i < events.size() && i < lines.size(); ++i)
      events[i]["text"] = lines[i];
  }
  return {{"game", "simodyssey"},
          {"player", player},
          {"unavailable", over() ? json::array() : unavailable_json(galaxy_)},
          {"board",
           {{"rows", Galaxy::kShape.rows},
            {"cols", Galaxy::kShape.cols},
            {"squares", squares_json(galaxy_)}}},
          {"players", {explorer}},
          {"to_move", to_move()},
          {"turns", turns()},
          {"life_found", life_found_},
          {"last", last},
          {"events", events},
          {"panel", panel(player)}};
}

template <const Edition& E>
std::string BasicState<E>::events_text(int player) const {
  (void)player;  // one player, and nothing is hidden
  if (history_.empty()) return "";
  std::string out;
  for (const Movement& m : last_report_.movements) {
    out += who(m.id, m.kind) + (m.to == m.from ? " stays at " + text::location_text(m.from)
                                               : " moves from " + text::location_text(m.from) +
                                                     " to " + text::location_text(m.to));
    for (const Effect& effect : m.effects) {
      static constexpr const char* kWhat[] = {", reproduces ", ", destroys ", ", attacks "};
      out += kWhat[static_cast<int>(effect.what)] + whom(effect.id, effect.kind);
    }
    out += ".\n";
  }
  for (const Entity& dead : last_report_.deaths) out += text::death_message(dead) + ".\n";
  if (last_report_.life_found) out += "Tranquility base here - we've got a life!\n";
  return out;
}

template <const Edition& E>
engine::Ending BasicState<E>::ending() const {
  if (life_found_) return {"life found: the mission succeeds", true};
  if (!galaxy_.explorer_alive()) {
    for (const Entity& dead : last_report_.deaths)
      if (dead.id == Galaxy::kExplorerId) return {"the explorer " + explorer_lost(dead)};
    return {"the explorer is lost"};
  }
  return {"the mission ended after " + std::to_string(turns()) +
          (turns() == 1 ? " turn" : " turns") + " (the length limit) without finding life"};
}

template nlohmann::json BasicState<kPhase1>::view(int) const;
template nlohmann::json BasicState<kPhase2>::view(int) const;
template std::string BasicState<kPhase1>::events_text(int) const;
template engine::Ending BasicState<kPhase1>::ending() const;
template engine::Ending BasicState<kPhase2>::ending() const;
template std::string BasicState<kPhase2>::events_text(int) const;

}  // namespace simodyssey
