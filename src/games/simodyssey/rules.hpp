// SimOdyssey's rules: the galaxy, its entities and what happens in a turn,
// for both the lab (Phase 1: simodyssey.txt §7-§11 and Appendix A) and the
// course project (Phase 2: simodyssey2/SimOdyssey2-Spec.txt §5-§11 and
// Appendix A). Phase 2 adds asteroids, janitaurs, malevolents and benigns to
// Phase 1's explorer, planets and stationary entities; Phase 1 is Phase 2
// with only planets made (thresholds 1,1,1,1,N). Plain values, no I/O.
//
// The galaxy is a 5 x 5 torus of sectors with four quadrants each. Every
// random choice goes through the course oracle's generator in exactly the
// order of Appendix A, so that a game matches the reference program.
#pragma once

#include <array>
#include <climits>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/grid.hpp"
#include "engine/oracle_random.hpp"

namespace simodyssey {

using engine::Coord;
using engine::Direction;

enum class Kind : char {
  Explorer = 'E',
  Planet = 'P',
  Blackhole = 'O',
  YellowDwarf = 'Y',
  BlueGiant = '*',
  Wormhole = 'W',
  Malevolent = 'M',
  Benign = 'B',
  Janitaur = 'J',
  Asteroid = 'A',
};

constexpr char icon(Kind kind) {
  return static_cast<char>(kind);
}
constexpr bool is_star(Kind kind) {
  return kind == Kind::YellowDwarf || kind == Kind::BlueGiant;
}
constexpr int luminosity(Kind kind) {
  return kind == Kind::YellowDwarf ? 2 : kind == Kind::BlueGiant ? 5 : 0;
}
// The movables that carry fuel, run out of it, and reproduce (the explorer
// has fuel too, but does not reproduce).
constexpr bool has_fuel(Kind kind) {
  return kind == Kind::Explorer || kind == Kind::Malevolent || kind == Kind::Benign ||
         kind == Kind::Janitaur;
}
constexpr bool reproduces(Kind kind) {
  return kind == Kind::Malevolent || kind == Kind::Benign || kind == Kind::Janitaur;
}
constexpr int max_fuel(Kind kind) {
  return kind == Kind::Janitaur ? 5 : 3;
}
constexpr int reproduction_interval(Kind kind) {
  return kind == Kind::Janitaur ? 2 : 1;
}

// The five thresholds of `test(a, j, m, b, p)`: a draw of 1-100 below the
// first makes an asteroid, then a janitaur, a malevolent, a benign, a planet,
// and nothing from the last up. Phase 1's `test(N)` is {1, 1, 1, 1, N}.
struct Thresholds {
  int asteroid = 1;
  int janitaur = 1;
  int malevolent = 1;
  int benign = 1;
  int planet = 30;
  bool non_decreasing() const {
    return asteroid <= janitaur && janitaur <= malevolent && malevolent <= benign &&
           benign <= planet;
  }
  friend bool operator==(const Thresholds&, const Thresholds&) = default;
};

struct Location {
  Coord sector;
  int quadrant = 1;  // 1..4, left to right
  friend bool operator==(const Location&, const Location&) = default;
};

// How an entity died; `killer` names who, where one did.
enum class DeathCause { None, OutOfFuel, Blackhole, Asteroid, Janitaur, Benign, OutOfLife };

struct Entity {
  static constexpr int kMaxFuel = 3;  // the explorer's
  static constexpr int kMaxLife = 3;
  static constexpr int kMaxLoad = 2;  // a janitaur's

