#include "games/simodyssey/text.hpp"

namespace simodyssey::text {
namespace {

std::string tag(int id, Kind kind) {
  return "[" + std::to_string(id) + "," + icon(kind) + "]";
}

const char* flag(bool value) {
  return value ? "T" : "F";
}

// The turns before a movable acts: "N/A" once it no longer counts them
// (dead, or a planet in orbit).
std::string turns_left_text(const Entity& e) {
  const bool counting = !(e.kind == Kind::Planet && e.attached) && e.death == DeathCause::None;
  return "turns_left:" + (counting ? std::to_string(e.turns_left) : std::string("N/A"));
}

std::string reproduction_text(const Entity& e) {
  return "actions_left_until_reproduction:" + std::to_string(e.reproduce) + "/" +
         std::to_string(reproduction_interval(e.kind));
}

std::string fuel_text(const Entity& e) {
  return "fuel:" + std::to_string(e.fuel) + "/" + std::to_string(max_fuel(e.kind));
}

std::string description(const Entity& e) {
  switch (e.kind) {
    case Kind::Explorer:
      return fuel_text(e) + ", life:" + std::to_string(e.life) + "/" +
             std::to_string(Entity::kMaxLife) + ", landed?:" + flag(e.landed);
    case Kind::Planet:
      return std::string("attached?:") + flag(e.attached) +
             ", support_life?:" + flag(e.supports_life) + ", visited?:" + flag(e.visited) + ", " +
             turns_left_text(e);
    case Kind::Malevolent:
    case Kind::Benign:
      return fuel_text(e) + ", " + reproduction_text(e) + ", " + turns_left_text(e);
    case Kind::Janitaur:
      return fuel_text(e) + ", load:" + std::to_string(e.load) + "/" +
             std::to_string(Entity::kMaxLoad) + ", " + reproduction_text(e) + ", " +
             turns_left_text(e);
    case Kind::Asteroid:
      return turns_left_text(e);
    case Kind::YellowDwarf:
    case Kind::BlueGiant:
      return "Luminosity:" + std::to_string(luminosity(e.kind));
    case Kind::Blackhole:
    case Kind::Wormhole:
      return "";
  }
  return "";
}

const char* name(Kind kind) {
  switch (kind) {
    case Kind::Explorer:
      return "Explorer";
    case Kind::Planet:
      return "Planet";
    case Kind::Malevolent:
      return "Malevolent";
    case Kind::Benign:
      return "Benign";
    case Kind::Janitaur:
      return "Janitaur";
    case Kind::Asteroid:
      return "Asteroid";
    default:
      return "";
  }
}

}  // namespace

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
  const std::string who = name(e.kind);
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
        out += id ? tag(*id, galaxy.entities().at(*id).kind) : "-";
      }
      out += "\n";
    }
  }
  return out;
}

std::string descriptions_section(const Galaxy& galaxy) {
  std::string out = "  Descriptions:\n";
  for (const auto& [id, entity] : galaxy.entities()) {
    out += "    " + tag(id, entity.kind) + "->" + description(entity) + "\n";
  }
  return out;
}

std::string deaths_section(const std::vector<Entity>& deaths) {
  if (deaths.empty()) return "  Deaths This Turn:none\n";
  std::string out = "  Deaths This Turn:\n";
  for (const Entity& e : deaths) {
    out +=
        "    " + tag(e.id, e.kind) + "->" + description(e) + ",\n      " + death_message(e) + "\n";
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
