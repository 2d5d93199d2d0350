#include "games/sword-and-shield/rules.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "games/sword-and-shield/session.hpp"
#include "games/sword-and-shield/state.hpp"
#include "games/sword-and-shield/text.hpp"

namespace sword_and_shield {
namespace {

// A piece's id from its letter, and a pending reaction from two labels.
int P(char letter) {
  return *piece_of_letter(letter);
}
Reaction pair(const Position& g, char a, char b) {
  return State::find_reaction(g, a, b).value_or(Reaction{{0, 0}, {0, 0}});
}

// Yellow to act (the creation skipped).
Position acting() {
  Position g;
  EXPECT_FALSE(g.pass());
  return g;
}

TEST(SwordAndShieldPieces, SidesFollowTheTableAndTurnClockwise) {
  Position g;
  g.put(P('a'), {5, 5}, 0);  // SHSS
  EXPECT_EQ(g.side(0, Dir::E), Side::Shield);
  g.put(P('l'), {6, 6}, 1);  // S000 turned 90 degrees: the sword points east
  EXPECT_EQ(g.side(11, Dir::E), Side::Sword);
  EXPECT_EQ(g.side(11, Dir::N), Side::Nothing);
  EXPECT_EQ(text::piece_lines(0, 0)[1], "-a#");
  EXPECT_EQ(text::piece_lines(11, 1)[1], " l-");
}

TEST(SwordAndShieldReactions, SwordAgainstNothingBuriesTheOther) {
  Position g = acting();
  g.put(P('l'), {5, 4}, 1);  // sword east
  g.put(P('E'), {5, 6}, 0);  // nothing anywhere
  ASSERT_FALSE(g.move(P('l'), Dir::E));
  EXPECT_EQ(g.place(*piece_of_letter('E')), Place::Cemetery);
  EXPECT_EQ(g.at({5, 5}), *piece_of_letter('l'));
}

TEST(SwordAndShieldReactions, SwordAgainstSwordBuriesBoth) {
  Position g = acting();
  g.put(P('l'), {5, 4}, 1);  // sword east
  g.put(P('L'), {5, 6}, 3);  // sword west
  ASSERT_FALSE(g.move(P('l'), Dir::E));
  EXPECT_EQ(g.place(*piece_of_letter('l')), Place::Cemetery);
  EXPECT_EQ(g.place(*piece_of_letter('L')), Place::Cemetery);
}

TEST(SwordAndShieldReactions, SwordAgainstShieldPushesTheAttackerBackWithWhatIsBehind) {
  Position g = acting();
  g.put(P('e'), {5, 4}, 0);           // behind the attacker, pushed along
  g.put(P('l'), {5, 5}, 0);           // sword north
  g.put(P('C'), {5, 6}, 0);           // shields all round
  ASSERT_FALSE(g.rotate(P('l'), 1));  // sword east, against C's shield
  EXPECT_EQ(g.at({5, 4}), *piece_of_letter('l'));
  EXPECT_EQ(g.at({5, 3}), *piece_of_letter('e'));
  EXPECT_EQ(g.at({5, 5}), kEmpty);
}

TEST(SwordAndShieldPush, ALineIsPushedAndTheLastOffTheBoardIsBuried) {
  Position g = acting();
  g.put(P('e'), {5, 8}, 0);
  g.put(P('i'), {5, 9}, 0);  // 0H00
  g.put(P('E'), {5, 10}, 0);
  ASSERT_FALSE(g.move(P('e'), Dir::E));
  EXPECT_EQ(g.at({5, 9}), *piece_of_letter('e'));
  EXPECT_EQ(g.at({5, 10}), *piece_of_letter('i'));
  EXPECT_EQ(g.place(*piece_of_letter('E')), Place::Cemetery);
}

TEST(SwordAndShieldPush, ACutCornerIsOffTheBoard) {
  Position g = acting();
  g.put(P('e'), {1, 4}, 0);
  g.put(P('i'), {1, 3}, 0);
  ASSERT_FALSE(g.move(P('e'), Dir::W));  // i goes to (1,2), a cut corner
  EXPECT_EQ(g.place(*piece_of_letter('i')), Place::Cemetery);
  EXPECT_EQ(g.at({1, 3}), *piece_of_letter('e'));
}

// CLARIFICATIONS.md §5: for a piece, a face's square is off the board.
TEST(SwordAndShieldFace, APieceMovedOntoAFaceGoesToItsCemetery) {
  Position g = acting();
  g.put(P('i'), {9, 8}, 0);  // next to yellow's face at (9,9)
  ASSERT_FALSE(g.move(P('i'), Dir::E));
  EXPECT_EQ(g.place(*piece_of_letter('i')), Place::Cemetery);
  EXPECT_EQ(g.at({9, 8}), kEmpty);
  EXPECT_EQ(g.at({9, 9}), kYellowFace);
  EXPECT_FALSE(g.winner());
  EXPECT_TRUE(g.is_consistent());
}

TEST(SwordAndShieldFace, APiecePushedOntoAFaceGoesToItsCemetery) {
  Position g = acting();
  g.put(P('e'), {9, 7}, 0);
  g.put(P('I'), {9, 8}, 0);  // green's piece, pushed onto yellow's face
  ASSERT_FALSE(g.move(P('e'), Dir::E));
  EXPECT_EQ(g.place(*piece_of_letter('I')), Place::Cemetery);
  EXPECT_EQ(g.at({9, 8}), *piece_of_letter('e'));
  EXPECT_EQ(g.at({9, 9}), kYellowFace);
  EXPECT_TRUE(g.is_consistent());
}

TEST(SwordAndShieldFace, APiecePushedBackOntoAFaceGoesToItsCemetery) {
  Position g = acting();
  g.put(P('l'), {2, 3}, 1);  // sword east, green's face behind it at (2,2)
  g.put(P('c'), {3, 4}, 0);  // shields all round
  Session s(g);
  const std::string out = s.execute("move c up");  // l's sword on c's shield: l pushed back
  EXPECT_EQ(out,
            "The shield of c (Yellow) pushes l (Yellow) back.\n"
            "l (Yellow) goes off the board (an edge, a cut corner or a face) to the cemetery.\n" +
                s.display());
  EXPECT_EQ(s.game().place(*piece_of_letter('l')), Place::Cemetery);
  EXPECT_EQ(s.game().at({2, 2}), kGreenFace);
  EXPECT_EQ(s.game().at({2, 4}), *piece_of_letter('c'));
  EXPECT_FALSE(s.game().chain_without_end());
}

TEST(SwordAndShieldPush, NextToAFaceIsFine) {
  Position g = acting();
  g.put(P('i'), {9, 8}, 0);
  EXPECT_FALSE(g.move(P('i'), Dir::N));
  EXPECT_EQ(g.at({8, 8}), *piece_of_letter('i'));
}

TEST(SwordAndShieldReactions, APushedBackAttackerStartsTheNextReaction) {
  Position g = acting();
  g.put(P('l'), {5, 5}, 0);  // sword north
  g.put(P('C'), {5, 6}, 0);  // shields: l will be pushed back from (5,5) to (5,4)
  g.put(P('K'), {6, 4}, 0);  // SH0S: its sword points north at (5,4)
  ASSERT_FALSE(g.rotate(P('l'), 1));
  EXPECT_EQ(g.place(*piece_of_letter('l')), Place::Cemetery);  // K's sword on l's nothing
  EXPECT_EQ(g.at({6, 4}), *piece_of_letter('K'));
  EXPECT_EQ(g.at({5, 4}), kEmpty);
  EXPECT_EQ(g.phase(), Phase::Act);
}

TEST(SwordAndShieldReactions, SeveralReactionsWaitForTheChoice) {
  Position g = acting();
  g.put(P('g'), {5, 4}, 0);  // swords everywhere
  g.put(P('E'), {4, 5}, 0);
  g.put(P('I'), {6, 5}, 0);
  ASSERT_FALSE(g.move(P('g'), Dir::E));  // (5,5): E above, I below
  ASSERT_EQ(g.phase(), Phase::Reaction);
  EXPECT_EQ(g.pending().size(), 2u);
  EXPECT_EQ(g.pass(), Refusal::ChooseReactionBeforePassing);
  EXPECT_EQ(g.choose(pair(g, 'g', 'x')), Refusal::NoSuchReaction);
  EXPECT_EQ(text::refusal_message(Refusal::NoSuchReaction, 'g', 'x'),
            "no reaction between g and x is possible");
  ASSERT_FALSE(g.choose(pair(g, 'I', 'g')));  // either order names the pair
  EXPECT_EQ(g.place(*piece_of_letter('I')), Place::Cemetery);
  // The other reaction, now alone, happened at once.
  EXPECT_EQ(g.place(*piece_of_letter('E')), Place::Cemetery);
  EXPECT_EQ(g.phase(), Phase::Act);
}

TEST(SwordAndShieldReactions, AChainWithoutEndIsRefusedAndTakenBack) {
  Position g = acting();
  g.put(P('g'), {4, 5}, 0);  // swords all round
  g.put(P('c'), {5, 6}, 0);  // shields all round, east of g's landing square
  g.put(P('C'), {5, 3}, 0);  // shields all round, two squares west of it
  Session s(g);
  const std::string before = s.display();
  // g is pushed back west by c, then east by C, and so on for ever.
  const std::string out = s.execute("move g down");
  EXPECT_EQ(out, "Error: that would start reactions without end; it is taken back.\n" + before);
  EXPECT_EQ(s.display(), before);
}

TEST(SwordAndShieldReactions, GreenWinsBySwordOnYellowsFace) {
  Position g = acting();
  ASSERT_FALSE(g.pass());                // yellow ends the turn
  ASSERT_FALSE(g.pass());                // green creates nothing
  g.put(P('L'), {7, 9}, 2);              // sword south
  ASSERT_FALSE(g.move(P('L'), Dir::S));  // to (8,9), above the face at (9,9)
  EXPECT_EQ(g.winner(), kGreen);
  EXPECT_EQ(text::status(g), "Green wins!\n");
}

TEST(SwordAndShieldReactions, YellowWinsBySwordOnGreensFace) {
  Position g = acting();
  g.put(P('l'), {4, 2}, 0);              // sword north
  ASSERT_FALSE(g.move(P('l'), Dir::N));  // to (3,2), below the face at (2,2)
  EXPECT_EQ(g.winner(), kYellow);
  EXPECT_EQ(g.phase(), Phase::Over);
  EXPECT_EQ(g.move(P('l'), Dir::S), Refusal::GameOver);
}

TEST(SwordAndShieldTurns, CreationIsSkippedWhenTheSquareIsTaken) {
  Session s;
  s.execute("create a 0");
  s.execute("pass");                          // yellow's turn ends with a on its creation square
  s.execute("pass");                          // green skips creating
  const std::string out = s.execute("pass");  // green ends the turn
  EXPECT_EQ(out.substr(0, out.find('\n')),
            "Yellow cannot create a piece (the creation square is taken or no piece is left).");
  EXPECT_EQ(s.game().phase(), Phase::Act);
}

TEST(SwordAndShieldUndo, UndoGoesBackAcrossTurnsToTheStart) {
  Session s;
  std::vector<std::string> displays = {s.display()};
  for (const char* command : {"create a 90", "move a up", "pass", "create B 0", "rotate B 3"}) {
    ASSERT_EQ(s.execute(command).rfind("Error", 0), std::string::npos) << command;
    displays.push_back(s.display());
  }
  for (int i = static_cast<int>(displays.size()) - 2; i >= 0; --i) {
    EXPECT_EQ(s.execute("undo"), displays[static_cast<std::size_t>(i)]);
  }
  EXPECT_EQ(s.execute("undo"), "Error: there is nothing to undo\n");
}

// tests/fuzz/regressions/sword_and_shield/help-board-then-undo: help and
// board only show, so undo after them takes back the command before them.
// (The fuzz target once counted them as commands to take back.)
TEST(SwordAndShieldUndo, HelpBoardThenUndoTakesBackTheMoveBeforeThem) {
  Session s;
  ASSERT_EQ(s.execute("create a 90").rfind("Error", 0), std::string::npos);
  const std::string before_move = s.display();
  ASSERT_EQ(s.execute("move a up").rfind("Error", 0), std::string::npos);
  const std::string after_move = s.display();
  EXPECT_EQ(s.execute("help").rfind("Commands:\n", 0), 0u);
  EXPECT_EQ(s.execute("board"), after_move);
  EXPECT_EQ(s.display(), after_move);
  EXPECT_EQ(s.execute("undo"), before_move);
}

TEST(SwordAndShieldCommands, WrongCommandsChangeNothing) {
  Session s;
  const std::string start = s.display();
  for (const char* bad : {"create a 45", "create A 0", "create z 0", "create aa 0", "move a up",
                          "rotate a 1", "react a b", "frobnicate", "pass now", "create a"}) {
    const std::string out = s.execute(bad);
    EXPECT_EQ(out.rfind("Error: ", 0), 0u) << bad << ": " << out;
    EXPECT_EQ(s.display(), start) << bad;
  }
  s.execute("create a 0");
  EXPECT_EQ(s.execute("move A up"), "Error: piece A is not yours\n");
  EXPECT_EQ(s.execute("move b up"), "Error: piece b is not on the board\n");
  EXPECT_EQ(s.execute("rotate a 1"), "Error: piece a is already in that orientation\n");
  s.execute("move a up");
  EXPECT_EQ(s.execute("rotate a 2"), "Error: piece a has moved or turned this turn already\n");
}

}  // namespace
}  // namespace sword_and_shield