  int id = 0;
  Kind kind = Kind::Planet;
  Location location;
  // Explorer, malevolent, benign, janitaur
  int fuel = kMaxFuel;
  // Explorer
  int life = kMaxLife;
  bool landed = false;
  // Malevolent, benign, janitaur: actions left until it reproduces
  int reproduce = 0;
  // Janitaur: asteroids in its hold
  int load = 0;
  // Planet
  bool attached = false;
  bool supports_life = false;
  bool visited = false;
  // Every movable but the explorer: turns before it acts
  int turns_left = 0;
  // Set when it dies
  DeathCause death = DeathCause::None;
  int killer = 0;
};

// What an entity did to another when it acted (a line under its movement).
struct Effect {
  enum class What : std::uint8_t { Reproduced, Destroyed, Attacked };
  What what;
  int id;  // the other entity
  Kind kind;
  Location at;
};

// One line of the "Movement" section: where an entity was and where it is
// now (the same place when its destination was full), and what it did.
struct Movement {
  int id;
  Kind kind;
  Location from;
  Location to;
  std::vector<Effect> effects;
};

enum class ActionKind { Pass, Move, Wormhole, Land, Liftoff };

struct Action {
  ActionKind kind = ActionKind::Pass;
  Direction direction = Direction::N;  // for Move
};

// Why an action cannot be taken now; `sector` is the explorer's.
enum class Refusal {
  AlreadyLanded,      // land
  NoYellowDwarf,      // land
  NoPlanets,          // land
  NoUnvisitedPlanet,  // land
  NotOnPlanet,        // liftoff
  CurrentlyLanded,    // move, wormhole
  DestinationFull,    // move
  NoWormhole,         // wormhole
};

struct TurnReport {
  std::vector<Movement> movements;
  std::vector<Entity> deaths;  // in the order they died
  bool life_found = false;     // land on a planet that supports life: the game is won
  bool explorer_died = false;
};

class Galaxy {
 public:
  static constexpr engine::GridShape kShape{5, 5, 1};
  static constexpr Coord kBlackholeSector{3, 3};
  static constexpr int kExplorerId = 0;
  static constexpr int kBlackholeId = -1;
  static constexpr int kStationaryCount = 10;

  // Generates a board as Appendix A's "BOARD CREATION" does, drawing from rng.
  Galaxy(const Thresholds& thresholds, engine::OracleRandom& rng);
  // Only the explorer at (1,1) and the blackhole at (3,3), for building positions.
  static Galaxy empty() { return Galaxy(); }

  // Puts a new entity into the next available quadrant of `sector` (not full).
  Entity& add(int id, Kind kind, Coord sector);

  std::optional<Refusal> refusal(const Action& action) const;
  // Performs a valid action and the turn that follows it.
  TurnReport turn(const Action& action, engine::OracleRandom& rng);

  const Entity& explorer() const { return entities_.at(kExplorerId); }
  bool explorer_alive() const { return entities_.contains(kExplorerId); }
  // All living entities, by ascending id.
  const std::map<int, Entity>& entities() const { return entities_; }
  // The id in a quadrant, if any.
  std::optional<int> occupant(Coord sector, int quadrant) const;

  bool is_full(Coord sector) const;
  // Every quadrant holds a living entity whose location is that quadrant,
  // every living entity is in one, and its counts are in their ranges (for
  // tests and fuzzing).
  bool is_consistent() const;
  std::optional<Kind> stationary_at(Coord sector) const;

 private:
  static constexpr int kEmpty = INT_MIN;
  Galaxy();
  using Quadrants = std::array<int, 4>;

  Quadrants& cell(Coord sector) { return cells_[static_cast<std::size_t>(kShape.index(sector))]; }
  const Quadrants& cell(Coord sector) const {
    return cells_[static_cast<std::size_t>(kShape.index(sector))];
  }
  void place(Entity& entity, Coord sector);  // into the next available quadrant
  void lift(Entity& entity);                 // out of its quadrant
  void kill(Entity& entity, DeathCause cause, TurnReport& report, int killer = 0);
  const Entity* landing_planet() const;
  bool has(Coord sector, Kind kind) const;
  // The movables of a sector, lowest id first.
  std::vector<int> movables_in(Coord sector) const;
  // A new movable of `kind` in the next free quadrant of `sector`, its
  // turns_left drawn for `who`.
  Entity& spawn(Kind kind, Coord sector, char who, engine::OracleRandom& rng);

  void explorer_acts(const Action& action, TurnReport& report, engine::OracleRandom& rng);
  void movable_acts(Entity& entity, TurnReport& report, engine::OracleRandom& rng);
  // Appendix A's `wormhole`: to a random sector that is not full.
  void through_wormhole(Entity& entity, engine::OracleRandom& rng);
  // Appendix A's `check`: fuel spent and gained, death by fuel or blackhole;
  // whether the entity lives.
  bool check(Entity& entity, bool moved_sector, TurnReport& report);
  void reproduce(Entity& entity, Movement& movement, engine::OracleRandom& rng);
  void behave(Entity& entity, Movement& movement, TurnReport& report, engine::OracleRandom& rng);
  void attach(Entity& planet, engine::OracleRandom& rng);

  std::array<Quadrants, 25> cells_;
  std::map<int, Entity> entities_;
  int next_movable_id_ = kExplorerId + 1;
};

}  // namespace simodyssey
