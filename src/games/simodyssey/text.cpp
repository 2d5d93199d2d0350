#include "games/simodyssey/text.hpp"

namespace simodyssey::text {
namespace {

std::string tag(int id, Kind kind) {
  return "[" + std::to_string(id) + "," + icon(kind) + "]";
}

const char* flag(bool value) {
  return value ? "T" : "F";
}

std::string description(const Entity& e) {
  switch (e.kind) {
    case Kind::Explorer:
      return "fuel:" + std::to_string(e.fuel) + "/" + std::to_string(Entity::kMaxFuel) +
             ", life:" + std::to_string(e.life) + "/" + std::to_string(Entity::kMaxLife) +
             ", landed?:" + flag(e.landed);
    case Kind::Planet: {
      const bool counting = !e.attached && e.death == DeathCause::None;
      return std::string("attached?:") + flag(e.attached) +
             ", support_life?:" + flag(e.supports_life) + ", visited?:" + flag(e.visited) +
             ", turns_left:" + (counting ? std::to_string(e.turns_left) : "N/A");
    }
    case Kind::YellowDwarf:
    case Kind::BlueGiant:
      return "Luminosity:" + std::to_string(luminosity(e.kind));
    case Kind::Blackhole:
    case Kind::Wormhole:
      return "";
  }
  return "";
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
  const std::string who = e.kind == Kind::Explorer ? "Explorer" : "Planet";
  if (e.death == DeathCause::OutOfFuel) {
    return who + " got lost in space - out of fuel at " + sector_text(e.location.sector);
  }
  return who + " got devoured by blackhole (id: " + std::to_string(Galaxy::kBlackholeId) + ") at " +
         sector_text(e.location.sector);
}

std::string movement_section(const std::vector<Movement>& movements) {
  if (movements.empty()) return "  Movement:none\n";
  std::string out = "  Movement:\n";
  for (const Movement& m : movements) {
    out += "    " + tag(m.id, m.kind) + ":" + location_text(m.from);
    if (m.to != m.from) out += "->" + location_text(m.to);
    out += "\n";
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
