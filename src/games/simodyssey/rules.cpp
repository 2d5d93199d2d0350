#include "games/simodyssey/rules.hpp"

#include <algorithm>

namespace simodyssey {
namespace {

constexpr char kGalaxy = 'G';  // who draws from the generator while the board is made

// The movable a generation draw of 1-100 makes, if any.
std::optional<Kind> movable_of(int value, const Thresholds& t) {
  if (value < t.asteroid) return Kind::Asteroid;
  if (value < t.janitaur) return Kind::Janitaur;
  if (value < t.malevolent) return Kind::Malevolent;
  if (value < t.benign) return Kind::Benign;
  if (value < t.planet) return Kind::Planet;
  return std::nullopt;
}

}  // namespace

Galaxy::Galaxy() {
  for (auto& quadrants : cells_) quadrants.fill(kEmpty);
  add(kExplorerId, Kind::Explorer, {1, 1});
  add(kBlackholeId, Kind::Blackhole, kBlackholeSector);
}

Galaxy::Galaxy(const Thresholds& thresholds, engine::OracleRandom& rng) : Galaxy() {
  for (int row = 1; row <= kShape.rows; ++row) {
    for (int col = 1; col <= kShape.cols; ++col) {
      const Coord sector{row, col};
      if (sector == kBlackholeSector) continue;
      const int attempts = rng.rchoose(kGalaxy, 1, 3);
      for (int i = 0; i < attempts; ++i) {
        if (const auto kind = movable_of(rng.rchoose(kGalaxy, 1, 100), thresholds))
          spawn(*kind, sector, icon(*kind), rng);
      }
    }
  }

  int next_stationary_id = kBlackholeId - 1;
  for (int placed = 0; placed < kStationaryCount;) {
    const int row = rng.rchoose(kGalaxy, 1, 5);
    const int col = rng.rchoose(kGalaxy, 1, 5);
    const Coord sector{row, col};
    if (stationary_at(sector) || is_full(sector)) continue;
    constexpr Kind kKinds[] = {Kind::YellowDwarf, Kind::BlueGiant, Kind::Wormhole};
    add(next_stationary_id--, kKinds[rng.rchoose(kGalaxy, 1, 3) - 1], sector);
    ++placed;
  }
}

Entity& Galaxy::add(int id, Kind kind, Coord sector) {
  Entity& entity = entities_[id];
  entity.id = id;
  entity.kind = kind;
  entity.fuel = max_fuel(kind);
  entity.reproduce = reproduction_interval(kind);
  place(entity, sector);
  return entity;
}

Entity& Galaxy::spawn(Kind kind, Coord sector, char who, engine::OracleRandom& rng) {
  Entity& entity = add(next_movable_id_++, kind, sector);
  entity.turns_left = rng.rchoose(who, 0, 2);
  return entity;
}

std::optional<int> Galaxy::occupant(Coord sector, int quadrant) const {
  const int id = cell(sector)[static_cast<std::size_t>(quadrant - 1)];
  if (id == kEmpty) return std::nullopt;
  return id;
}

bool Galaxy::is_full(Coord sector) const {
  const Quadrants& quadrants = cell(sector);
  return std::none_of(quadrants.begin(), quadrants.end(), [](int id) { return id == kEmpty; });
}

bool Galaxy::is_consistent() const {
  std::size_t occupied = 0;
  for (int row = 1; row <= kShape.rows; ++row) {
    for (int col = 1; col <= kShape.cols; ++col) {
      for (int q = 1; q <= 4; ++q) {
        const auto id = occupant({row, col}, q);
        if (!id) continue;
        ++occupied;
        const auto found = entities_.find(*id);
        if (found == entities_.end() || !(found->second.location == Location{{row, col}, q}))
          return false;
      }
    }
  }
  // Every count in its range: fuel, life, a janitaur's load, the actions
  // until reproduction, the turns before acting.
  const auto in = [](int value, int low, int high) { return low <= value && value <= high; };
  for (const auto& [id, e] : entities_) {
    if (has_fuel(e.kind) && !in(e.fuel, 1, max_fuel(e.kind))) return false;
    if (e.kind == Kind::Explorer && !in(e.life, 1, Entity::kMaxLife)) return false;
    if (!in(e.load, 0, Entity::kMaxLoad) || !in(e.turns_left, 0, 2)) return false;
    if (reproduces(e.kind) && !in(e.reproduce, 0, reproduction_interval(e.kind))) return false;
  }
  return occupied == entities_.size();
}

std::optional<Kind> Galaxy::stationary_at(Coord sector) const {
  for (int id : cell(sector)) {
    if (id != kEmpty && id < 0) return entities_.at(id).kind;
  }
  return std::nullopt;
}

bool Galaxy::has(Coord sector, Kind kind) const {
  const Quadrants& quadrants = cell(sector);
  return std::any_of(quadrants.begin(), quadrants.end(),
                     [&](int id) { return id != kEmpty && entities_.at(id).kind == kind; });
}

std::vector<int> Galaxy::movables_in(Coord sector) const {
  std::vector<int> ids;
  for (int id : cell(sector)) {
    if (id != kEmpty && id >= 0) ids.push_back(id);
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

void Galaxy::place(Entity& entity, Coord sector) {
  Quadrants& quadrants = cell(sector);
  const auto free = std::find(quadrants.begin(), quadrants.end(), kEmpty);
  *free = entity.id;
  entity.location = {sector, static_cast<int>(free - quadrants.begin()) + 1};
}

void Galaxy::lift(Entity& entity) {
  cell(entity.location.sector)[static_cast<std::size_t>(entity.location.quadrant - 1)] = kEmpty;
}

// The lowest-id planet of the explorer's sector that is attached and not yet visited.
const Entity* Galaxy::landing_planet() const {
  const Entity* best = nullptr;
  for (int id : cell(explorer().location.sector)) {
    if (id <= 0) continue;
    const Entity& planet = entities_.at(id);
    if (planet.kind == Kind::Planet && planet.attached && !planet.visited &&
        (!best || planet.id < best->id))
      best = &planet;
  }
  return best;
}

std::optional<Refusal> Galaxy::refusal(const Action& action) const {
  const Entity& e = explorer();
  const Coord sector = e.location.sector;
  switch (action.kind) {
    case ActionKind::Pass:
      return std::nullopt;
    case ActionKind::Move:
      if (e.landed) return Refusal::CurrentlyLanded;
      if (is_full(kShape.neighbour_wrapped(sector, action.direction)))
        return Refusal::DestinationFull;
      return std::nullopt;
    case ActionKind::Wormhole:
      if (e.landed) return Refusal::CurrentlyLanded;
      if (stationary_at(sector) != Kind::Wormhole) return Refusal::NoWormhole;
      return std::nullopt;
    case ActionKind::Land:
      if (e.landed) return Refusal::AlreadyLanded;
      if (stationary_at(sector) != Kind::YellowDwarf) return Refusal::NoYellowDwarf;
      if (!has(sector, Kind::Planet)) return Refusal::NoPlanets;
      if (!landing_planet()) return Refusal::NoUnvisitedPlanet;
      return std::nullopt;
    case ActionKind::Liftoff:
      if (!e.landed) return Refusal::NotOnPlanet;
      return std::nullopt;
  }
  return std::nullopt;
}

// Appendix A's MAIN CONTROL: the explorer acts, then each movable of the
// turn's start, in the order of ids, acts when its turns_left is 0, or
// counts down; one that died before its turn does not act, and one born
// this turn waits for the next (as the oracle has it).
TurnReport Galaxy::turn(const Action& action, engine::OracleRandom& rng) {
  TurnReport report;
  explorer_acts(action, report, rng);
  if (report.life_found) return report;
  std::vector<int> movables;
  for (auto it = entities_.upper_bound(kExplorerId); it != entities_.end(); ++it)
    movables.push_back(it->first);
  for (int id : movables) {
    if (const auto it = entities_.find(id); it != entities_.end())
      movable_acts(it->second, report, rng);
  }
  return report;
}

void Galaxy::explorer_acts(const Action& action, TurnReport& report, engine::OracleRandom& rng) {
  Entity& e = entities_.at(kExplorerId);
  const Location from = e.location;
  bool moved = false;
  switch (action.kind) {
    case ActionKind::Pass:
      break;
    case ActionKind::Move:
      lift(e);
      place(e, kShape.neighbour_wrapped(from.sector, action.direction));
      report.movements.push_back({e.id, e.kind, from, e.location, {}});
      moved = true;
      break;
    case ActionKind::Wormhole:
      through_wormhole(e, rng);
      report.movements.push_back({e.id, e.kind, from, e.location, {}});
      break;
    case ActionKind::Land: {
      Entity& planet = entities_.at(landing_planet()->id);
      e.landed = true;
      planet.visited = true;
      if (planet.supports_life) {
        report.life_found = true;
        return;
      }
      break;
    }
    case ActionKind::Liftoff:
      e.landed = false;
      break;
  }
  check(e, moved, report);
}

void Galaxy::through_wormhole(Entity& entity, engine::OracleRandom& rng) {
  // The explorer's own quadrant counts as free when it lands where it was; a
  // malevolent's or a benign's does not (as the oracles have it).
  const bool explorer = entity.kind == Kind::Explorer;
  if (explorer) lift(entity);
  Coord target;
  do {
    const int row = rng.rchoose(icon(entity.kind), 1, 5);
    const int col = rng.rchoose(icon(entity.kind), 1, 5);
    target = {row, col};
  } while (is_full(target));
  if (!explorer) lift(entity);
  place(entity, target);
}

bool Galaxy::check(Entity& entity, bool moved_sector, TurnReport& report) {
  const Coord sector = entity.location.sector;
  if (has_fuel(entity.kind)) {
    if (moved_sector) --entity.fuel;
    if (const auto star = stationary_at(sector); star && is_star(*star))
      entity.fuel = std::min(entity.fuel + luminosity(*star), max_fuel(entity.kind));
    if (entity.fuel <= 0) {
      kill(entity, DeathCause::OutOfFuel, report);
      return false;
    }
  }
  if (stationary_at(sector) == Kind::Blackhole) {
    kill(entity, DeathCause::Blackhole, report, kBlackholeId);
    return false;
  }
  return true;
}

void Galaxy::kill(Entity& entity, DeathCause cause, TurnReport& report, int killer) {
  lift(entity);
  entity.death = cause;
  entity.killer = killer;
  if (entity.kind == Kind::Explorer) {
    entity.life = 0;
    report.explorer_died = true;
  }
  report.deaths.push_back(entity);
  entities_.erase(entity.id);
}

void Galaxy::attach(Entity& planet, engine::OracleRandom& rng) {
  planet.attached = true;
  if (stationary_at(planet.location.sector) == Kind::YellowDwarf &&
      rng.rchoose(icon(Kind::Planet), 1, 2) == 2) {
    planet.supports_life = true;
  }
}

void Galaxy::movable_acts(Entity& entity, TurnReport& report, engine::OracleRandom& rng) {
  if (entity.kind == Kind::Planet && entity.attached) return;  // in orbit: never acts again
  if (entity.turns_left > 0) {
    --entity.turns_left;
    return;
  }
  if (entity.kind == Kind::Planet) {
    if (const auto star = stationary_at(entity.location.sector); star && is_star(*star)) {
      attach(entity, rng);
      return;
    }
  }
  const Location from = entity.location;
  const bool wormhole = (entity.kind == Kind::Malevolent || entity.kind == Kind::Benign) &&
                        stationary_at(from.sector) == Kind::Wormhole;
  if (wormhole) {
    through_wormhole(entity, rng);
  } else {
    const auto direction = static_cast<Direction>(rng.rchoose(icon(entity.kind), 1, 8) - 1);
    const Coord destination = kShape.neighbour_wrapped(from.sector, direction);
    if (!is_full(destination)) {
      lift(entity);
      place(entity, destination);
    }
  }
  report.movements.push_back({entity.id, entity.kind, from, entity.location, {}});
  Movement& movement = report.movements.back();
  const bool moved_sector = !wormhole && !(entity.location.sector == from.sector);
  if (!check(entity, moved_sector, report)) return;
  reproduce(entity, movement, rng);
  behave(entity, movement, report, rng);
}

void Galaxy::reproduce(Entity& entity, Movement& movement, engine::OracleRandom& rng) {
  if (!reproduces(entity.kind)) return;
  const Coord sector = entity.location.sector;
  if (entity.reproduce == 0 && !is_full(sector)) {
    const Entity& child = spawn(entity.kind, sector, icon(entity.kind), rng);
    movement.effects.push_back({Effect::What::Reproduced, child.id, child.kind, child.location});
    entity.reproduce = reproduction_interval(entity.kind);
  } else if (entity.reproduce > 0) {
    --entity.reproduce;
  }
}

void Galaxy::behave(Entity& entity, Movement& movement, TurnReport& report,
                    engine::OracleRandom& rng) {
  const Coord sector = entity.location.sector;
  const auto destroy = [&](Entity& victim, DeathCause cause) {
    movement.effects.push_back({Effect::What::Destroyed, victim.id, victim.kind, victim.location});
    kill(victim, cause, report, entity.id);
  };
  switch (entity.kind) {
    case Kind::Asteroid:
      for (int id : movables_in(sector)) {
        Entity& other = entities_.at(id);
        const bool hit = other.kind == Kind::Malevolent || other.kind == Kind::Benign ||
                         other.kind == Kind::Janitaur ||
                         (other.kind == Kind::Explorer && !other.landed);
        if (hit) destroy(other, DeathCause::Asteroid);
      }
      break;
    case Kind::Janitaur:
      for (int id : movables_in(sector)) {
        Entity& other = entities_.at(id);
        if (other.kind == Kind::Asteroid && entity.load < Entity::kMaxLoad) {
          destroy(other, DeathCause::Janitaur);
          ++entity.load;
        }
      }
      if (stationary_at(sector) == Kind::Wormhole) entity.load = 0;
      break;
    case Kind::Benign:
      for (int id : movables_in(sector)) {
        Entity& other = entities_.at(id);
        if (other.kind == Kind::Malevolent) destroy(other, DeathCause::Benign);
      }
      break;
    case Kind::Malevolent:
      if (const auto it = entities_.find(kExplorerId); it != entities_.end()) {
        Entity& e = it->second;
        if (e.location.sector == sector && !e.landed && !has(sector, Kind::Benign)) {
          movement.effects.push_back({Effect::What::Attacked, e.id, e.kind, e.location});
          if (--e.life == 0) kill(e, DeathCause::OutOfLife, report, entity.id);
        }
      }
      break;
    case Kind::Planet:
      if (const auto star = stationary_at(sector); star && is_star(*star)) {
        attach(entity, rng);
        return;
      }
      break;
    default:
      return;
  }
  entity.turns_left = rng.rchoose(icon(entity.kind), 0, 2);
}

}  // namespace simodyssey
