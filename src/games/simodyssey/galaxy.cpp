#include "games/simodyssey/galaxy.hpp"

#include <algorithm>

namespace simodyssey {
namespace {

constexpr char kGalaxy = 'G';  // who draws from the generator while the board is made

}  // namespace

Galaxy::Galaxy() {
  for (auto& quadrants : cells_) quadrants.fill(kEmpty);
  add(kExplorerId, Kind::Explorer, {1, 1});
  add(kBlackholeId, Kind::Blackhole, kBlackholeSector);
}

Galaxy::Galaxy(int planet_threshold, engine::OracleRandom& rng) : Galaxy() {
  int next_movable_id = kExplorerId + 1;
  for (int row = 1; row <= kShape.rows; ++row) {
    for (int col = 1; col <= kShape.cols; ++col) {
      const Coord sector{row, col};
      if (sector == kBlackholeSector) continue;
      const int attempts = rng.rchoose(kGalaxy, 1, 3);
      for (int i = 0; i < attempts; ++i) {
        if (rng.rchoose(kGalaxy, 1, 100) < planet_threshold) {
          Entity& planet = add(next_movable_id++, Kind::Planet, sector);
          planet.turns_left = rng.rchoose(icon(Kind::Planet), 0, 2);
        }
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
  place(entity, sector);
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
  return occupied == entities_.size();
}

std::optional<Kind> Galaxy::stationary_at(Coord sector) const {
  for (int id : cell(sector)) {
    if (id != kEmpty && id < 0) return entities_.at(id).kind;
  }
  return std::nullopt;
}

bool Galaxy::has_planets(Coord sector) const {
  const Quadrants& quadrants = cell(sector);
  return std::any_of(quadrants.begin(), quadrants.end(),
                     [&](int id) { return id > 0 && entities_.at(id).kind == Kind::Planet; });
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
    if (planet.attached && !planet.visited && (!best || planet.id < best->id)) best = &planet;
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
      if (!has_planets(sector)) return Refusal::NoPlanets;
      if (!landing_planet()) return Refusal::NoUnvisitedPlanet;
      return std::nullopt;
    case ActionKind::Liftoff:
      if (!e.landed) return Refusal::NotOnPlanet;
      return std::nullopt;
  }
  return std::nullopt;
}

TurnReport Galaxy::turn(const Action& action, engine::OracleRandom& rng) {
  TurnReport report;
  explorer_acts(action, report, rng);
  if (report.life_found) return report;

  std::vector<int> planet_ids;
  for (const auto& [id, entity] : entities_) {
    if (entity.kind == Kind::Planet) planet_ids.push_back(id);
  }
  for (int id : planet_ids) {
    const auto found = entities_.find(id);
    if (found != entities_.end()) planet_acts(found->second, report, rng);
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
      report.movements.push_back({e.id, e.kind, from, e.location});
      moved = true;
      break;
    case ActionKind::Wormhole: {
      // The explorer's own quadrant counts as free when it lands where it was.
      lift(e);
      Coord target;
      do {
        const int row = rng.rchoose(icon(Kind::Explorer), 1, 5);
        const int col = rng.rchoose(icon(Kind::Explorer), 1, 5);
        target = {row, col};
      } while (is_full(target));
      place(e, target);
      report.movements.push_back({e.id, e.kind, from, e.location});
      break;
    }
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
  check_explorer(moved, report);
}

void Galaxy::check_explorer(bool moved, TurnReport& report) {
  Entity& e = entities_.at(kExplorerId);
  if (moved) --e.fuel;
  if (const auto star = stationary_at(e.location.sector); star && is_star(*star)) {
    e.fuel = std::min(e.fuel + luminosity(*star), Entity::kMaxFuel);
  }
  if (e.fuel <= 0) {
    kill(e, DeathCause::OutOfFuel, report);
    report.explorer_died = true;
  } else if (stationary_at(e.location.sector) == Kind::Blackhole) {
    kill(e, DeathCause::Blackhole, report);
    report.explorer_died = true;
  }
}

void Galaxy::kill(Entity& entity, DeathCause cause, TurnReport& report) {
  lift(entity);
  entity.death = cause;
  if (entity.kind == Kind::Explorer) entity.life = 0;
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

void Galaxy::planet_acts(Entity& planet, TurnReport& report, engine::OracleRandom& rng) {
  if (planet.attached) return;
  if (planet.turns_left > 0) {
    --planet.turns_left;
    return;
  }
  if (const auto star = stationary_at(planet.location.sector); star && is_star(*star)) {
    attach(planet, rng);
    return;
  }
  const auto direction = static_cast<Direction>(rng.rchoose(icon(Kind::Planet), 1, 8) - 1);
  const Location from = planet.location;
  const Coord destination = kShape.neighbour_wrapped(from.sector, direction);
  if (!is_full(destination)) {
    lift(planet);
    place(planet, destination);
  }
  report.movements.push_back({planet.id, planet.kind, from, planet.location});
  if (stationary_at(planet.location.sector) == Kind::Blackhole) {
    kill(planet, DeathCause::Blackhole, report);
    return;
  }
  if (const auto star = stationary_at(planet.location.sector); star && is_star(*star)) {
    attach(planet, rng);
  } else {
    planet.turns_left = rng.rchoose(icon(Kind::Planet), 0, 2);
  }
}

}  // namespace simodyssey
