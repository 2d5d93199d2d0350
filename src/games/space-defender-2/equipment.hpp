// Space Defender 2's equipment: the weapon, armour, engine and power menus
// (space-defender-2.txt §6.6-§6.8, messages.txt), and the Starfighter's stats
// as the sum of its parts.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace space_defender_2 {

struct Stats {
  int health = 0;
  int energy = 0;
  int regen_health = 0;
  int regen_energy = 0;
  int armour = 0;
  int vision = 0;
  int move = 0;
  int move_cost = 0;

  Stats operator+(const Stats& o) const {
    return {health + o.health,
            energy + o.energy,
            regen_health + o.regen_health,
            regen_energy + o.regen_energy,
            armour + o.armour,
            vision + o.vision,
            move + o.move,
            move_cost + o.move_cost};
  }
};

enum class Weapon { Standard, Spread, Snipe, Rocket, Splitter };
enum class Power { Recall, Repair, Overcharge, DeployDrones, OrbitalStrike };

struct WeaponSpec {
  std::string_view name;
  std::string_view description;
  Stats stats;
  int damage;
  int cost;
  bool costs_health;  // Rocket: paid in health, every other in energy
  int speed;          // the projectile's move
};

struct PartSpec {
  std::string_view name;
  Stats stats;
};

struct PowerSpec {
  std::string_view text;  // as shown in menus and in the Starfighter's block
  int energy_cost;
};

inline constexpr std::array<WeaponSpec, 5> kWeapons = {{
    {"Standard",
     "A single projectile is fired in front",
     {10, 10, 0, 1, 0, 1, 1, 1},
     70,
     5,
     false,
     5},
    {"Spread",
     "Three projectiles are fired in front, two going diagonal",
     {0, 60, 0, 2, 1, 0, 0, 2},
     50,
     10,
     false,
     1},
    {"Snipe",
     "Fast and high damage projectile, but only travels via teleporting",
     {0, 100, 0, 5, 0, 10, 3, 0},
     1000,
     20,
     false,
     8},
    {"Rocket",
     "Two projectiles appear behind to the sides of the Starfighter and accelerates",
     {10, 0, 10, 0, 2, 2, 0, 3},
     100,
     10,
     true,
     1},
    {"Splitter",
     "A single mine projectile is placed in front of the Starfighter",
     {0, 100, 0, 10, 0, 0, 0, 5},
     150,
     70,
     false,
     0},
}};

inline constexpr std::array<PartSpec, 4> kArmours = {{
    {"None", {50, 0, 1, 0, 0, 0, 1, 0}},
    {"Light", {75, 0, 2, 0, 3, 0, 0, 1}},
    {"Medium", {100, 0, 3, 0, 5, 0, 0, 3}},
    {"Heavy", {200, 0, 4, 0, 10, 0, -1, 5}},
}};

inline constexpr std::array<PartSpec, 3> kEngines = {{
    {"Standard", {10, 60, 0, 2, 1, 12, 8, 2}},
    {"Light", {0, 30, 0, 1, 0, 15, 10, 1}},
    {"Armoured", {50, 100, 0, 3, 3, 6, 4, 5}},
}};

inline constexpr std::array<PowerSpec, 5> kPowers = {{
    {"Recall (50 energy): Teleport back to spawn.", 50},
    {"Repair (50 energy): Gain 50 health, can go over max health. Health regen will not be in "
     "effect if over cap.",
     50},
    {"Overcharge (up to 50 health): Gain 2*health spent energy, can go over max energy. Energy "
     "regen will not be in effect if over cap.",
     0},
    {"Deploy Drones (100 energy): Clear all projectiles.", 100},
    {"Orbital Strike (100 energy): Deal 100 damage to all enemies, affected by armour.", 100},
}};

// The equipment chosen in setup; it stays chosen between games.
struct Loadout {
  int weapon = 0;
  int armour = 0;
  int engine = 0;
  int power = 0;

  const WeaponSpec& weapon_spec() const { return kWeapons[static_cast<std::size_t>(weapon)]; }
  const PowerSpec& power_spec() const { return kPowers[static_cast<std::size_t>(power)]; }
  Weapon weapon_kind() const { return static_cast<Weapon>(weapon); }
  Power power_kind() const { return static_cast<Power>(power); }
  Stats stats() const {
    return weapon_spec().stats + kArmours[static_cast<std::size_t>(armour)].stats +
           kEngines[static_cast<std::size_t>(engine)].stats;
  }
};

}  // namespace space_defender_2
