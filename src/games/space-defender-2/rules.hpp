// Space Defender 2's rules in game (space-defender-2.txt §6.9-§6.15,
// messages.txt): the board, the Starfighter, enemies and projectiles, the
// seven phases of a turn, collisions and scoring. No I/O: a turn records
// what happened as the oracle's action log lines, section by section.
#pragma once

#include <climits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/grid.hpp"
#include "engine/oracle_random.hpp"
#include "games/space-defender-2/equipment.hpp"
#include "games/space-defender-2/score.hpp"

namespace space_defender_2 {

using engine::Coord;

enum class EnemyKind { Grunt, Fighter, Carrier, Interceptor, Pylon };

struct EnemySpec {
  std::string_view name;
  char symbol;
  int health;
  int regen;
  int armour;
  int vision;
};

inline constexpr std::array<EnemySpec, 5> kEnemySpecs = {{
    {"Grunt", 'G', 100, 1, 1, 5},
    {"Fighter", 'F', 150, 5, 10, 10},
    {"Carrier", 'C', 200, 10, 15, 15},
    {"Interceptor", 'I', 50, 0, 0, 5},
    {"Pylon", 'P', 300, 0, 0, 5},
}};

inline const EnemySpec& spec(EnemyKind kind) {
  return kEnemySpecs[static_cast<std::size_t>(kind)];
}

struct Enemy {
  int id = 0;
  EnemyKind kind = EnemyKind::Grunt;
  Coord at;
  int health = 0;
  int max_health = 0;
  int regen = 0;
  int armour = 0;
  int vision = 0;
  bool seen_by_starfighter = false;
  bool can_see_starfighter = false;
  bool turn_over = false;  // during phase 5
};

struct Projectile {
  int id = 0;
  bool friendly = false;
  Coord at;
  int damage = 0;
  int speed = 0;     // the "move" shown: squares per turn
  int row_step = 0;  // Spread: -1 up, 0 straight, +1 down
};

struct Starfighter {
  Coord at;
  Coord spawn;
  Stats stats;
  Loadout loadout;
  int health = 0;
  int energy = 0;
  bool destroyed = false;
  Orbment focus = Orbment::unlimited();
};

// The five enemy thresholds of `play`, non-decreasing.
struct Thresholds {
  int grunt = 1;
  int fighter = 1;
  int carrier = 1;
  int interceptor = 1;
  int pylon = 1;
};

enum class Action { Pass, Move, Fire, Special };

// Why the Starfighter cannot take an action now (messages.txt words them).
enum class Refusal {
  OutsideBoard,
  AlreadyThere,
  OutOfRange,
  NoResourcesToMove,
  NoResourcesToFire,
  NoResourcesForSpecial
};

// Who or what a battle event is about.
struct Actor {
  enum class Type : std::uint8_t {
    None,
    Starfighter,
    Enemy,
    FriendlyProjectile,
    EnemyProjectile,
    Projectile  // either side's (cleared by drones)
  };
  Type type = Type::None;
  EnemyKind enemy = EnemyKind::Grunt;
  int id = 0;
};

// What happened in a turn, as the rules record it; the text layer words each
// as a line of the oracle's debug sections (text::event_line).
struct Event {
  enum class Kind : std::uint8_t {
    Destroyed,          // who at `at`
    Collides,           // who (a mover) runs into with at `at`; `effect` says what it did
    Spawns,             // who spawns at `at` (or off the board); `nested` under its spawner
    Stays,              // who stays at `at`
    Moves,              // who moves from `at` to `to` (or off the board)
    StarfighterPasses,  // at `at`
    StarfighterFires,   // at `at`
    SpecialRecall,      // teleporting to `to`
    SpecialRepair,
    SpecialOvercharge,  // amount energy for amount2 health
    SpecialDrones,
    Neutralized,  // who (a projectile) at `at`
    SpecialStrike,
    StrikeHits,   // who takes amount at `at`
    GainsHealth,  // who gains amount total health
    GainsArmour,
    GainsRegen,
    PylonHeals,  // with at `at`
  };
  enum class Effect : std::uint8_t { Combining, Negating, Dealing, Healing, Trading, Taking };
  Kind kind = Kind::Destroyed;
  Actor who;
  Actor with;
  Effect effect = Effect::Dealing;
  Coord at{};
  Coord to{};
  bool off_board = false;
  bool nested = false;
  int amount = 0;
  int amount2 = 0;
};

// The events of the debug sections, in order.
struct TurnLog {
  std::vector<Event> friendly_projectiles;
  std::vector<Event> enemy_projectiles;
  std::vector<Event> starfighter;
  std::vector<Event> enemies;
  std::vector<Event> spawn;
};

std::string location_text(Coord at);  // "[A,5]"

class Battle {
 public:
  static constexpr char kRngWho = 'G';

