#include "games/simodyssey/rules.hpp"

#include <gtest/gtest.h>

namespace simodyssey {
namespace {

Action move(Direction direction) {
  return {ActionKind::Move, direction};
}

// A planet that will not act for a while, so the generator is not drawn.
Entity& idle_planet(Galaxy& galaxy, int id, Coord sector) {
  Entity& planet = galaxy.add(id, Kind::Planet, sector);
  planet.turns_left = 2;
  return planet;
}

TEST(Galaxy, ExplorerMovesWrapAroundTheEdges) {
  engine::OracleRandom rng;
  Galaxy galaxy = Galaxy::empty();
  galaxy.turn(move(Direction::N), rng);
  EXPECT_EQ(galaxy.explorer().location, (Location{{5, 1}, 1}));
  galaxy.turn(move(Direction::SW), rng);
  EXPECT_EQ(galaxy.explorer().location, (Location{{1, 5}, 1}));
  EXPECT_EQ(galaxy.explorer().fuel, 1);
  EXPECT_EQ(rng.calls(), 0u);
}

TEST(Galaxy, MoveIntoAFullSectorIsRefusedAndAnyOtherQuadrantIsTaken) {
  engine::OracleRandom rng;
  Galaxy galaxy = Galaxy::empty();
  for (int id = 1; id <= 4; ++id) idle_planet(galaxy, id, {1, 2});
  EXPECT_TRUE(galaxy.is_full({1, 2}));
  EXPECT_EQ(galaxy.refusal(move(Direction::E)), Refusal::DestinationFull);

  idle_planet(galaxy, 5, {2, 1});
  galaxy.turn(move(Direction::S), rng);
  EXPECT_EQ(galaxy.explorer().location, (Location{{2, 1}, 2}));
}

TEST(Galaxy, ExplorerDevouredByTheBlackhole) {
  engine::OracleRandom rng;
  Galaxy galaxy = Galaxy::empty();
  galaxy.turn(move(Direction::SE), rng);                            // (2,2), fuel 2
  const TurnReport report = galaxy.turn(move(Direction::SE), rng);  // (3,3)
  EXPECT_TRUE(report.explorer_died);
  EXPECT_FALSE(galaxy.explorer_alive());
  ASSERT_EQ(report.deaths.size(), 1u);
  EXPECT_EQ(report.deaths[0].death, DeathCause::Blackhole);
  EXPECT_EQ(report.deaths[0].life, 0);
  EXPECT_EQ(report.deaths[0].location.sector, (Coord{3, 3}));
  EXPECT_EQ(galaxy.occupant({3, 3}, 2), std::nullopt);
}

TEST(Galaxy, PlanetDevouredByTheBlackhole) {
  engine::OracleRandom rng;  // its first rchoose(1,8) is 5: south
  Galaxy galaxy = Galaxy::empty();
  galaxy.add(1, Kind::Planet, {2, 3});
  const TurnReport report = galaxy.turn({ActionKind::Pass}, rng);
  ASSERT_EQ(report.deaths.size(), 1u);
  EXPECT_EQ(report.deaths[0].id, 1);
  EXPECT_EQ(report.deaths[0].death, DeathCause::Blackhole);
  ASSERT_EQ(report.movements.size(), 1u);
  EXPECT_EQ(report.movements[0].to, (Location{{3, 3}, 2}));
  EXPECT_FALSE(galaxy.entities().contains(1));
  EXPECT_EQ(rng.calls(), 1u);  // a dead planet draws no next turn
}

TEST(Galaxy, RunsOutOfFuelUnlessAStarRefuels) {
  engine::OracleRandom rng;
  Galaxy galaxy = Galaxy::empty();
  galaxy.add(-2, Kind::BlueGiant, {1, 4});
  galaxy.turn(move(Direction::E), rng);  // (1,2): 2
  galaxy.turn(move(Direction::E), rng);  // (1,3): 1
  galaxy.turn(move(Direction::E), rng);  // (1,4): 0 + 5, capped at 3
  EXPECT_EQ(galaxy.explorer().fuel, 3);
  galaxy.turn(move(Direction::E), rng);
  galaxy.turn(move(Direction::E), rng);
  const TurnReport report = galaxy.turn(move(Direction::S), rng);
  EXPECT_TRUE(report.explorer_died);
  EXPECT_EQ(report.deaths.at(0).death, DeathCause::OutOfFuel);
  EXPECT_EQ(report.deaths.at(0).fuel, 0);
}

TEST(Galaxy, LandsOnTheLowestIdUnvisitedAttachedPlanet) {
  engine::OracleRandom rng;
  Galaxy galaxy = Galaxy::empty();
  galaxy.add(-2, Kind::YellowDwarf, {1, 1});
  idle_planet(galaxy, 7, {1, 1}).attached = true;
  idle_planet(galaxy, 4, {1, 1}).attached = true;
  galaxy.turn({ActionKind::Land}, rng);
  EXPECT_TRUE(galaxy.entities().at(4).visited);
  EXPECT_FALSE(galaxy.entities().at(7).visited);
  EXPECT_EQ(galaxy.refusal({ActionKind::Land}), Refusal::AlreadyLanded);
  EXPECT_EQ(galaxy.refusal(move(Direction::E)), Refusal::CurrentlyLanded);
  galaxy.turn({ActionKind::Liftoff}, rng);
  galaxy.turn({ActionKind::Land}, rng);
  EXPECT_TRUE(galaxy.entities().at(7).visited);
  galaxy.turn({ActionKind::Liftoff}, rng);
  EXPECT_EQ(galaxy.refusal({ActionKind::Land}), Refusal::NoUnvisitedPlanet);
}

TEST(Galaxy, LandingRefusalsInPriorityOrder) {
  Galaxy galaxy = Galaxy::empty();
  EXPECT_EQ(galaxy.refusal({ActionKind::Land}), Refusal::NoYellowDwarf);
  galaxy.add(-2, Kind::YellowDwarf, {1, 1});
  EXPECT_EQ(galaxy.refusal({ActionKind::Land}), Refusal::NoPlanets);
  idle_planet(galaxy, 1, {1, 1});
  EXPECT_EQ(galaxy.refusal({ActionKind::Land}), Refusal::NoUnvisitedPlanet);
  EXPECT_EQ(galaxy.refusal({ActionKind::Liftoff}), Refusal::NotOnPlanet);
  EXPECT_EQ(galaxy.refusal({ActionKind::Wormhole}), Refusal::NoWormhole);
}

TEST(Galaxy, LandingOnAPlanetWithLifeEndsTheTurnAtOnce) {
  engine::OracleRandom rng;
  Galaxy galaxy = Galaxy::empty();
  galaxy.add(-2, Kind::YellowDwarf, {1, 1});
  Entity& planet = idle_planet(galaxy, 1, {1, 1});
  planet.attached = true;
  planet.supports_life = true;
  galaxy.add(2, Kind::Planet, {2, 2});  // would act, but no planet acts after a win
  const TurnReport report = galaxy.turn({ActionKind::Land}, rng);
  EXPECT_TRUE(report.life_found);
  EXPECT_TRUE(report.movements.empty());
  EXPECT_EQ(rng.calls(), 0u);
}

TEST(Galaxy, GenerationIsTheOraclesForTest30) {
  engine::OracleRandom rng;
  const Galaxy galaxy(Thresholds{1, 1, 1, 1, 30}, rng);
  // The first board of the oracle transcripts (at001): 11 planets, 10 stationaries.
  int planets = 0, stationaries = 0;
  for (const auto& [id, entity] : galaxy.entities()) {
    planets += entity.kind == Kind::Planet;
    stationaries += id < Galaxy::kBlackholeId;
  }
  EXPECT_EQ(planets, 11);
  EXPECT_EQ(stationaries, 10);
  EXPECT_EQ(galaxy.stationary_at({3, 1}), Kind::YellowDwarf);
  EXPECT_EQ(galaxy.occupant({1, 5}, 2), 3);
  EXPECT_EQ(galaxy.entities().at(3).turns_left, 0);
}

}  // namespace
}  // namespace simodyssey
