#include "games/space-defender-2/rules.hpp"

#include <algorithm>
#include <cstdlib>

namespace space_defender_2 {
namespace {

Actor of(const Enemy& e) {
  return {Actor::Type::Enemy, e.kind, e.id};
}

Actor of(const Projectile& p, int id) {
  return {p.friendly ? Actor::Type::FriendlyProjectile : Actor::Type::EnemyProjectile,
          EnemyKind::Grunt, id};
}

const Actor kStarfighter{Actor::Type::Starfighter, EnemyKind::Grunt, 0};

Event event(Event::Kind kind, Actor who) {
  Event e;
  e.kind = kind;
  e.who = who;
  return e;
}

Event collision(Actor who, Actor with, Coord at, Event::Effect effect, int amount = 0) {
  Event e = event(Event::Kind::Collides, who);
  e.with = with;
  e.effect = effect;
  e.at = at;
  e.amount = amount;
  return e;
}

Event at_event(Event::Kind kind, Actor who, Coord at, int amount = 0) {
  Event e = event(kind, who);
  e.at = at;
  e.amount = amount;
  return e;
}

Orbment drop(EnemyKind kind) {
  switch (kind) {
    case EnemyKind::Grunt:
      return Orbment::orb(kSilver);
    case EnemyKind::Fighter:
      return Orbment::orb(kGold);
    case EnemyKind::Carrier:
      return Orbment::diamond();
    case EnemyKind::Interceptor:
      return Orbment::orb(kBronze);
    case EnemyKind::Pylon:
      return Orbment::platinum();
  }
  return Orbment::orb(0);
}

int regenerated(int value, int maximum, int regen) {
  return value < maximum ? std::min(value + regen, maximum) : value;
}

}  // namespace

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

void Battle::enemies_act(Action action) {
  std::vector<int> ids;
  for (auto& [id, e] : enemies_) {
    e.turn_over = false;
    ids.push_back(id);
  }
  for (int id : ids) {
    if (!enemies_.contains(id)) continue;
    preempt(id, action);
    if (starfighter_.destroyed) return;
  }
  for (int id : ids) {
    if (!enemies_.contains(id) || enemies_.at(id).turn_over) continue;
    enemy_acts(id);
    if (starfighter_.destroyed) return;
  }
}

void Battle::preempt(int id, Action action) {
  Lines& out = log_.enemies;
  Enemy& e = enemies_.at(id);
  const Actor who = of(e);
  switch (e.kind) {
    case EnemyKind::Grunt:
      if (action == Action::Pass || action == Action::Special) {
        const int gain = action == Action::Pass ? 10 : 20;
        e.health += gain;
        e.max_health += gain;
        out.push_back(at_event(Event::Kind::GainsHealth, who, e.at, gain));
      }
      return;
    case EnemyKind::Fighter:
      if (action == Action::Fire) {
        e.armour += 1;
        out.push_back(at_event(Event::Kind::GainsArmour, who, e.at, 1));
      } else if (action == Action::Pass) {
        start_action(e);
        if (enemy_moves(id, {0, -1}, 6)) enemy_fires(id, 100, 10);
      }
      return;
    case EnemyKind::Carrier:
      if (action == Action::Special) {
        e.regen += 10;
        out.push_back(at_event(Event::Kind::GainsRegen, who, e.at, 10));
      } else if (action == Action::Pass) {
        start_action(e);
        if (enemy_moves(id, {0, -1}, 2)) {
          const Coord at = enemies_.at(id).at;
          carrier_spawns({at.row - 1, at.col});
          carrier_spawns({at.row + 1, at.col});
        }
      }
      return;
    case EnemyKind::Interceptor:
      if (action == Action::Fire) {
        // Straight to the Starfighter's row; into the Starfighter itself
        // only when it is in the same column.
        start_action(e);
        const int rows = starfighter_.at.row - e.at.row;
        enemy_moves(id, {rows > 0 ? 1 : -1, 0}, std::abs(rows));
      }
      return;
    case EnemyKind::Pylon:
      return;
  }
}

// An enemy's action, preempted or not, begins with its regeneration (with
// the regen a preemptive action that did not end its turn may have raised).
// The oracle regenerates a Fighter or Carrier whose preemptive move on `pass`
// ends its turn (jiahao_at044, jiahao_cal_score1, samyak_fake19).
void Battle::start_action(Enemy& e) {
  e.turn_over = true;
  e.health = regenerated(e.health, e.max_health, e.regen);
}

void Battle::enemy_acts(int id) {
  Enemy& e = enemies_.at(id);
  start_action(e);
  const bool sees = e.can_see_starfighter;
  switch (e.kind) {
    case EnemyKind::Grunt:
      if (enemy_moves(id, {0, -1}, sees ? 4 : 2)) enemy_fires(id, 15, 4);
      return;
    case EnemyKind::Fighter:
      if (enemy_moves(id, {0, -1}, sees ? 1 : 3)) {
        sees ? enemy_fires(id, 50, 6) : enemy_fires(id, 20, 3);
      }
      return;
    case EnemyKind::Carrier:
      if (enemy_moves(id, {0, -1}, sees ? 1 : 2) && sees) {
        const Coord at = enemies_.at(id).at;
        carrier_spawns({at.row, at.col - 1});
      }
      return;
    case EnemyKind::Interceptor:
      enemy_moves(id, {0, -1}, 3);
      return;
    case EnemyKind::Pylon:
      if (enemy_moves(id, {0, -1}, sees ? 1 : 2)) {
        sees ? enemy_fires(id, 70, 2) : pylon_heals(enemies_.at(id), log_.enemies);
      }
      return;
  }
}

void Battle::carrier_spawns(Coord at) {
  if (on_board(at) && cell(at) > 0) return;  // never onto another enemy
  spawn_enemy(EnemyKind::Interceptor, at, log_.enemies, true);
}

// Moves enemy `id` up to `steps` squares by `step`, stopping before another
// enemy. Returns whether it is still on the board.
bool Battle::enemy_moves(int id, Coord step, int steps) {
  Lines& out = log_.enemies;
  Enemy e = enemies_.at(id);
  const Actor who = of(e);
  const Coord from = e.at;
  cell(from) = kEmpty;
  Lines collisions;
  bool alive = true;
  bool escaped = false;
  for (int i = 0; i < steps; ++i) {
    const Coord next = e.at + step;
    if (!on_board(next)) {
      escaped = true;
      break;
    }
    const Entry entry = enemy_enters(e, next, collisions);
    if (entry == Entry::Blocked) break;
    e.at = next;
    if (entry == Entry::Destroyed) {
      alive = false;
      break;
    }
  }
  if (escaped) {
    Event moved = at_event(Event::Kind::Moves, who, from);
    moved.off_board = true;
    out.push_back(moved);
    enemies_.erase(id);
  } else if (e.at == from && alive) {
    out.push_back(at_event(Event::Kind::Stays, who, from));
  } else {
    Event moved = at_event(Event::Kind::Moves, who, from);
    moved.to = e.at;
    out.push_back(moved);
  }
  out.insert(out.end(), collisions.begin(), collisions.end());
  if (!alive || escaped) return false;
  enemies_.at(id) = e;
  cell(e.at) = id;
  return true;
}

void Battle::enemy_fires(int id, int damage, int speed) {
  const Coord at = enemies_.at(id).at;
  spawn_projectile(false, {at.row, at.col - 1}, damage, speed, 0, log_.enemies);
}

void Battle::pylon_heals(const Enemy& pylon, Lines& out) {
  for (auto& [id, e] : enemies_) {
    if (distance(e.at, pylon.at) > pylon.vision) continue;
    e.health = std::min(e.health + 10, e.max_health);
    Event healed = event(Event::Kind::PylonHeals, of(pylon));
    healed.with = of(e);
    healed.at = e.at;
    healed.amount = 10;
    out.push_back(healed);
  }
}

void Battle::natural_spawn(engine::OracleRandom& rng) {
  const int row = rng.rchoose(kRngWho, 1, shape_.rows);
  const int value = rng.rchoose(kRngWho, 1, 100);
  const Coord at{row, shape_.cols};
  if (cell(at) > 0) return;
  const Thresholds& t = thresholds_;
  std::optional<EnemyKind> kind;
  if (value < t.grunt) {
    kind = EnemyKind::Grunt;
  } else if (value < t.fighter) {
    kind = EnemyKind::Fighter;
  } else if (value < t.carrier) {
    kind = EnemyKind::Carrier;
  } else if (value < t.interceptor) {
    kind = EnemyKind::Interceptor;
  } else if (value < t.pylon) {
    kind = EnemyKind::Pylon;
  }
  if (kind) spawn_enemy(*kind, at, log_.spawn, false);
}

}  // namespace space_defender_2
