#include "games/space-defender-2/rules.hpp"

#include <gtest/gtest.h>

#include "games/space-defender-2/score.hpp"
#include "games/space-defender-2/text.hpp"

namespace space_defender_2 {
namespace {

// The events of a section as the oracle's lines.
std::vector<std::string> lines(const std::vector<Event>& events) {
  std::vector<std::string> out;
  for (const Event& e : events) out.push_back(text::event_line(e));
  return out;
}

constexpr Thresholds kNoSpawn{1, 1, 1, 1, 1};

Loadout with_weapon(Weapon weapon) {
  Loadout loadout;
  loadout.weapon = static_cast<int>(weapon);
  return loadout;
}

TEST(Score, NestedFocusesFillLeftToRightAndMultiplyWhenFull) {
  Orbment focus = Orbment::unlimited();
  focus.add(Orbment::diamond());  // [gold]
  EXPECT_EQ(focus.score(), 3);
  focus.add(Orbment::orb(kSilver));  // into the diamond
  EXPECT_EQ(focus.score(), 5);
  focus.add(Orbment::platinum());  // a focus inside the diamond
  EXPECT_EQ(focus.score(), 6);
  focus.add(Orbment::orb(kBronze));  // into the platinum inside the diamond
  EXPECT_EQ(focus.score(), 7);
  focus.add(Orbment::orb(kGold));  // fills the platinum: (1+1+3) x 2
  EXPECT_EQ(focus.score(), 3 + 2 + 10);
  focus.add(Orbment::orb(kSilver));  // fills the diamond: (3+2+10+2) x 3
  EXPECT_EQ(focus.score(), 51);
  focus.add(Orbment::orb(kBronze));  // every focus full: the Starfighter's own slot
  EXPECT_EQ(focus.score(), 52);
  EXPECT_EQ(focus.slots().size(), 2u);
}

TEST(Score, AFullSlotOfANotFullFocusStillCountsAsOccupied) {
  Orbment platinum = Orbment::platinum();
  platinum.add(Orbment::diamond());
  platinum.add(Orbment::orb(kGold));  // goes into the diamond, not the platinum
  EXPECT_EQ(platinum.score(), 1 + 3 + 3);
  platinum.add(Orbment::orb(kGold));
  platinum.add(Orbment::orb(kGold));    // the diamond is full: (3+3+3+3) x 3 = 36
  platinum.add(Orbment::orb(kSilver));  // the platinum is full: (1 + 36 + 2) x 2
  EXPECT_EQ(platinum.score(), 78);
}

TEST(Battle, InterceptorMovesToTheStarfightersRowWhenItFires) {
  engine::OracleRandom rng;
  Battle battle(5, 10, kNoSpawn, Loadout{});  // Starfighter at [C,1]
  const int free = battle.add_enemy(EnemyKind::Interceptor, {1, 6});
  const int blocked = battle.add_enemy(EnemyKind::Interceptor, {5, 8});
  battle.add_enemy(EnemyKind::Pylon, {4, 8});
  battle.turn(Action::Fire, {}, rng);
  EXPECT_EQ(battle.enemies().at(free).at, (Coord{3, 6}));
  EXPECT_EQ(battle.enemies().at(blocked).at, (Coord{5, 8}));
  EXPECT_EQ(text::event_line(battle.log().enemies.at(0)),
            "A Interceptor(id:1) moves: [A,6] -> [C,6]");
  EXPECT_EQ(text::event_line(battle.log().enemies.at(1)), "A Interceptor(id:2) stays at: [E,8]");
}

TEST(Battle, InterceptorInTheStarfightersColumnCollidesWithIt) {
  engine::OracleRandom rng;
  Battle battle(5, 10, kNoSpawn, with_weapon(Weapon::Snipe));
  battle.turn(Action::Move, {3, 2}, rng);  // [C,2]
  const int id = battle.add_enemy(EnemyKind::Interceptor, {1, 2});
  const int health = battle.starfighter().health;
  battle.turn(Action::Fire, {}, rng);
  EXPECT_FALSE(battle.enemies().contains(id));
  const std::vector<std::string> expected = {
      "A Interceptor(id:1) moves: [A,2] -> [C,2]",
      "  The Interceptor collides with Starfighter(id:0) at location [C,2], trading 50 damage.",
      "  The Interceptor at location [C,2] has been destroyed."};
  EXPECT_EQ(lines(battle.log().enemies), expected);
  EXPECT_LT(battle.starfighter().health, health);
  EXPECT_EQ(battle.starfighter().focus.score(), kBronze);
}

TEST(Battle, InterceptorIsDestroyedByAProjectileOnItsWay) {
  engine::OracleRandom rng;
  Battle battle(5, 10, kNoSpawn, Loadout{});
  const int id = battle.add_enemy(EnemyKind::Interceptor, {1, 9});
  battle.add_projectile(true, {2, 9}, 200, 0);  // a mine in the path
  battle.turn(Action::Fire, {}, rng);
  EXPECT_FALSE(battle.enemies().contains(id));
  EXPECT_EQ(text::event_line(battle.log().enemies.at(0)),
            "A Interceptor(id:1) moves: [A,9] -> [B,9]");
}

TEST(Battle, SnipeTeleportsPastEverythingBetween) {
  engine::OracleRandom rng;
  Battle battle(5, 10, kNoSpawn, with_weapon(Weapon::Snipe));
  battle.turn(Action::Fire, {}, rng);  // a projectile at [C,2]
  const int between = battle.add_enemy(EnemyKind::Pylon, {3, 5});
  const int target = battle.add_enemy(EnemyKind::Pylon, {3, 10});
  battle.turn(Action::Pass, {}, rng);
  EXPECT_EQ(text::event_line(battle.log().friendly_projectiles.at(0)),
            "A friendly projectile(id:-1) moves: [C,2] -> [C,10]");
  EXPECT_EQ(text::event_line(battle.log().friendly_projectiles.at(1)),
            "  The projectile collides with Pylon(id:2) at location [C,10], dealing 1000 damage.");
  EXPECT_TRUE(battle.enemies().contains(between));
  EXPECT_FALSE(battle.enemies().contains(target));
}

TEST(Battle, RocketsDoubleTheirMoveAfterEachTurn) {
  engine::OracleRandom rng;
  Battle battle(5, 30, kNoSpawn, with_weapon(Weapon::Rocket));
  battle.turn(Action::Move, {3, 2}, rng);
  battle.turn(Action::Fire, {}, rng);  // at [B,1] and [D,1]
  std::vector<int> columns;
  for (int turn = 0; turn < 4; ++turn) {
    battle.turn(Action::Pass, {}, rng);
    columns.push_back(battle.projectiles().at(-1).at.col);
  }
  EXPECT_EQ(columns, (std::vector<int>{2, 4, 8, 16}));
  EXPECT_EQ(battle.projectiles().at(-1).speed, 16);
}

TEST(Battle, AProjectileMovingOntoAnotherOfItsSideCombinesDamage) {
  engine::OracleRandom rng;
  Battle battle(5, 10, kNoSpawn, Loadout{});
  battle.add_projectile(true, {1, 2}, 70, 5);
  battle.add_projectile(true, {1, 4}, 30, 0);
  battle.add_projectile(false, {1, 8}, 20, 1);
  battle.turn(Action::Pass, {}, rng);
  const Projectile& merged = battle.projectiles().at(-1);
  EXPECT_EQ(
      text::event_line(battle.log().friendly_projectiles.at(1)),
      "  The projectile collides with friendly projectile(id:-2) at location [A,4], combining "
      "damage.");
  EXPECT_EQ(merged.at, (Coord{1, 7}));
  EXPECT_FALSE(battle.projectiles().contains(-2));
  // The enemy projectile then meets the bigger friendly one and is negated.
  EXPECT_FALSE(battle.projectiles().contains(-3));
  EXPECT_EQ(battle.projectiles().at(-1).damage, 80);
}

TEST(Battle, RegenerationStopsAboveTheCap) {
  engine::OracleRandom rng;
  Loadout loadout;
  loadout.power = static_cast<int>(Power::Repair);
  Battle battle(5, 10, kNoSpawn, loadout);
  const int max_health = battle.starfighter().stats.health;
  battle.turn(Action::Special, {}, rng);
  EXPECT_EQ(battle.starfighter().health, max_health + 50);
  battle.turn(Action::Pass, {}, rng);
  EXPECT_EQ(battle.starfighter().health, max_health + 50);
}

TEST(Battle, OverchargeNeverDestroysTheStarfighter) {
  engine::OracleRandom rng;
  Loadout loadout;
  loadout.power = static_cast<int>(Power::Overcharge);
  Battle battle(5, 10, kNoSpawn, loadout);
  const int energy = battle.starfighter().energy;
  battle.turn(Action::Special, {}, rng);
  EXPECT_EQ(battle.starfighter().health, battle.starfighter().stats.health - 50);
  EXPECT_EQ(battle.starfighter().energy, energy + 100);
  EXPECT_EQ(text::event_line(battle.log().starfighter.at(0)),
            "The Starfighter(id:0) uses special, gaining 100 energy at the expense of 50 health.");
}

TEST(Battle, SpawnsEveryTurnFromTheGeneratorTwice) {
  engine::OracleRandom rng(/*first_two_return_low=*/true);
  Battle battle(5, 10, Thresholds{101, 101, 101, 101, 101}, Loadout{});
  battle.turn(Action::Pass, {}, rng);
  EXPECT_EQ(rng.calls(), 2u);
  EXPECT_EQ(text::event_line(battle.log().spawn.at(0)), "A Grunt(id:1) spawns at location [A,10].");
}

}  // namespace
}  // namespace space_defender_2
