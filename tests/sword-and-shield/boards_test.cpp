// What the grader reads of a Sword and Shield program's output (--compare
// board) and the tests it draws of the specification's game (--random).
#include "games/sword-and-shield/boards.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/sword-and-shield/session.hpp"
#include "games/sword-and-shield/spec_tests.hpp"
#include "games/sword-and-shield/text.hpp"

namespace sword_and_shield {
namespace {

std::string input_of(const std::vector<std::string>& commands) {
  std::string input;
  for (const std::string& c : commands) input += c + "\n";
  return input;
}

// Row `row` (from 1) of a position.
std::string row_of(const std::string& position, int row) {
  std::size_t from = 0;
  for (int r = 1; r < row; ++r) from = position.find('/', from) + 1;
  return position.substr(from, position.find('/', from) - from);
}

TEST(ReadBoards, ReadsOurDisplayPieceByPieceWithTurns) {
  Session session;
  for (const char* command : {"create a 90", "move a up", "pass", "create B 0", "move B right"})
    ASSERT_FALSE(session.execute(command).starts_with("Error")) << command;
  const auto boards = read_boards(session.display());
  ASSERT_EQ(boards.size(), 1u) << session.display();  // the unused pieces are no board
  EXPECT_EQ(row_of(boards[0], 1), "_ _ . . . . . . . .");
  EXPECT_EQ(row_of(boards[0], 2), "_ 1 . . . . . . . .");
  EXPECT_EQ(row_of(boards[0], 3), ". . . B0 . . . . . .");
  EXPECT_EQ(row_of(boards[0], 7), ". . . . . . . a90 . .");
  EXPECT_EQ(row_of(boards[0], 9), ". . . . . . . . 0 _");
  EXPECT_EQ(row_of(boards[0], 10), ". . . . . . . . _ _");
}

// A program of other words: cells four characters wide and four lines
// high (lines between them), colours, no numbers, faces as the handout's.
TEST(ReadBoards, ReadsOtherLayoutsAndOverlooksColours) {
  Session session;
  for (const char* command : {"create g 0", "move g left"})
    ASSERT_FALSE(session.execute(command).starts_with("Error")) << command;
  const std::string ours = read_boards(text::board(session.game())).at(0);
  std::string drawn = "It is Green's go.\n";
  for (int row = 1; row <= kSize; ++row) {
    std::array<std::string, 4> lines;
    for (int col = 1; col <= kSize; ++col) {
      const Position& g = session.game();
      const char label = g.label({row, col});
      std::array<std::string, 3> cell = {"   ", " . ", "   "};
      if (label == '0' || label == '1') cell[1][1] = label;
      if (label >= 'a' && label <= 'x')
        cell = text::piece_lines(label - 'a', g.quarter_turns(label - 'a'));
      for (std::size_t i = 0; i < 3; ++i) lines[i] += "\x1b[33m" + cell[i] + "\x1b[0m|";
      lines[3] += "---+";
    }
    for (const std::string& line : lines) drawn += line + "\n";
  }
  EXPECT_EQ(read_boards(drawn), std::vector<std::string>{ours}) << drawn;
  EXPECT_EQ(row_of(ours, 8), ". . . . . . g0 . . .");
}

TEST(ReadBoards, APieceWhoseSidesNoTurnShowsIsReadAsSuch) {
  Session session;
  ASSERT_FALSE(session.execute("create a 0").starts_with("Error"));
  std::string board = text::board(session.game());
  const std::size_t letter = board.find('a');
  board[letter + 1] = ' ';  // a's east shield gone
  EXPECT_EQ(row_of(read_boards(board).at(0), 8), ". . . . . . . a?S0SS . .");
}

TEST(ReadWinner, ReadsTheColourThatWonInAnyWords) {
  EXPECT_EQ(read_winner("Yellow wins!\n"), 1);
  EXPECT_EQ(read_winner("b's sword strikes the face of GREEN: \x1b[1myellow\x1b[0m won\n"), 1);
  EXPECT_EQ(read_winner("Winner: green\n"), 2);
  EXPECT_EQ(read_winner("Yellow lost the game.\n"), 2);
  EXPECT_EQ(read_winner("Player 2 wins\n"), 2);
  EXPECT_EQ(read_winner("Green's sword kills Yellow's d\nYellow's turn: pass\n"), std::nullopt);
}

TEST(Replay, GivesEachPositionAndTheWinnerOurRulesReach) {
  const Replay r = replay("create a 0\nboard\nmove a up\nnonsense\npass\n");
  ASSERT_EQ(r.positions.size(), 3u);
  EXPECT_EQ(r.positions[1].first, "create a 0");
  EXPECT_EQ(r.positions[2].first, "move a up");
  EXPECT_EQ(r.refused, "nonsense");
  EXPECT_EQ(r.winner, std::nullopt);
}

TEST(SpecTests, AreTheSameForASeedAndEveryCommandIsAccepted) {
  EXPECT_EQ(random_spec_test(9, 30), random_spec_test(9, 30));
  EXPECT_NE(random_spec_test(9, 30), random_spec_test(10, 30));
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto commands = random_spec_test(seed, 60);
    ASSERT_FALSE(commands.empty());
    for (const std::string& c : commands) EXPECT_FALSE(c.starts_with("react")) << c;
    const Replay r = replay(input_of(commands));
    EXPECT_EQ(r.refused, "") << seed << ": " << input_of(commands);
  }
}

// Deep enough: shields push, swords bury, undo, and most games end.
TEST(SpecTests, ReachReactionsUndoAndEnds) {
  int undos = 0, won = 0, pushes = 0, buried = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto commands = random_spec_test(seed, 200);
    Session session;
    for (const std::string& c : commands) {
      const std::string said = session.execute(c);
      undos += c == "undo";
      pushes += said.find("pushes") != std::string::npos;
      buried += said.find("to the cemetery") != std::string::npos;
    }
    won += session.game().winner().has_value();
  }
  // Measured: 135 undos, 97 shield pushes, 76 commands that buried a
  // piece, 26 of 40 games won.
  EXPECT_GT(undos, 60);
  EXPECT_GT(pushes, 40);
  EXPECT_GT(buried, 40);
  EXPECT_GE(won, 15);  // games played to their end, not only openings
}

}  // namespace
}  // namespace sword_and_shield
