// What the grader reads of a RAIInet program's output (--compare board) and
// the tests it draws of the specification's game (--random).
#include "games/raiinet/boards.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include "games/raiinet/spec_tests.hpp"

namespace raiinet {
namespace {

// The test's input, and its files written to the test's temporary folder
// (returned): what the grader gives our rules' replay.
std::pair<std::string, std::string> written(const SpecTest& t) {
  std::string input;
  for (const std::string& c : t.commands) input += c + "\n";
  const std::string folder = ::testing::TempDir();
  for (const auto& [name, content] : t.files) {
    FILE* f = std::fopen((folder + "/" + name).c_str(), "w");
    if (!f) continue;
    std::fputs(content.c_str(), f);
    std::fclose(f);
  }
  return {input, folder};
}

TEST(ReadWinner, ReadsThePlayerWhoWonTheGameInAnyWords) {
  EXPECT_EQ(read_winner("Player 2 wins!\n"), 2);
  EXPECT_EQ(read_winner("*** Congratulations, \x1b[1mPlayer 1\x1b[0m wins the game! ***\n"), 1);
  EXPECT_EQ(read_winner("player one won\n"), 1);
  EXPECT_EQ(read_winner("Winner: player 2\n"), 2);
  EXPECT_EQ(read_winner("Player1 wins\nthe end\n"), 1);
}

TEST(ReadWinner, ABattleOrALinkThatWinsIsNoWinnerOfTheGame) {
  // Our own program's line: a battle's winner, mid-game.
  EXPECT_EQ(read_winner("Battle at 4,4: E (D4) attacks e (D2); Player 2's link wins.\n"),
            std::nullopt);
  EXPECT_EQ(read_winner("the winner of the battle is player 1's link\n"), std::nullopt);
  EXPECT_EQ(read_winner("Player 1: Downloaded: 1D, 0V\nPlayer 2 to move\n"), std::nullopt);
}

TEST(SpecTests, UseTheSpecificationsCardsAndLinkFilesAndEveryCommandIsAccepted) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const SpecTest t = random_spec_test(seed, 60);
    ASSERT_EQ(t.args.size(), 8u);
    ASSERT_EQ(t.files.size(), 2u);
    for (int p = 0; p < 2; ++p) {
      const auto i = static_cast<std::size_t>(4 * p);
      EXPECT_EQ(t.args[i], "-link" + std::to_string(p + 1));
      EXPECT_EQ(t.args[i + 1], t.files[static_cast<std::size_t>(p)].first);
      EXPECT_EQ(t.args[i + 2], "-ability" + std::to_string(p + 1));
      const std::string& cards = t.args[i + 3];
      ASSERT_EQ(cards.size(), 5u);
      for (const char c : cards) {
        EXPECT_NE(std::string_view("LFDSP").find(c), std::string_view::npos) << cards;
        EXPECT_LE(std::count(cards.begin(), cards.end(), c), 2) << cards;
      }
    }
    ASSERT_FALSE(t.commands.empty());
    // Played again by our rules from the files: every command accepted.
    const auto [input, folder] = written(t);
    const Replay r = replay(t.args, input, folder);
    EXPECT_EQ(r.problem, "") << seed;
    EXPECT_EQ(r.refused, "") << seed << ": " << input;
    EXPECT_GE(r.positions.size(), 2u) << seed;
  }
}

TEST(SpecTests, AreTheSameForASeedAndReachDownloadsAndEnds) {
  EXPECT_EQ(random_spec_test(9, 30).commands, random_spec_test(9, 30).commands);
  EXPECT_NE(random_spec_test(9, 30).commands, random_spec_test(10, 30).commands);
  int abilities = 0, won = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const SpecTest t = random_spec_test(seed, 200);
    for (const std::string& c : t.commands) abilities += c.starts_with("ability ");
    const auto [input, folder] = written(t);
    won += replay(t.args, input, folder).winner.has_value();
  }
  EXPECT_GT(abilities, 40);
  EXPECT_GT(won, 10);  // games played to their end, not only openings
}

}  // namespace
}  // namespace raiinet