namespace sword_and_shield {
namespace {

TEST(SwordAndShieldReactions, AFaceHitAfterAChoiceWinsAndIsNoEndlessChain) {
  Position g = acting();
  ASSERT_FALSE(g.pass());
  ASSERT_FALSE(g.pass());                // green to act
  g.put(P('i'), {8, 8}, 0);              // nothing on its south side
  g.put(P('G'), {9, 7}, 0);              // swords all round
  ASSERT_FALSE(g.move(P('G'), Dir::E));  // (9,8): against i above and the face to the east
  ASSERT_EQ(g.pending().size(), 2u);
  ASSERT_FALSE(g.choose(pair(g, 'G', 'i')));
  EXPECT_FALSE(g.chain_without_end());
  EXPECT_EQ(g.winner(), kGreen);
}

TEST(SwordAndShieldText, TheCompactDisplayFitsA24LineTerminal) {
  Position g;
  ASSERT_FALSE(g.create(P('a'), 1));
  const std::string compact = text::compact_display(g);
  EXPECT_EQ(std::count(compact.begin(), compact.end(), '\n'), 17);
  EXPECT_NE(compact.find("  8    .     .     .     .     .     .     .   aSSHS   .     .  \n"),
            std::string::npos)
      << compact;
  EXPECT_NE(compact.find("Yellow unused: bcdefghijklmnopqrstuvwx\n"), std::string::npos);
}

}  // namespace
}  // namespace sword_and_shield
