#include "games/space-defender-2/rules.hpp"

#include <algorithm>
#include <cstdlib>

#include "games/space-defender-2/battle_events.hpp"

namespace space_defender_2 {
using namespace battle;

std::string location_text(Coord at) {
  return "[" + std::string(1, static_cast<char>('A' + at.row - 1)) + "," + std::to_string(at.col) +
         "]";
}

Battle::Battle(int rows, int cols, const Thresholds& thresholds, const Loadout& loadout)
    : shape_{rows, cols, 1},
      thresholds_(thresholds),
      cells_(static_cast<std::size_t>(rows * cols), kEmpty) {
  Starfighter& sf = starfighter_;
  sf.spawn = {(rows + 1) / 2, 1};
  sf.at = sf.spawn;
  sf.loadout = loadout;
  sf.stats = loadout.stats();
  sf.health = sf.stats.health;
  sf.energy = sf.stats.energy;
  cell(sf.at) = 0;
}

int Battle::add_enemy(EnemyKind kind, Coord at) {
  const EnemySpec& s = spec(kind);
  const int id = next_enemy_id_++;
  Enemy e{id, kind, at, s.health, s.health, s.regen, s.armour, s.vision, false, false, false};
  update_vision(e);
  enemies_.emplace(id, e);
  cell(at) = id;
  return id;
}

int Battle::add_projectile(bool friendly, Coord at, int damage, int speed, int row_step) {
  const int id = next_projectile_id_--;
  projectiles_.emplace(id, Projectile{id, friendly, at, damage, speed, row_step});
  cell(at) = id;
  return id;
}

int Battle::distance(Coord a, Coord b) {
  return std::abs(a.row - b.row) + std::abs(a.col - b.col);
}

int Battle::energy_after_regen() const {
  const Starfighter& sf = starfighter_;
  return regenerated(sf.energy, sf.stats.energy, sf.stats.regen_energy);
}

int Battle::health_after_regen() const {
  const Starfighter& sf = starfighter_;
  return regenerated(sf.health, sf.stats.health, sf.stats.regen_health);
}

int Battle::special_energy_cost() const {
  return starfighter_.loadout.power_spec().energy_cost;
}

std::optional<Refusal> Battle::refusal(Action action, Coord target) const {
  const Starfighter& sf = starfighter_;
  switch (action) {
    case Action::Pass:
      return std::nullopt;
    case Action::Move: {
      if (!on_board(target)) return Refusal::OutsideBoard;
      if (target == sf.at) return Refusal::AlreadyThere;
      const int steps = distance(sf.at, target);
      if (steps > sf.stats.move) return Refusal::OutOfRange;
      if (energy_after_regen() < steps * sf.stats.move_cost) return Refusal::NoResourcesToMove;
      return std::nullopt;
    }
    case Action::Fire: {
      const WeaponSpec& w = sf.loadout.weapon_spec();
      const int have = w.costs_health ? health_after_regen() : energy_after_regen();
      if (have < w.cost) return Refusal::NoResourcesToFire;
      return std::nullopt;
    }
    case Action::Special:
      if (energy_after_regen() < special_energy_cost()) return Refusal::NoResourcesForSpecial;
      return std::nullopt;
  }
  return std::nullopt;
}

bool Battle::is_consistent() const {
  std::size_t occupied = 0;
  for (int row = 1; row <= rows(); ++row) {
    for (int col = 1; col <= cols(); ++col) occupied += symbol_at({row, col}) != '_';
  }
  if (occupied != enemies_.size() + projectiles_.size() + 1) return false;
  for (const auto& [id, e] : enemies_) {
    if (symbol_at(e.at) != spec(e.kind).symbol || e.health <= 0 || e.health > e.max_health)
      return false;
  }
  for (const auto& [id, p] : projectiles_) {
    if (symbol_at(p.at) != (p.friendly ? '*' : '<')) return false;
  }
  const Starfighter& sf = starfighter_;
  return symbol_at(sf.at) == (sf.destroyed ? 'X' : 'S') && sf.health >= 0 && sf.energy >= 0;
}

char Battle::symbol_at(Coord at) const {
  const int id = cell(at);
  if (id == kEmpty) return '_';
  if (id == 0) return starfighter_.destroyed ? 'X' : 'S';
  if (id > 0) return spec(enemies_.at(id).kind).symbol;
  return projectiles_.at(id).friendly ? '*' : '<';
}

void Battle::regenerate() {
  Starfighter& sf = starfighter_;
  sf.health = health_after_regen();
  sf.energy = energy_after_regen();
}

void Battle::damage_starfighter(int amount, Lines& out) {
  Starfighter& sf = starfighter_;
  sf.health -= amount;
  if (sf.health <= 0) {
    sf.health = 0;
    sf.destroyed = true;
    out.push_back(at_event(Event::Kind::Destroyed, kStarfighter, sf.at));
  }
}

void Battle::destroy_enemy(int id, Lines& out) {
  const Enemy& e = enemies_.at(id);
  out.push_back(at_event(Event::Kind::Destroyed, of(e), e.at));
  if (on_board(e.at) && cell(e.at) == id) cell(e.at) = kEmpty;
  starfighter_.focus.add(drop(e.kind));
  enemies_.erase(id);
}

void Battle::remove_projectile(int id) {
  const Projectile& p = projectiles_.at(id);
  if (cell(p.at) == id) cell(p.at) = kEmpty;
  projectiles_.erase(id);
}

void Battle::update_vision(Enemy& e) const {
  const int d = distance(e.at, starfighter_.at);
  e.seen_by_starfighter = d <= starfighter_.stats.vision;
  e.can_see_starfighter = d <= e.vision;
}

void Battle::update_vision() {
  for (auto& [id, e] : enemies_) update_vision(e);
}

// A projectile in flight (off the grid) arrives at `at`. Returns whether it
// survives to go on.
bool Battle::projectile_enters(Projectile& p, Coord at, Lines& out) {
  const int id = cell(at);
  if (id == kEmpty) return true;
  const Actor mover{Actor::Type::Projectile, EnemyKind::Grunt, 0};
  if (id < 0) {
    Projectile& other = projectiles_.at(id);
    if (other.friendly == p.friendly) {
      out.push_back(collision(mover, of(other, id), at, Event::Effect::Combining));
      p.damage += other.damage;
      remove_projectile(id);
      return true;
    }
    out.push_back(collision(mover, of(other, id), at, Event::Effect::Negating));
    if (p.damage > other.damage) {
      p.damage -= other.damage;
      remove_projectile(id);
      return true;
    }
    if (p.damage < other.damage) {
      other.damage -= p.damage;
    } else {
      remove_projectile(id);
    }
    return false;
  }
  if (id == 0) {
    const int damage = std::max(p.damage - starfighter_.stats.armour, 0);
    out.push_back(collision(mover, kStarfighter, at, Event::Effect::Dealing, damage));
    damage_starfighter(damage, out);
    return false;
  }
  Enemy& e = enemies_.at(id);
  if (p.friendly) {
    const int damage = std::max(p.damage - e.armour, 0);
    out.push_back(collision(mover, of(e), at, Event::Effect::Dealing, damage));
    e.health -= damage;
    if (e.health <= 0) destroy_enemy(id, out);
  } else {
    out.push_back(collision(mover, of(e), at, Event::Effect::Healing, p.damage));
    e.health = std::min(e.health + p.damage, e.max_health);
  }
  return false;
}

// An enemy in motion (off the grid) arrives at `at`.
Battle::Entry Battle::enemy_enters(Enemy& e, Coord at, Lines& out) {
  const int id = cell(at);
  if (id == kEmpty) return Entry::Entered;
  if (id > 0) return Entry::Blocked;
  const Actor mover{Actor::Type::Enemy, e.kind, 0};  // named without its id
  if (id == 0) {
    const int trade = e.health;
    out.push_back(collision(mover, kStarfighter, at, Event::Effect::Trading, trade));
    e.at = at;
    enemies_.insert_or_assign(e.id, e);
    starfighter_.health -= trade;
    destroy_enemy(e.id, out);
    damage_starfighter(0, out);
    return Entry::Destroyed;
  }
  const Projectile p = projectiles_.at(id);
  remove_projectile(id);
  if (p.friendly) {
    const int damage = std::max(p.damage - e.armour, 0);
    out.push_back(collision(mover, of(p, id), at, Event::Effect::Taking, damage));
    e.health -= damage;
    if (e.health <= 0) {
      e.at = at;
      enemies_.insert_or_assign(e.id, e);
      destroy_enemy(e.id, out);
      return Entry::Destroyed;
    }
  } else {
    out.push_back(collision(mover, of(p, id), at, Event::Effect::Healing, p.damage));
    e.health = std::min(e.health + p.damage, e.max_health);
  }
  return Entry::Entered;
}

// The Starfighter arrives at `at` (moving or recalled). Returns whether it survives.
bool Battle::starfighter_enters(Coord at, Lines& out) {
  const int id = cell(at);
  if (id == kEmpty || id == 0) return true;
  starfighter_.at = at;
  if (id < 0) {
    const Projectile p = projectiles_.at(id);
    remove_projectile(id);
    const int damage = std::max(p.damage - starfighter_.stats.armour, 0);
    out.push_back(collision(kStarfighter, of(p, id), at, Event::Effect::Taking, damage));
    damage_starfighter(damage, out);
  } else {
    const Enemy& e = enemies_.at(id);
    const int trade = e.health;
    out.push_back(collision(kStarfighter, of(e), at, Event::Effect::Trading, trade));
    starfighter_.health -= trade;
    destroy_enemy(id, out);
    damage_starfighter(0, out);
  }
  return !starfighter_.destroyed;
}

void Battle::spawn_projectile(bool friendly, Coord at, int damage, int speed, int row_step,
                              Lines& out) {
  const int id = next_projectile_id_--;
  Projectile p{id, friendly, at, damage, speed, row_step};
  Event spawned = at_event(Event::Kind::Spawns, of(p, id), at);
  spawned.nested = true;
  spawned.off_board = !on_board(at);
  out.push_back(spawned);
  if (spawned.off_board) return;
  if (projectile_enters(p, at, out)) {
    projectiles_.emplace(id, p);
    cell(at) = id;
  }
}

// Spawns an enemy where no enemy stands: `nested` for a Carrier's
// Interceptors, not for the natural spawn of phase 7 (what follows from the
// spawn is worded the same either way).
void Battle::spawn_enemy(EnemyKind kind, Coord at, Lines& out, bool nested) {
  const EnemySpec& s = spec(kind);
  const int id = next_enemy_id_++;
  Event spawned = at_event(Event::Kind::Spawns, {Actor::Type::Enemy, kind, id}, at);
  spawned.nested = nested;
  spawned.off_board = !on_board(at);
  out.push_back(spawned);
  if (spawned.off_board) return;
  Enemy e{id, kind, at, s.health, s.health, s.regen, s.armour, s.vision, false, false, true};
  update_vision(e);
  if (enemy_enters(e, at, out) == Entry::Entered) {
    enemies_.emplace(id, e);
    cell(at) = id;
  }
}

void Battle::turn(Action action, Coord target, engine::OracleRandom& rng) {
  log_ = TurnLog{};
  friendly_projectiles_act();
  if (starfighter_.destroyed) return;
  enemy_projectiles_act();
  if (starfighter_.destroyed) return;
  starfighter_acts(action, target);
  if (starfighter_.destroyed) return;
  update_vision();
  enemies_act(action);
  if (starfighter_.destroyed) return;
  update_vision();
  natural_spawn(rng);
}

void Battle::move_projectile(int id, Lines& out) {
  Projectile p = projectiles_.at(id);
  const bool snipe = p.friendly && starfighter_.loadout.weapon_kind() == Weapon::Snipe;
  if (p.speed == 0) {
    out.push_back(at_event(Event::Kind::Stays, of(p, id), p.at));
    return;
  }
  const Coord from = p.at;
  cell(p.at) = kEmpty;
  projectiles_.erase(id);
  const Coord step{p.row_step, p.friendly ? 1 : -1};
  Lines collisions;
  bool alive = true;
  bool escaped = false;
  for (int i = 0; i < p.speed && alive; ++i) {
    const Coord next = snipe ? Coord{p.at.row, p.at.col + p.speed} : p.at + step;
    if (!on_board(next)) {
      escaped = true;
      break;
    }
    p.at = next;
    alive = projectile_enters(p, next, collisions);
    if (snipe) break;
  }
  Event moved = at_event(Event::Kind::Moves, of(p, id), from);
  moved.to = p.at;
  moved.off_board = escaped;
  out.push_back(moved);
  out.insert(out.end(), collisions.begin(), collisions.end());
  if (alive && !escaped) {
    if (p.friendly && starfighter_.loadout.weapon_kind() == Weapon::Rocket) p.speed *= 2;
    projectiles_.emplace(id, p);
    cell(p.at) = id;
  }
}

void Battle::friendly_projectiles_act() {
  std::vector<int> ids;
  for (const auto& [id, p] : projectiles_) {
    if (p.friendly) ids.push_back(id);
  }
  for (int id : ids) {
    if (!projectiles_.contains(id)) continue;
    move_projectile(id, log_.friendly_projectiles);
    if (starfighter_.destroyed) return;
  }
}

void Battle::enemy_projectiles_act() {
  std::vector<int> ids;
  for (const auto& [id, p] : projectiles_) {
    if (!p.friendly) ids.push_back(id);
  }
  for (int id : ids) {
    if (!projectiles_.contains(id)) continue;
    move_projectile(id, log_.enemy_projectiles);
    if (starfighter_.destroyed) return;
  }
}

void Battle::starfighter_acts(Action action, Coord target) {
  Lines& out = log_.starfighter;
  switch (action) {
    case Action::Pass:
      regenerate();
      regenerate();
      out.push_back(at_event(Event::Kind::StarfighterPasses, kStarfighter, starfighter_.at));
      return;
    case Action::Move:
      regenerate();
      starfighter_moves(target);
      return;
    case Action::Fire:
      regenerate();
      starfighter_fires();
      return;
    case Action::Special:
      regenerate();
      starfighter_special();
      return;
  }
}

void Battle::starfighter_moves(Coord target) {
  Starfighter& sf = starfighter_;
  const Coord from = sf.at;
  cell(from) = kEmpty;
  Lines collisions;
  Coord at = from;
  bool alive = true;
  while (alive && at != target) {
    if (at.row != target.row) {
      at.row += at.row < target.row ? 1 : -1;
    } else {
      at.col += at.col < target.col ? 1 : -1;
    }
    alive = starfighter_enters(at, collisions);
  }
  sf.at = at;
  cell(at) = 0;
  sf.energy -= sf.stats.move_cost * distance(from, at);
  Event moved = at_event(Event::Kind::Moves, kStarfighter, from);
  moved.to = at;
  log_.starfighter.push_back(moved);
  log_.starfighter.insert(log_.starfighter.end(), collisions.begin(), collisions.end());
}

void Battle::starfighter_fires() {
  Starfighter& sf = starfighter_;
  const WeaponSpec& weapon = sf.loadout.weapon_spec();
  (weapon.costs_health ? sf.health : sf.energy) -= weapon.cost;
  Lines& out = log_.starfighter;
  out.push_back(at_event(Event::Kind::StarfighterFires, kStarfighter, sf.at));
  const Coord at = sf.at;
  switch (sf.loadout.weapon_kind()) {
    case Weapon::Spread:
      for (int dr = -1; dr <= 1; ++dr) {
        spawn_projectile(true, {at.row + dr, at.col + 1}, weapon.damage, weapon.speed, dr, out);
      }
      break;
    case Weapon::Rocket:
      spawn_projectile(true, {at.row - 1, at.col - 1}, weapon.damage, weapon.speed, 0, out);
      spawn_projectile(true, {at.row + 1, at.col - 1}, weapon.damage, weapon.speed, 0, out);
      break;
    case Weapon::Standard:
    case Weapon::Snipe:
    case Weapon::Splitter:
      spawn_projectile(true, {at.row, at.col + 1}, weapon.damage, weapon.speed, 0, out);
      break;
  }
}

void Battle::starfighter_special() {
  Starfighter& sf = starfighter_;
  Lines& out = log_.starfighter;
  sf.energy -= special_energy_cost();
  switch (sf.loadout.power_kind()) {
    case Power::Recall: {
      Event recall = event(Event::Kind::SpecialRecall, kStarfighter);
      recall.to = sf.spawn;
      out.push_back(recall);
      cell(sf.at) = kEmpty;
      starfighter_enters(sf.spawn, out);
      sf.at = sf.spawn;
      cell(sf.at) = 0;
      return;
    }
    case Power::Repair:
      sf.health += 50;
      out.push_back(event(Event::Kind::SpecialRepair, kStarfighter));
      return;
    case Power::Overcharge: {
      const int spent = std::clamp(sf.health - 1, 0, 50);
      sf.health -= spent;
      sf.energy += 2 * spent;
      Event overcharge = event(Event::Kind::SpecialOvercharge, kStarfighter);
      overcharge.amount = 2 * spent;
      overcharge.amount2 = spent;
      out.push_back(overcharge);
      return;
    }
    case Power::DeployDrones: {
      out.push_back(event(Event::Kind::SpecialDrones, kStarfighter));
      while (!projectiles_.empty()) {
        const Projectile& p = projectiles_.begin()->second;
        out.push_back(at_event(Event::Kind::Neutralized,
                               {Actor::Type::Projectile, EnemyKind::Grunt, p.id}, p.at));
        remove_projectile(p.id);
      }
      return;
    }
    case Power::OrbitalStrike: {
      out.push_back(event(Event::Kind::SpecialStrike, kStarfighter));
      std::vector<int> ids;
      for (const auto& [id, e] : enemies_) ids.push_back(id);
      for (int id : ids) {
        Enemy& e = enemies_.at(id);
        const int damage = std::max(100 - e.armour, 0);
        out.push_back(at_event(Event::Kind::StrikeHits, of(e), e.at, damage));
        e.health -= damage;
        if (e.health <= 0) destroy_enemy(id, out);
      }
      return;
    }
  }
}

}  // namespace space_defender_2
