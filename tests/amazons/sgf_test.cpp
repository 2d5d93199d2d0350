#include "games/amazons/sgf.hpp"

#include <gtest/gtest.h>

namespace {

const engine::Params kClassic = {{"rules", "standard"}};

// Two turns of the classic game: White (player 1) moves d1-d6 and shoots
// g6; Black answers j7-j5 and shoots h5, then resigns.
TEST(AmazonsSgf, AClassicGameIsItsSetupAndOneMovePerTurn) {
  const std::vector<std::string> actions = {"move 1,4 6,4", "shoot 6,7", "move 7,10 5,10",
                                            "shoot 5,8"};
  engine::Returns returns{};
  returns[0] = 1;
  returns[1] = -1;
  const auto sgf =
      amazons::sgf_record(kClassic, actions, returns, engine::EndedBy::Resignation, "2026-11-29");
  ASSERT_TRUE(sgf);
  EXPECT_EQ(*sgf,
            "(;FF[4]GM[18]CA[UTF-8]AP[gridgames:1.0]SZ[10]DT[2026-11-29]PW[player 1]PB[player 2]"
            "RE[W+R]"
            "AW[da][ga][ad][jd]AB[ag][jg][dj][gj]\n"
            ";W[dadfgf]\n"
            ";B[jgjehe]\n"
            ")\n");
}

TEST(AmazonsSgf, ResultsByTheRulesByTimeAndByAgreement) {
  engine::Returns black{};
  black[0] = -1;
  black[1] = 1;
  const auto rules = amazons::sgf_record(kClassic, {}, black, engine::EndedBy::Rules, "");
  const auto time = amazons::sgf_record(kClassic, {}, black, engine::EndedBy::Time, "");
  const auto agreed = amazons::sgf_record(kClassic, {}, {}, engine::EndedBy::Agreement, "");
  ASSERT_TRUE(rules && time && agreed);
  EXPECT_NE(rules->find("RE[B+]"), std::string::npos);
  EXPECT_NE(time->find("RE[B+T]"), std::string::npos);
  EXPECT_NE(agreed->find("RE[0]"), std::string::npos);
}

// Any size: the amazons placed one by one (the board starts empty), then
// the turns; a move whose shot never came is kept, said to be so.
TEST(AmazonsSgf, AGameOfAnySizeWithItsPlacementsAndAMoveWithoutItsShot) {
  const engine::Params small = {
      {"rules", "standard"}, {"rows", "4"}, {"cols", "5"}, {"amazons", "1"}};
  const std::vector<std::string> actions = {"place 1,1", "place 4,5", "move 1,1 1,3", "shoot 2,3",
                                            "move 4,5 4,3"};
  engine::Returns white{};
  white[0] = 1;
  white[1] = -1;
  const auto sgf = amazons::sgf_record(small, actions, white, engine::EndedBy::Resignation, "");
  ASSERT_TRUE(sgf);
  EXPECT_EQ(*sgf,
            "(;FF[4]GM[18]CA[UTF-8]AP[gridgames:1.0]SZ[5:4]PW[player 1]PB[player 2]RE[W+R]\n"
            ";AW[aa]\n"
            ";AB[ed]\n"
            ";W[aacacb]\n"
            ";B[edcd]C[the move without its shot: the game ended before it]\n"
            ")\n");
}

TEST(AmazonsSgf, OnlyClassicGamesOfTheirOwnActionsHaveOne) {
  EXPECT_FALSE(amazons::sgf_record({}, {}, {}, engine::EndedBy::Rules, ""));  // extended rules
  EXPECT_FALSE(amazons::sgf_record({{"rules", "standard"}, {"rows", "60"}, {"cols", "60"}}, {}, {},
                                   engine::EndedBy::Rules, ""));  // past SGF's 52 letters
  EXPECT_FALSE(amazons::sgf_record(kClassic, {"move 1,4 10,4"}, {}, engine::EndedBy::Rules, ""));
  EXPECT_FALSE(amazons::sgf_record(kClassic, {"hello"}, {}, engine::EndedBy::Rules, ""));
}

}  // namespace
