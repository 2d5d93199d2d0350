#include "games/space-defender-2/text.hpp"

namespace sd2::text {
namespace {

std::string stats_line(const Stats& s) {
  return "Health:" + std::to_string(s.health) + ", Energy:" + std::to_string(s.energy) +
         ", Regen:" + std::to_string(s.regen_health) + "/" + std::to_string(s.regen_energy) +
         ", Armour:" + std::to_string(s.armour) + ", Vision:" + std::to_string(s.vision) +
         ", Move:" + std::to_string(s.move) + ", Move Cost:" + std::to_string(s.move_cost);
}

template <typename Parts>
std::string part_menu(const Parts& parts, const char* title, int selected) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    out += "  " + std::to_string(i + 1) + ":" + std::string(parts[i].name) + "\n    " +
           stats_line(parts[i].stats) + "\n";
  }
  return out + "  " + title +
         " Selected:" + std::string(parts[static_cast<std::size_t>(selected)].name) + "\n";
}

std::string cost_text(const WeaponSpec& w) {
  return std::to_string(w.cost) + (w.costs_health ? " (health)" : " (energy)");
}

std::string section(const char* title, const std::vector<std::string>& lines) {
  std::string out = std::string("  ") + title + ":\n";
  for (const std::string& line : lines) out += "    " + line + "\n";
  return out;
}

const char* flag(bool value) {
  return value ? "T" : "F";
}

}  // namespace

std::string refusal_message(Refusal refusal) {
  switch (refusal) {
    case Refusal::OutsideBoard:
      return "Cannot move outside of board.";
    case Refusal::AlreadyThere:
      return "Already there.";
    case Refusal::OutOfRange:
      return "Out of movement range.";
    case Refusal::NoResourcesToMove:
      return "Not enough resources to move.";
    case Refusal::NoResourcesToFire:
      return "Not enough resources to fire.";
    case Refusal::NoResourcesForSpecial:
      return "Not enough resources to use special.";
  }
  return "";
}

std::string weapon_menu(const Loadout& loadout) {
  std::string out;
  for (std::size_t i = 0; i < kWeapons.size(); ++i) {
    const WeaponSpec& w = kWeapons[i];
    out += "  " + std::to_string(i + 1) + ":" + std::string(w.name) + " (" +
           std::string(w.description) + ")\n    " + stats_line(w.stats) + ",\n    " +
           "Projectile Damage:" + std::to_string(w.damage) + ", Projectile Cost:" + cost_text(w) +
           "\n";
  }
  return out + "  Weapon Selected:" + std::string(loadout.weapon_spec().name) + "\n";
}

std::string armour_menu(const Loadout& loadout) {
  return part_menu(kArmours, "Armour", loadout.armour);
}

std::string engine_menu(const Loadout& loadout) {
  return part_menu(kEngines, "Engine", loadout.engine);
}

std::string power_menu(const Loadout& loadout) {
  std::string out;
  for (std::size_t i = 0; i < kPowers.size(); ++i) {
    out += "  " + std::to_string(i + 1) + ":" + std::string(kPowers[i].text) + "\n";
  }
  return out + "  Power Selected:" + std::string(loadout.power_spec().text) + "\n";
}

std::string summary(const Loadout& loadout) {
  return "  Weapon Selected:" + std::string(loadout.weapon_spec().name) + "\n" +
         "  Armour Selected:" +
         std::string(kArmours[static_cast<std::size_t>(loadout.armour)].name) + "\n" +
         "  Engine Selected:" +
         std::string(kEngines[static_cast<std::size_t>(loadout.engine)].name) + "\n" +
         "  Power Selected:" + std::string(loadout.power_spec().text) + "\n";
}

std::string starfighter_block(const Battle& battle) {
  const Starfighter& sf = battle.starfighter();
  const Stats& s = sf.stats;
  const WeaponSpec& w = sf.loadout.weapon_spec();
  return "  Starfighter:\n    [0,S]->health:" + std::to_string(sf.health) + "/" +
         std::to_string(s.health) + ", energy:" + std::to_string(sf.energy) + "/" +
         std::to_string(s.energy) + ", Regen:" + std::to_string(s.regen_health) + "/" +
         std::to_string(s.regen_energy) + ", Armour:" + std::to_string(s.armour) +
         ", Vision:" + std::to_string(s.vision) + ", Move:" + std::to_string(s.move) +
         ", Move Cost:" + std::to_string(s.move_cost) + ", location:" + location_text(sf.at) +
         "\n      Projectile Pattern:" + std::string(w.name) +
         ", Projectile Damage:" + std::to_string(w.damage) + ", Projectile Cost:" + cost_text(w) +
         "\n      Power:" + std::string(sf.loadout.power_spec().text) +
         "\n      score:" + std::to_string(sf.focus.score()) + "\n";
}

std::string debug_sections(const Battle& battle, bool with_log) {
  std::vector<std::string> enemies;
  for (const auto& [id, e] : battle.enemies()) {
    enemies.push_back("[" + std::to_string(id) + "," + spec(e.kind).symbol +
                      "]->health:" + std::to_string(e.health) + "/" + std::to_string(e.max_health) +
                      ", Regen:" + std::to_string(e.regen) + ", Armour:" +
                      std::to_string(e.armour) + ", Vision:" + std::to_string(e.vision) +
                      ", seen_by_Starfighter:" + flag(e.seen_by_starfighter) +
                      ", can_see_Starfighter:" + flag(e.can_see_starfighter) +
                      ", location:" + location_text(e.at));
  }
  std::vector<std::string> projectiles;
  for (const auto& [id, p] : battle.projectiles()) {
    projectiles.push_back("[" + std::to_string(id) + "," + (p.friendly ? "*" : "<") + "]->damage:" +
                          std::to_string(p.damage) + ", move:" + std::to_string(p.speed) +
                          ", location:" + location_text(p.at));
  }
  const TurnLog empty;
  const TurnLog& log = with_log ? battle.log() : empty;
  return section("Enemy", enemies) + section("Projectile", projectiles) +
         section("Friendly Projectile Action", log.friendly_projectiles) +
         section("Enemy Projectile Action", log.enemy_projectiles) +
         section("Starfighter Action", log.starfighter) + section("Enemy Action", log.enemies) +
         section("Natural Enemy Spawn", log.spawn);
}

std::string board(const Battle& battle, bool fog_of_war) {
  std::string out = "    ";
  for (int col = 1; col <= battle.cols(); ++col) {
    const std::string number = std::to_string(col);
    out += std::string(3 - number.size(), ' ') + number;
  }
  out += "\n";
  const Starfighter& sf = battle.starfighter();
  for (int row = 1; row <= battle.rows(); ++row) {
    out += "    ";
    out += static_cast<char>('A' + row - 1);
    for (int col = 1; col <= battle.cols(); ++col) {
      const Coord at{row, col};
      const bool hidden = fog_of_war && Battle::distance(at, sf.at) > sf.stats.vision;
      out += col == 1 ? " " : "  ";
      out += hidden ? '?' : battle.symbol_at(at);
    }
    out += "\n";
  }
  return out;
}

}  // namespace sd2::text
