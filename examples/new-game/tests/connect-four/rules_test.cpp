#include "games/connect-four/rules.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <vector>

#include "games/connect-four/state.hpp"
#include "games/connect-four/text.hpp"

namespace connect_four {
namespace {

// The game after dropping into these columns (from 1), each drop accepted.
Position played(std::initializer_list<int> columns, int rows = 6, int cols = 7) {
  Position game(rows, cols);
  for (int column : columns) EXPECT_FALSE(game.drop(column - 1)) << "column " << column;
  return game;
}

TEST(ConnectFourRules, ADiscFallsToTheLowestEmptySquare) {
  const Position game = played({4, 4, 3});
  EXPECT_EQ(game.at({5, 3}), kRed);
  EXPECT_EQ(game.at({4, 3}), kYellow);
  EXPECT_EQ(game.at({5, 2}), kRed);
  EXPECT_EQ(game.turn(), kYellow);
  EXPECT_EQ(game.discs(), 3);
}

TEST(ConnectFourRules, FourAcrossUpAndDiagonallyWin) {
  EXPECT_EQ(played({1, 1, 2, 2, 3, 3, 4}).winner(), kRed);              // across the bottom
  EXPECT_EQ(played({1, 2, 1, 2, 1, 2, 1}).winner(), kRed);              // up column 1
  EXPECT_EQ(played({1, 2, 2, 3, 3, 4, 3, 4, 4, 7, 4}).winner(), kRed);  // rising diagonal
  const Position falling = played({7, 6, 6, 5, 5, 4, 5, 4, 4, 1, 4});
  EXPECT_EQ(falling.winner(), kRed);
  EXPECT_EQ(falling.winning_line()[0], (Coord{2, 3}));  // from the top left, down to the right
  EXPECT_EQ(falling.winning_line()[3], (Coord{5, 6}));
  EXPECT_FALSE(played({1, 1, 2, 2, 3, 3}).winner());
}

TEST(ConnectFourRules, RefusalsAreTypedAndChangeNothing) {
  Position game = played({1, 1, 1, 1, 1, 1});
  const Position before = game;
  EXPECT_EQ(game.drop(0), Refusal::ColumnFull);
  EXPECT_EQ(game.drop(7), Refusal::NoSuchColumn);
  EXPECT_EQ(game.drop(-1), Refusal::NoSuchColumn);
  EXPECT_EQ(game, before);
  Position won = played({1, 2, 1, 2, 1, 2, 1});
  EXPECT_EQ(won.drop(3), Refusal::GameOver);
}

TEST(ConnectFourRules, AFullGridWithoutALineIsADraw) {
  // 4 x 4: columns filled in pairs so that no four line up.
  Position game(4, 4);
  for (int column : {1, 2, 1, 2, 2, 1, 2, 1, 3, 4, 3, 4, 4, 3, 4, 3})
    ASSERT_FALSE(game.drop(column - 1));
  EXPECT_TRUE(game.drawn());
  EXPECT_TRUE(game.over());
  EXPECT_FALSE(game.winner());
  EXPECT_EQ(game.events_end() - game.events_begin(), 2);
  EXPECT_EQ(game.events_begin()[1].kind, Event::Kind::Drawn);
}

TEST(ConnectFourState, ParametersAreCheckedAndNamed) {
  EXPECT_EQ(std::get<std::string>(State::make({{"rows", "3"}})),
            "rows=3: rows is a whole number from 4 to 9");
  EXPECT_TRUE(std::holds_alternative<std::string>(State::make({{"colour", "red"}})));
  const State state = std::get<State>(State::make({{"rows", "5"}, {"cols", "9"}}));
  EXPECT_EQ(state.num_distinct_actions(), 9);
  EXPECT_EQ(state.observation_shape(), (std::vector<int>{3, 5, 9}));
}

TEST(ConnectFourState, ActionTextsRoundTripAndBadOnesSayHowToWrite) {
  const State state;
  EXPECT_EQ(state.action_text({3}), "drop 4");
  EXPECT_EQ(*state.parse_action("drop 4"), State::Action{3});
  EXPECT_EQ(*state.parse_action(" 7 "), State::Action{6});
  EXPECT_EQ(state.parse_action("drop 8").why(), "there is no column 8; the columns are 1 to 7");
  EXPECT_EQ(state.parse_action("drop").why(), "write a drop as: drop <column 1-7>");
  EXPECT_EQ(state.parse_action("drop four").why(), "write a drop as: drop <column 1-7>");
}

TEST(ConnectFourState, SerializeReplaysTheDropsWithTheParameters) {
  State state = std::get<State>(State::make({{"rows", "4"}, {"cols", "5"}}));
  for (int column : {2, 2, 5}) state.apply({column - 1});
  EXPECT_EQ(state.serialize(), "cols=5 rows=4\ndrop 2\ndrop 2\ndrop 5\n");
  const auto back = State::deserialize(state.serialize());
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, state);
  EXPECT_FALSE(State::deserialize("cols=5 rows=4\ndrop 6\n"));
  EXPECT_FALSE(state.check_invariants());
}

TEST(ConnectFourState, MovesAsDataGiveTheLandingSquare) {
  State state;
  state.apply({3});
  const engine::MoveData move = state.describe({3}, kYellow);
  EXPECT_EQ(move.id, 3);
  EXPECT_EQ(move.action, "drop 4");
  EXPECT_EQ(move.squares, (std::vector<engine::Coord>{{4, 3}}));
  EXPECT_EQ(move.piece, "yellow disc");
  EXPECT_EQ(move.label, "Drop a disc in column 4");
  EXPECT_EQ(move.notation, "4");
}

TEST(ConnectFourState, TheViewAndTheTensorShowEveryDisc) {
  State state;
  for (int column : {4, 4}) state.apply({column - 1});
  const nlohmann::json view = state.view(kRed);
  EXPECT_EQ(view["board"]["squares"][5][3], (nlohmann::json{{"disc", 0}, {"letter", "R"}}));
  EXPECT_EQ(view["board"]["squares"][4][3]["letter"], "Y");
  EXPECT_EQ(view["last"], (nlohmann::json{{"action", "drop 4"}, {"to", {4, 3}}}));
  EXPECT_EQ(view["events"][0]["text"],
            "Yellow drops a disc in column 4; it lands on row 2 from the bottom.");
  EXPECT_EQ(view["players"][1]["discs"], 1);
  std::vector<float> tensor(engine::tensor_size(state.observation_shape()));
  state.observation_tensor(kYellow, tensor);
  EXPECT_EQ(tensor[5 * 7 + 3], 1.0F);       // red's plane
  EXPECT_EQ(tensor[42 + 4 * 7 + 3], 1.0F);  // yellow's plane
  EXPECT_EQ(tensor[84 + 0], 1.0F);          // an empty square
  float total = 0;
  for (float x : tensor) total += x;
  EXPECT_EQ(total, 42.0F);  // each square in exactly one plane
}

}  // namespace
}  // namespace connect_four
