// Random play: thousands of seeded random commands; after each one every
// entity stands where the board says, and nothing shares a square.
#include <gtest/gtest.h>

#include "engine/random.hpp"
#include "games/space-defender-2/session.hpp"

namespace sd2 {
namespace {

void expect_consistent(const Battle& b) {
  ASSERT_TRUE(b.is_consistent());
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
