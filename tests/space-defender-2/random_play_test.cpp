// Random play: thousands of seeded random commands; after each one every
// entity stands where the board says, and nothing shares a square.
#include <gtest/gtest.h>

#include "engine/random.hpp"
#include "games/space-defender-2/session.hpp"

namespace sd2 {
namespace {

void expect_consistent(const Battle& b) {
  int occupied = 0;
  for (int row = 1; row <= b.rows(); ++row) {
    for (int col = 1; col <= b.cols(); ++col) occupied += b.symbol_at({row, col}) != '_';
  }
  ASSERT_EQ(occupied, static_cast<int>(b.enemies().size() + b.projectiles().size()) + 1);
  for (const auto& [id, e] : b.enemies()) {
    ASSERT_EQ(b.symbol_at(e.at), spec(e.kind).symbol) << "enemy " << id;
    ASSERT_GT(e.health, 0);
    ASSERT_LE(e.health, e.max_health);
  }
  for (const auto& [id, p] : b.projectiles()) {
    ASSERT_EQ(b.symbol_at(p.at), p.friendly ? '*' : '<') << "projectile " << id;
  }
  const Starfighter& sf = b.starfighter();
  ASSERT_EQ(b.symbol_at(sf.at), sf.destroyed ? 'X' : 'S');
  ASSERT_GE(sf.health, 0);
  ASSERT_GE(sf.energy, 0);
}

TEST(RandomPlay, ThousandsOfCommandsKeepTheBoardConsistent) {
  engine::Random chooser(7);
  Session session;
  int games = 0, turns = 0;
  for (int step = 0; step < 30000; ++step) {
    std::string line;
    switch (chooser.below(10)) {
      case 0:
        line = "play(" + std::to_string(chooser.between(5, 10)) + "," +
               std::to_string(chooser.between(10, 30)) + ",20,40,55,80,95)";
        break;
      case 1:
        line = "setup_select(" + std::to_string(chooser.between(1, 5)) + ")";
        break;
      case 2:
        line = "setup_next(" + std::to_string(chooser.between(1, 5)) + ")";
        break;
      case 3:
        line = chooser.below(4) == 0 ? "abort" : "toggle_debug_mode";
        break;
      case 4:
      case 5:
        line = std::string("move(") + static_cast<char>('A' + chooser.below(10)) + "," +
               std::to_string(chooser.between(1, 12)) + ")";
        break;
      case 6:
        line = "special";
        break;
      case 7:
      case 8:
        line = "fire";
        break;
      default:
        line = "pass";
        break;
    }
    const auto before = session.stage();
    const std::string out = session.execute(std::get<engine::etf::Command>(grammar().parse(line)));
    ASSERT_FALSE(out.empty());
    games += before != Session::Stage::InGame && session.stage() == Session::Stage::InGame;
    turns += out.find("Starfighter:") != std::string::npos;
    if (session.battle()) expect_consistent(*session.battle());
  }
  EXPECT_GT(games, 50);
  EXPECT_GT(turns, 3000);
}

}  // namespace
}  // namespace sd2
