// What the battle's rules (rules.cpp, enemies.cpp) record and share: the
// actors of events, the events made, an enemy's drop and regeneration.
#pragma once

#include <algorithm>

#include "games/space-defender-2/rules.hpp"

namespace space_defender_2::battle {

inline Actor of(const Enemy& e) {
  return {Actor::Type::Enemy, e.kind, e.id};
}

inline Actor of(const Projectile& p, int id) {
  return {p.friendly ? Actor::Type::FriendlyProjectile : Actor::Type::EnemyProjectile,
          EnemyKind::Grunt, id};
}

inline const Actor kStarfighter{Actor::Type::Starfighter, EnemyKind::Grunt, 0};

inline Event event(Event::Kind kind, Actor who) {
  Event e;
  e.kind = kind;
  e.who = who;
  return e;
}

inline Event collision(Actor who, Actor with, Coord at, Event::Effect effect, int amount = 0) {
  Event e = event(Event::Kind::Collides, who);
  e.with = with;
  e.effect = effect;
  e.at = at;
  e.amount = amount;
  return e;
}

inline Event at_event(Event::Kind kind, Actor who, Coord at, int amount = 0) {
  Event e = event(kind, who);
  e.at = at;
  e.amount = amount;
  return e;
}

inline Orbment drop(EnemyKind kind) {
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

inline int regenerated(int value, int maximum, int regen) {
  return value < maximum ? std::min(value + regen, maximum) : value;
}

}  // namespace space_defender_2::battle
