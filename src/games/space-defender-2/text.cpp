#include "games/space-defender-2/text.hpp"

namespace space_defender_2::text {
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

std::string section(const char* title, const std::vector<Event>& events) {
  std::string out = std::string("  ") + title + ":\n";
  for (const Event& event : events) out += "    " + event_line(event) + "\n";
  return out;
}

std::string name(const Actor& a) {
  switch (a.type) {
    case Actor::Type::Starfighter:
      return "Starfighter";
    case Actor::Type::Enemy:
      return std::string(spec(a.enemy).name);
    case Actor::Type::FriendlyProjectile:
      return "friendly projectile";
    case Actor::Type::EnemyProjectile:
      return "enemy projectile";
    case Actor::Type::Projectile:
      return "projectile";
    case Actor::Type::None:
      break;
  }
  return "";
}

std::string tag(const Actor& a) {
  return name(a) + "(id:" + std::to_string(a.id) + ")";
}

const char* flag(bool value) {
  return value ? "T" : "F";
}

}  // namespace

std::string event_line(const Event& e) {
  using Kind = Event::Kind;
  const std::string at = location_text(e.at);
  const std::string special = "The Starfighter(id:0) uses special, ";
  switch (e.kind) {
    case Kind::Destroyed:
      return "  The " + name(e.who) + " at location " + at + " has been destroyed.";
    case Kind::Collides: {
      static constexpr const char* kEffects[] = {"combining", "negating", "dealing",
                                                 "healing",   "trading",  "taking"};
      const auto effect = static_cast<std::size_t>(e.effect);
      const bool amount =
          e.effect != Event::Effect::Combining && e.effect != Event::Effect::Negating;
      return "  The " + name(e.who) + " collides with " + tag(e.with) + " at location " + at +
             ", " + kEffects[effect] + (amount ? " " + std::to_string(e.amount) : "") + " damage.";
    }
    case Kind::Spawns: {
      const bool projectile = e.who.type != Actor::Type::Enemy;
      const std::string who =
          projectile ? (e.who.type == Actor::Type::FriendlyProjectile ? "friendly projectile"
                                                                      : "enemy projectile")
                     : name(e.who);
      return std::string(e.nested ? "  " : "") + "A " + who + "(id:" + std::to_string(e.who.id) +
             ") spawns at location " + (e.off_board ? "out of board" : at) + ".";
    }
    case Kind::Stays:
      return "A " + tag(e.who) + " stays at: " + at;
    case Kind::Moves:
      return (e.who.type == Actor::Type::Starfighter ? "The " : "A ") + tag(e.who) +
             " moves: " + at + " -> " + (e.off_board ? "out of board" : location_text(e.to));
    case Kind::StarfighterPasses:
      return "The Starfighter(id:0) passes at location " + at + ", doubling regen rate.";
    case Kind::StarfighterFires:
      return "The Starfighter(id:0) fires at location " + at + ".";
    case Kind::SpecialRecall:
      return special + "teleporting to: " + location_text(e.to);
    case Kind::SpecialRepair:
      return special + "gaining 50 health.";
    case Kind::SpecialOvercharge:
      return special + "gaining " + std::to_string(e.amount) + " energy at the expense of " +
             std::to_string(e.amount2) + " health.";
    case Kind::SpecialDrones:
      return special + "clearing projectiles with drones.";
    case Kind::Neutralized:
      return "  A " + tag(e.who) + " at location " + at + " has been neutralized.";
    case Kind::SpecialStrike:
      return special + "unleashing a wave of energy.";
    case Kind::StrikeHits:
      return "  A " + tag(e.who) + " at location " + at + " takes " + std::to_string(e.amount) +
             " damage.";
    case Kind::GainsHealth:
      return "A " + tag(e.who) + " gains " + std::to_string(e.amount) + " total health.";
    case Kind::GainsArmour:
      return "A " + tag(e.who) + " gains 1 armour.";
    case Kind::GainsRegen:
      return "A " + tag(e.who) + " gains 10 regen.";
    case Kind::PylonHeals:
      return "  The Pylon heals " + tag(e.with) + " at location " + at + " for " +
             std::to_string(e.amount) + " damage.";
  }
  return "";
}

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

}  // namespace space_defender_2::text
