// The enemies' part of a turn (Battle): each acts or is preempted, moves,
// fires, heals, spawns; and the natural spawn that ends a turn.
#include <algorithm>
#include <cstdlib>

#include "games/space-defender-2/battle_events.hpp"
#include "games/space-defender-2/rules.hpp"

namespace space_defender_2 {

using namespace battle;

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
