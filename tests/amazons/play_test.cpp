#include "games/amazons/play.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/amazons/parameters.hpp"

namespace amazons {
namespace {

class AmazonsPlay : public ::testing::Test {
 protected:
  void SetUp() override {
    board_ =
        (std::filesystem::temp_directory_path() /
         ("amazons_play_" +
          std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + ".txt"))
            .string();
    std::ofstream(board_) << "1 4\n001 000 000 002\nann 1 0\nbob 2 0\n";
  }
  void TearDown() override { std::filesystem::remove(board_); }

  std::string play(std::vector<std::string> args, const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    code_ = run_play(args, in, out);
    return out.str();
  }

  std::string board_;
  int code_ = -1;
};

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(AmazonsPlay, ATieIsReportedAsATie) {
  const std::string out =
      play({board_, "amazons=1", "players=human,human"}, "1,1 1,2 1,3\n1,2 1,1 1,2\n");
  EXPECT_EQ(code_, 0);
  EXPECT_TRUE(contains(out, "bob cannot move and is skipped.")) << out;
  EXPECT_TRUE(contains(out, "ann and bob tie with 0 treasure.\n")) << out;
  EXPECT_FALSE(contains(out, "wins")) << out;
}

TEST_F(AmazonsPlay, TheClassicGameIsLostByWhoCannotMove) {
  const std::string out =
      play({board_, "amazons=1", "rules=standard", "players=human,human"}, "a1-b1/c1\n");
  EXPECT_TRUE(contains(out, "bob cannot move and loses: ann wins.\n")) << out;
}

TEST_F(AmazonsPlay, TheClassicGameIsPlayedInItsPlayersNotation) {
  std::ofstream(board_) << "2 3\n001 000 000\n000 000 002\nann 1 0\nbob 2 0\n";
  const std::string out = play({board_, "amazons=1", "rules=standard", "players=human,human"},
                               "1,1 1,2 1,3\nz1-a2\na1-a2\nA1 B1 C1\nquit\n");
  // Columns a-c, rank 1 (the first player's side) at the bottom.
  EXPECT_TRUE(contains(out, "      a  b  c\n  2  .  . [2]\n  1 [1] .  . \n")) << out;
  EXPECT_TRUE(contains(out,
                       "Error: \"1,1\" is not a square here: write its column a-c and rank "
                       "1-2, e.g. a1\n"))
      << out;
  EXPECT_TRUE(contains(out, "Error: \"z1\" is not a square here")) << out;
  EXPECT_TRUE(contains(out, "Error: a shot is needed after moving to a2\n")) << out;
  EXPECT_TRUE(contains(out, "ann moves from a1 to b1.\nann shoots at c1.\n")) << out;
  EXPECT_FALSE(contains(out, "ann: 0")) << out;  // no treasure in the classic game
}

TEST_F(AmazonsPlay, EachWrongEntrySaysWhatIsWrong) {
  const std::string out = play({board_, "amazons=1", "players=human,human"},
                               "x\n1,9 1,2 1,3\n1,1\n1,1 1,2 1,3 1,4 1,1\n1,x 1,2\nQUIT\n");
  EXPECT_TRUE(contains(out, "Error: write FROM TO TARGET (2 or 3 fields, not 1;")) << out;
  EXPECT_TRUE(contains(out, "Error: 1,9 is outside the board (rows 1-1, columns 1-4)")) << out;
  EXPECT_TRUE(contains(out, "not 5;")) << out;
  EXPECT_TRUE(contains(out, "Error: \"1,x\" is not a field: write ROW,COL, e.g. 3,4")) << out;
  EXPECT_EQ(code_, 0);  // QUIT in capitals ends the game
}

TEST_F(AmazonsPlay, StrictStopsAtTheFirstRefusedEntry) {
  const std::string out =
      play({board_, "amazons=1", "players=human,human", "--strict"}, "1,1 1,9 1,3\n1,1 1,2 1,3\n");
  EXPECT_EQ(code_, 1);
  EXPECT_TRUE(contains(out, "Error: 1,9 is outside the board")) << out;
  EXPECT_FALSE(contains(out, "ann moves")) << out;  // the second line never ran
  play({board_, "amazons=1", "players=human,human"}, "1,1 1,9 1,3\n1,1 1,2 1,3\n");
  EXPECT_EQ(code_, 0);  // without --strict the game goes on
}

TEST_F(AmazonsPlay, ATurnIsCheckedWholeAndTellsWhatItDid) {
  // A shot that cannot land refuses the whole turn: the amazon did not move.
  std::string out =
      play({board_, "amazons=1", "players=human,human"}, "1,1 1,2 1,4\n1,1 1,2 1,3\n");
  EXPECT_TRUE(contains(out, "Error: an arrow cannot land at 1,4 from 1,2")) << out;
  EXPECT_TRUE(contains(out, "ann moves from 1,1 to 1,2.\nann shoots at 1,3.\n")) << out;
}

TEST_F(AmazonsPlay, EndOfInputMidTurnEndsCleanly) {
  play({board_, "amazons=1", "players=human,human"}, "Help\nBoard\n");
  EXPECT_EQ(code_, 0);
}

TEST(AmazonsParameters, BadValuesNameTheParameterAndItsRange) {
  const auto error = [](std::vector<std::string> args, ParameterUse use) {
    auto read = read_parameters(args, use);
    return std::holds_alternative<std::string>(read) ? std::get<std::string>(read) : "";
  };
  EXPECT_EQ(error({"time=0"}, ParameterUse::Play),
            "time=0: time is milliseconds from 1 to 3600000");
  EXPECT_EQ(error({"rules=chess"}, ParameterUse::Program),
            "rules=chess: rules is extended or standard");
  EXPECT_EQ(error({"players=human,robot"}, ParameterUse::Play),
            "players=human,robot: players is a list of 1 to 8 players, each human or ai: "
            "players=human,ai");
  EXPECT_EQ(
      error({"strict=1"}, ParameterUse::Play),
      "unknown parameter \"strict\" for play; the parameters are amazons, player, seed, time, "
      "nodes, threads, rules, ai, book, players");
  EXPECT_EQ(error({"threads=0"}, ParameterUse::Program),
            "threads=0: threads is a number of threads from 1 to 64");
  EXPECT_EQ(error({"book=yes"}, ParameterUse::Program), "book=yes: book is 0 or 1");
  EXPECT_EQ(error({"amazons=0"}, ParameterUse::Play),
            "amazons=0: amazons is a number of amazons from 1 to 1000 (0 too for the tournament "
            "program)");
  const auto read =
      read_parameters({"rules=standard", "seed=7", "book=0", "board.txt"}, ParameterUse::Play);
  const auto& p = std::get<Parameters>(read);
  EXPECT_EQ(p.ai.rules, RuleSet::Standard);
  EXPECT_FALSE(p.ai.book);
  EXPECT_EQ(p.ai.seed, 7u);
  EXPECT_EQ(p.files, std::vector<std::string>{"board.txt"});
}

}  // namespace
}  // namespace amazons
