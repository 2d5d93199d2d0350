// Random play: thousands of seeded random commands, with the board checked
// for consistency after each one.
#include <gtest/gtest.h>

#include "engine/random.hpp"
#include "games/simodyssey/session.hpp"

namespace simodyssey {
namespace {

void expect_consistent(const Galaxy& galaxy) {
  ASSERT_TRUE(galaxy.is_consistent());
  if (galaxy.explorer_alive()) {
    ASSERT_GT(galaxy.explorer().fuel, 0);
    ASSERT_LE(galaxy.explorer().fuel, Entity::kMaxFuel);
  }
}

TEST(RandomPlay, ThousandsOfCommandsKeepTheGalaxyConsistent) {
  const std::vector<std::string> lines = {
      "play",    "test(1)",  "test(60)", "test(101)", "abort",         "move(N)",  "move(NE)",
      "move(E)", "move(SE)", "move(S)",  "move(SW)",  "move(W)",       "move(NW)", "land",
      "liftoff", "pass",     "wormhole", "status",    "toggle_RNG_out"};
  engine::Random chooser(2026);
  Session session;
  int games = 0;
  for (int step = 0; step < 20000; ++step) {
    const std::string& line = lines[chooser.below(static_cast<std::uint32_t>(lines.size()))];
    const bool was_in_game = session.in_game();
    const std::string out = session.execute(std::get<engine::etf::Command>(grammar().parse(line)));
    ASSERT_FALSE(out.empty());
    games += !was_in_game && session.in_game();
    if (session.galaxy()) expect_consistent(*session.galaxy());
  }
  EXPECT_GT(games, 100);
}

}  // namespace
}  // namespace simodyssey
