#include "games/simodyssey/text.hpp"

namespace simodyssey::text {
namespace {

// "[id,K]", appended: the sections print hundreds a turn.
void append_tag(std::string& out, int id, Kind kind) {
  out += '[';
  out += std::to_string(id);
  out += ',';
  out += icon(kind);
  out += ']';
}

std::string tag(int id, Kind kind) {
  std::string out;
  append_tag(out, id, kind);
  return out;
}

const char* flag(bool value) {
  return value ? "T" : "F";
}

// "label:n/of"
void append_count(std::string& out, const char* label, int n, int of) {
  out += label;
  out += std::to_string(n);
  out += '/';
  out += std::to_string(of);
}

// The turns before a movable acts: "N/A" once it no longer counts them
// (dead, or a planet in orbit).
void append_turns_left(std::string& out, const Entity& e) {
  const bool counting = !(e.kind == Kind::Planet && e.attached) && e.death == DeathCause::None;
  out += "turns_left:";
  out += counting ? std::to_string(e.turns_left) : "N/A";
}

void append_description(std::string& out, const Entity& e) {
  switch (e.kind) {
    case Kind::Explorer:
      append_count(out, "fuel:", e.fuel, max_fuel(e.kind));
      append_count(out, ", life:", e.life, Entity::kMaxLife);
      out += ", landed?:";
      out += flag(e.landed);
      return;
    case Kind::Planet:
      out += "attached?:";
      out += flag(e.attached);
      out += ", support_life?:";
      out += flag(e.supports_life);
      out += ", visited?:";
      out += flag(e.visited);
      out += ", ";
      append_turns_left(out, e);
      return;
    case Kind::Malevolent:
    case Kind::Benign:
    case Kind::Janitaur:
      append_count(out, "fuel:", e.fuel, max_fuel(e.kind));
      if (e.kind == Kind::Janitaur) append_count(out, ", load:", e.load, Entity::kMaxLoad);
      append_count(out, ", actions_left_until_reproduction:", e.reproduce,
                   reproduction_interval(e.kind));
      out += ", ";
      append_turns_left(out, e);
      return;
    case Kind::Asteroid:
      append_turns_left(out, e);
      return;
    case Kind::YellowDwarf:
    case Kind::BlueGiant:
      out += "Luminosity:";
      out += std::to_string(luminosity(e.kind));
      return;
    case Kind::Blackhole:
    case Kind::Wormhole:
      return;
  }
}

}  // namespace

std::string_view name(Kind kind) {
  switch (kind) {
    case Kind::Explorer:
      return "Explorer";
    case Kind::Planet:
      return "Planet";
    case Kind::Blackhole:
      return "Blackhole";
    case Kind::YellowDwarf:
      return "Yellow dwarf";
    case Kind::BlueGiant:
      return "Blue giant";
    case Kind::Wormhole:
      return "Wormhole";
    case Kind::Malevolent:
      return "Malevolent";
    case Kind::Benign:
      return "Benign";
    case Kind::Janitaur:
      return "Janitaur";
    case Kind::Asteroid:
      return "Asteroid";
  }
  return "";
}

std::string sector_text(Coord sector) {
  return "Sector:" + std::to_string(sector.row) + ":" + std::to_string(sector.col);
}

std::string location_text(const Location& l) {
  return "[" + std::to_string(l.sector.row) + "," + std::to_string(l.sector.col) + "," +
         std::to_string(l.quadrant) + "]";
}

std::string refusal_message(Refusal refusal, Coord sector) {
  const std::string negative = "Negative on that request:";
  switch (refusal) {
    case Refusal::AlreadyLanded:
      return negative + "already landed on a planet at " + sector_text(sector);
    case Refusal::NoYellowDwarf:
      return negative + "no yellow dwarf at " + sector_text(sector);
    case Refusal::NoPlanets:
      return negative + "no planets at " + sector_text(sector);
    case Refusal::NoUnvisitedPlanet:
      return negative + "no unvisited attached planet at " + sector_text(sector);
    case Refusal::NotOnPlanet:
      return negative + "you are not on a planet at " + sector_text(sector);
    case Refusal::CurrentlyLanded:
      return negative + "you are currently landed at " + sector_text(sector);
    case Refusal::DestinationFull:
      return "Cannot transfer to new location as it is full.";
    case Refusal::NoWormhole:
      return "Explorer couldn't find wormhole at " + sector_text(sector);
  }
  return "";
}

std::string death_message(const Entity& e) {
  const std::string who(name(e.kind));
  const std::string at = sector_text(e.location.sector);
  const std::string by = " (id: " + std::to_string(e.killer) + ") at " + at;
  switch (e.death) {
    case DeathCause::OutOfFuel:
      return who + " got lost in space - out of fuel at " + at;
    case DeathCause::OutOfLife:
      return who + " got lost in space - out of life support at " + at;
    case DeathCause::Blackhole:
      return who + " got devoured by blackhole" + by;
    case DeathCause::Asteroid:
      return who + " got destroyed by asteroid" + by;
    case DeathCause::Janitaur:
      return who + " got imploded by janitaur" + by;
    case DeathCause::Benign:
      return who + " got destroyed by benign" + by;
    case DeathCause::None:
      break;
  }
  return "";
}

std::string movement_section(const std::vector<Movement>& movements) {
  if (movements.empty()) return "  Movement:none\n";
  std::string out = "  Movement:\n";
  static constexpr const char* kWhat[] = {"reproduced", "destroyed", "attacked"};
  for (const Movement& m : movements) {
    out += "    " + tag(m.id, m.kind) + ":" + location_text(m.from);
    if (m.to != m.from) out += "->" + location_text(m.to);
    out += "\n";
    for (const Effect& effect : m.effects) {
      out += "      " + std::string(kWhat[static_cast<int>(effect.what)]) + " " +
             tag(effect.id, effect.kind) + " at " + location_text(effect.at) + "\n";
    }
  }
  return out;
}

std::string sectors_section(const Galaxy& galaxy) {
  std::string out = "  Sectors:\n";
  for (int row = 1; row <= Galaxy::kShape.rows; ++row) {
    for (int col = 1; col <= Galaxy::kShape.cols; ++col) {
      out += "    [" + std::to_string(row) + "," + std::to_string(col) + "]->";
      for (int q = 1; q <= 4; ++q) {
        if (q > 1) out += ",";
        const auto id = galaxy.occupant({row, col}, q);
        if (id) {
          append_tag(out, *id, galaxy.entities().at(*id).kind);
        } else {
          out += '-';
        }
      }
      out += "\n";
    }
  }
  return out;
}

std::string descriptions_section(const Galaxy& galaxy) {
  std::string out = "  Descriptions:\n";
  for (const auto& [id, entity] : galaxy.entities()) {
    out += "    ";
    append_tag(out, id, entity.kind);
    out += "->";
    append_description(out, entity);
    out += '\n';
  }
  return out;
}

std::string deaths_section(const std::vector<Entity>& deaths) {
  if (deaths.empty()) return "  Deaths This Turn:none\n";
  std::string out = "  Deaths This Turn:\n";
  for (const Entity& e : deaths) {
    out += "    ";
    append_tag(out, e.id, e.kind);
    out += "->";
    append_description(out, e);
    out += ",\n      " + death_message(e) + "\n";
  }
  return out;
}

std::string board(const Galaxy& galaxy) {
  std::string out;
  for (int row = 1; row <= Galaxy::kShape.rows; ++row) {
    out += "    ";
    for (int col = 1; col <= Galaxy::kShape.cols; ++col) {
      out += "(" + std::to_string(row) + ":" + std::to_string(col) + ")  ";
    }
    out += "\n    ";
    for (int col = 1; col <= Galaxy::kShape.cols; ++col) {
      for (int q = 1; q <= 4; ++q) {
        const auto id = galaxy.occupant({row, col}, q);
        out += id ? icon(galaxy.entities().at(*id).kind) : '-';
      }
      out += "   ";
    }
    out += "\n";
  }
  return out;
}

}  // namespace simodyssey::text
