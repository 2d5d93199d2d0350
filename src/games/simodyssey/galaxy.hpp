// SimOdyssey's rules: the galaxy, its entities and what happens in a turn
// (simodyssey.txt §7-§11 and Appendix A). Plain values, no I/O.
//
// The galaxy is a 5 x 5 torus of sectors with four quadrants each. Every
// random choice goes through the course oracle's generator in exactly the
// order of Appendix A, so that a game matches the reference program.
#pragma once

#include <array>
#include <climits>
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

struct Location {
  Coord sector;
  int quadrant = 1;  // 1..4, left to right
  friend bool operator==(const Location&, const Location&) = default;
};

enum class DeathCause { None, OutOfFuel, Blackhole };

struct Entity {
  static constexpr int kMaxFuel = 3;
  static constexpr int kMaxLife = 3;

  int id = 0;
  Kind kind = Kind::Planet;
  Location location;
  // Explorer
  int fuel = kMaxFuel;
  int life = kMaxLife;
  bool landed = false;
  // Planet
  bool attached = false;
  bool supports_life = false;
  bool visited = false;
  int turns_left = 0;
  // Set when it dies
  DeathCause death = DeathCause::None;
};

// One line of the "Movement" section: where an entity was and where it is
// now (the same place when its destination was full).
struct Movement {
  int id;
  Kind kind;
  Location from;
  Location to;
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
  Galaxy(int planet_threshold, engine::OracleRandom& rng);
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
  // Every quadrant holds a living entity whose location is that quadrant, and
  // every living entity is in one (for tests and fuzzing).
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
  void kill(Entity& entity, DeathCause cause, TurnReport& report);
  const Entity* landing_planet() const;
  bool has_planets(Coord sector) const;

  void explorer_acts(const Action& action, TurnReport& report, engine::OracleRandom& rng);
  void check_explorer(bool moved, TurnReport& report);
  void planet_acts(Entity& planet, TurnReport& report, engine::OracleRandom& rng);
  void attach(Entity& planet, engine::OracleRandom& rng);

  std::array<Quadrants, 25> cells_;
  std::map<int, Entity> entities_;
};

}  // namespace simodyssey