  Battle(int rows, int cols, const Thresholds& thresholds, const Loadout& loadout);

  // For building positions: a new enemy or projectile on an empty square.
  int add_enemy(EnemyKind kind, Coord at);
  int add_projectile(bool friendly, Coord at, int damage, int speed, int row_step = 0);

  // Why `action` (to `target`, for Move) cannot be taken now, if so.
  std::optional<Refusal> refusal(Action action, Coord target) const;
  // Performs a valid action and the rest of the turn; `target` is for Move.
  void turn(Action action, Coord target, engine::OracleRandom& rng);

  // What the Starfighter would have after this turn's regeneration (for errors).
  int energy_after_regen() const;
  int health_after_regen() const;
  int special_energy_cost() const;
  static int distance(Coord a, Coord b);

  int rows() const { return shape_.rows; }
  int cols() const { return shape_.cols; }
  bool on_board(Coord at) const { return shape_.contains(at); }
  const Starfighter& starfighter() const { return starfighter_; }
  const std::map<int, Enemy>& enemies() const { return enemies_; }
  // By id, highest first: the oldest projectile first.
  const std::map<int, Projectile, std::greater<int>>& projectiles() const { return projectiles_; }
  const TurnLog& log() const { return log_; }
  // The board and the lists agree: every enemy and projectile on its square,
  // nothing else on the board, healths in range (for tests and fuzzing).
  bool is_consistent() const;
  // The symbol at a square: '_' empty, 'S' or 'X' the Starfighter, enemy letters, '*', '<'.
  char symbol_at(Coord at) const;

 private:
  static constexpr int kEmpty = INT_MIN;
  using Lines = std::vector<Event>;
  enum class Entry { Entered, Blocked, Destroyed };

  int& cell(Coord at) { return cells_[static_cast<std::size_t>(shape_.index(at))]; }
  int cell(Coord at) const { return cells_[static_cast<std::size_t>(shape_.index(at))]; }

  void regenerate();
  void damage_starfighter(int amount, Lines& out);
  void destroy_enemy(int id, Lines& out);
  void remove_projectile(int id);
  void update_vision();
  void update_vision(Enemy& enemy) const;

  // Each resolves a mover arriving on an occupied square and logs it.
  bool projectile_enters(Projectile& p, Coord at, Lines& out);
  Entry enemy_enters(Enemy& e, Coord at, Lines& out);
  bool starfighter_enters(Coord at, Lines& out);

  void spawn_projectile(bool friendly, Coord at, int damage, int speed, int row_step, Lines& out);
  void spawn_enemy(EnemyKind kind, Coord at, Lines& out, bool nested);

  void friendly_projectiles_act();
  void enemy_projectiles_act();
  void move_projectile(int id, Lines& out);
  void starfighter_acts(Action action, Coord target);
  void starfighter_moves(Coord target);
  void starfighter_fires();
  void starfighter_special();
  void enemies_act(Action action);
  void preempt(int id, Action action);
  void enemy_acts(int id);
  static void start_action(Enemy& e);
  bool enemy_moves(int id, Coord step, int steps);
  void enemy_fires(int id, int damage, int speed);
  void carrier_spawns(Coord at);
  void pylon_heals(const Enemy& pylon, Lines& out);
  void natural_spawn(engine::OracleRandom& rng);

  engine::GridShape shape_;
  Thresholds thresholds_;
  std::vector<int> cells_;
  Starfighter starfighter_;
  std::map<int, Enemy> enemies_;
  std::map<int, Projectile, std::greater<int>> projectiles_;
  int next_enemy_id_ = 1;
  int next_projectile_id_ = -1;
  TurnLog log_;
};

}  // namespace space_defender_2
