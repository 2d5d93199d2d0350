#include "games/amazons/rules.hpp"

#include <gtest/gtest.h>

#include "engine/random.hpp"
#include "games/amazons/ai/player.hpp"
#include "games/amazons/play.hpp"
#include "games/amazons/protocol/anticheat.hpp"
#include "games/amazons/protocol/verify.hpp"

namespace amazons {
namespace {

Board parse(std::string_view text) {
  return std::get<Board>(read_board(text));
}

// Whole turns (move + arrow) of the standard game, counted without copies.
long long count_turns(Board& board, int player) {
  long long count = 0;
  std::vector<Coord> destinations, targets;
  for (Coord from : amazons_of(board, player)) {
    destinations.clear();
    queen_targets(board, from, destinations);
    board.at(from).occupant = kEmpty;
    for (Coord to : destinations) {
      targets.clear();
      queen_targets(board, to, targets);
      count += static_cast<long long>(targets.size());
    }
    board.at(from).occupant = static_cast<std::uint8_t>(player);
  }
  return count;
}

TEST(AmazonsPerft, StandardStartHas2176TurnsAnd4307152AtDepthTwo) {
  Board board = standard_board();
  EXPECT_EQ(count_turns(board, 1), 2176);
  long long depth2 = 0;
  std::vector<Coord> destinations, targets;
  for (Coord from : amazons_of(board, 1)) {
    destinations.clear();
    queen_targets(board, from, destinations);
    for (Coord to : destinations) {
      Board moved = board;
      moved.at(from).occupant = kEmpty;
      moved.at(to).occupant = 1;
      targets.clear();
      queen_targets(moved, to, targets);
      for (Coord t : targets) {
        moved.at(t).occupant = kObstacle;
        depth2 += count_turns(moved, 2);
        moved.at(t).occupant = kEmpty;
      }
    }
  }
  EXPECT_EQ(depth2, 4307152);
}

TEST(AmazonsRules, TreasureScoresAndTheFieldIsEmptied) {
  Board b = parse("1 4\n001 300 000 000\nann 1 0\n");
  ASSERT_FALSE(play_step(b, 1, {0, 0}, Step{{0, 1}, Coord{0, 3}}));
  EXPECT_EQ(write_board(b), "1 4\n000 001 000 009\nann 1 3\n");
}

TEST(AmazonsRules, ArrowsAndAmazonsNeverCrossObstacles) {
  Board b = parse("1 4\n001 009 000 000\nann 1 0\n");
  EXPECT_TRUE(play_step(b, 1, {0, 0}, Step{{0, 2}, Coord{0, 3}}));
  Board c = parse("2 3\n001 000 009\n000 000 000\nann 1 0\n");
  EXPECT_FALSE(play_step(c, 1, {0, 0}, Step{{0, 1}, Coord{1, 1}}));
  Board d = parse("2 3\n001 000 009\n000 000 000\nann 1 0\n");
  EXPECT_EQ(*play_step(d, 1, {0, 0}, Step{{1, 0}, Coord{0, 3}}),
            "an arrow cannot land at 1,4 from 2,1");
  // The vacated field is free for the arrow.
  Board e = parse("1 3\n001 000 009\nann 1 0\n");
  EXPECT_FALSE(play_step(e, 1, {0, 0}, Step{{0, 1}, Coord{0, 0}}));
}

TEST(AmazonsRules, TheSpearFliesPastObstaclesButLandsOnlyOnAFreeField) {
  const std::string text = "1 6\n001 030 009 002 000 000\nann 1 0\nbob 2 0\n";
  Board b = parse(text);
  EXPECT_FALSE(play_step(b, 1, {0, 0}, Step{{0, 1}, Coord{0, 5}}));
  EXPECT_EQ(b.at({0, 5}).occupant, kObstacle);
  Board c = parse(text);
  EXPECT_EQ(*play_step(c, 1, {0, 0}, Step{{0, 1}, Coord{0, 3}}),
            "the spear cannot land at 1,4 from 1,2");
  std::vector<Coord> reach;
  Board d = parse("3 3\n009 009 009\n009 001 009\n009 009 000\nann 1 0\n");
  spear_targets(d, {1, 1}, reach);
  EXPECT_EQ(reach, (std::vector<Coord>{{2, 2}}));
}

TEST(AmazonsRules, TheBrokenArrowAllowsNoShot) {
  Board b = parse("1 3\n001 020 000\nann 1 0\n");
  EXPECT_EQ(*play_step(b, 1, {0, 0}, Step{{0, 1}, Coord{0, 2}}),
            "the broken arrow at 1,2 allows no shot");
  EXPECT_FALSE(play_step(b, 1, {0, 0}, Step{{0, 1}, std::nullopt}));
  EXPECT_EQ(write_board(b), "1 3\n000 001 000\nann 1 0\n");
}

TEST(AmazonsRules, HorsesChainIntoMoreMoves) {
  // Horse at 1,2 and another at 1,3: three moves, three arrows.
  const std::string text = "2 4\n001 010 510 000\n000 000 000 000\nann 1 0\n";
  Board b = parse(text);
  const Turn turn{
      {0, 0}, {Step{{0, 1}, Coord{1, 0}}, Step{{0, 2}, Coord{1, 1}}, Step{{0, 3}, Coord{1, 2}}}};
  ASSERT_FALSE(play_turn(b, 1, turn));
  EXPECT_EQ(write_board(b), "2 4\n000 000 000 001\n009 009 009 000\nann 1 5\n");
  Board c = parse(text);
  EXPECT_EQ(*play_turn(c, 1, Turn{{0, 0}, {Step{{0, 1}, Coord{1, 0}}}}),
            "the horse gives the amazon another move");
  Board d = parse(text);
  EXPECT_EQ(*play_turn(d, 1, Turn{{0, 0}, {Step{{1, 0}, Coord{1, 1}}, Step{{0, 0}, Coord{1, 0}}}}),
            "no horse gives the amazon another move");
}

TEST(AmazonsRules, ABlockedPlayerCannotMoveAndIsSkipped) {
  const Board b = parse("2 2\n001 009\n009 002\nann 1 0\nbob 2 0\n");
  EXPECT_FALSE(can_move(b, 1));
  EXPECT_FALSE(can_move(b, 2));
  const Board c = parse("2 3\n001 009 000\n009 002 000\nann 1 0\nbob 2 0\n");
  EXPECT_FALSE(can_move(c, 1));
  EXPECT_TRUE(can_move(c, 2));
}

TEST(AmazonsRules, PlacementTakesTreasureAndArtifactWithoutScoring) {
  Board b = parse("1 2\n530 000\n");
  b.players().push_back({"ann", 1, 0});
  ASSERT_FALSE(place_amazon(b, 1, {0, 0}));
  EXPECT_EQ(write_board(b), "1 2\n001 000\nann 1 0\n");
  EXPECT_TRUE(place_amazon(b, 1, {0, 0}));
}

// A board of 15 x 15 more than half horses (what the fuzzer found slow: a
// turn of eight horses took the check 73 s, trying every order of them).
Board horse_board(std::uint64_t seed, engine::Random& rng) {
  rng.reseed(seed);
  Board board(15, 15);
  for (int r = 0; r < 15; ++r) {
    for (int c = 0; c < 15; ++c) {
      Field& f = board.at({r, c});
      const auto roll = rng.below(100);
      if (roll < 5) {
        f.occupant = kObstacle;
      } else if (roll < 60) {
        f.artifact = kHorse;
      } else if (roll < 75) {
        f.treasure = static_cast<std::uint8_t>(rng.between(1, 5));
      }
    }
  }
  board.players() = {{"ann", 1, 0}, {"bob", 2, 0}};
  for (int p = 1; p <= 2; ++p) {
    for (int k = 0; k < 4; ++k) {
      const Coord at{static_cast<int>(rng.below(15)), static_cast<int>(rng.below(15))};
      if (board.at(at).occupant == kEmpty) place_amazon(board, p, at);
    }
  }
  return board;
}

TEST(AmazonsVerify, LongChainsOfHorsesAreCheckedQuicklyAndCheatsOnThemCaught) {
  engine::Random rng(0);
  int long_chains = 0;
  int gave_up = 0;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    const Board before = horse_board(seed, rng);
    for (int player = 1; player <= 2; ++player) {
      const auto turn = choose_turn(before, player, rng);
      if (!turn) continue;
      Board after = before;
      ASSERT_FALSE(play_turn(after, player, *turn));
      bool gave_up_here = false;
      const auto error = check_turn(before, after, player, &gave_up_here);
      EXPECT_TRUE(!error || gave_up_here) << "seed " << seed << ": " << *error;
      gave_up += gave_up_here;
      if (turn->steps.size() < 6) continue;
      ++long_chains;
      // The same turn with one of its arrows taken back, or one horse more gone.
      Board cheat = after;
      cheat.at(*turn->steps.front().target) = Field{};
      EXPECT_TRUE(check_turn(before, cheat, player)) << "seed " << seed;
      cheat = after;
      for (Coord c{0, 0}; c.row < 15 && cheat == after;
           c = {c.row + (c.col == 14), (c.col + 1) % 15}) {
        if (cheat.at(c).artifact == kHorse) cheat.at(c) = Field{};
      }
      EXPECT_TRUE(check_turn(before, cheat, player)) << "seed " << seed;
    }
  }
  EXPECT_EQ(long_chains, 3);  // seeds 104 (eight horses), 198 and one more
  EXPECT_EQ(gave_up, 1);      // seed 198: ten horses, more than 100,000 steps to find
}

TEST(AmazonsVerify, AcceptsExactlyTheLegalTurns) {
  const Board before = parse("2 4\n001 010 510 000\n000 000 000 002\nann 1 0\nbob 2 0\n");
  Board after = before;
  ASSERT_FALSE(play_turn(
      after, 1,
      Turn{{0, 0},
           {Step{{0, 1}, Coord{1, 0}}, Step{{0, 2}, Coord{1, 1}}, Step{{0, 3}, Coord{1, 2}}}}));
  EXPECT_FALSE(check_turn(before, after, 1));
  Board cheat = after;
  cheat.player_by_id(1)->score += 1;
  EXPECT_TRUE(check_turn(before, cheat, 1));
  EXPECT_TRUE(check_turn(before, after, 2));
  EXPECT_TRUE(check_turn(before, before, 1));
  Board placed = parse("1 2\n300 000\n");
  Board with = placed;
  with.players().push_back({"ann", 1, 0});
  ASSERT_FALSE(place_amazon(with, 1, {0, 0}));
  EXPECT_FALSE(check_placement(placed, with, 1));
}

TEST(AmazonsAntiCheat, ExplainableChangesPassAndOthersAreReported) {
  const Board written = parse("2 4\n001 000 300 009\n000 000 000 002\nann 1 0\nbob 2 0\n");
  Board played = written;
  ASSERT_FALSE(play_turn(played, 2, Turn{{1, 3}, {Step{{1, 2}, Coord{1, 3}}}}));
  EXPECT_TRUE(find_cheats(written, played, 1).empty());

  Board arrow_gone = written;
  arrow_gone.at({0, 3}).occupant = kEmpty;
  EXPECT_EQ(find_cheats(written, arrow_gone, 1).at(0), "field 1,4: an arrow or spear was removed");

  Board score_down = written;
  score_down.player_by_id(2)->score = 0;
  score_down.player_by_id(1)->score = 7;
  const auto findings = find_cheats(written, score_down, 1);
  EXPECT_EQ(findings.at(0), "our score was changed");

  Board jumped = parse("2 4\n001 009 000 002\n000 009 000 000\nann 1 0\nbob 2 0\n");
  Board after_jump = jumped;
  after_jump.at({0, 3}).occupant = kEmpty;
  after_jump.at({0, 0}).occupant = 1;
  after_jump.at({1, 0}).occupant = 2;  // through the arrows at column 2
  after_jump.at({1, 2}).occupant = kObstacle;
  EXPECT_EQ(find_cheats(jumped, after_jump, 1).at(0),
            "player 2's amazon at 2,1 could not have come there: every way from a field it left "
            "crosses an arrow");
}

// The document's loop: one placement or one turn of each other player
// between two of our calls.
TEST(AmazonsAntiCheat, OneTurnOfOneAmazonPerPlayerBetweenOurCalls) {
  const Board written =
      parse("3 4\n001 000 000 002\n000 000 000 000\n000 000 000 002\nann 1 0\nbob 2 0\n");
  Board two_amazons = written;
  ASSERT_FALSE(play_turn(two_amazons, 2, Turn{{0, 3}, {Step{{0, 2}, Coord{1, 2}}}}));
  ASSERT_FALSE(play_turn(two_amazons, 2, Turn{{2, 3}, {Step{{2, 2}, Coord{2, 1}}}}));
  EXPECT_EQ(find_cheats(written, two_amazons, 1).at(0),
            "player 2 moved 2 amazons since our last call; a turn moves one");

  Board extra_arrow = written;
  ASSERT_FALSE(play_turn(extra_arrow, 2, Turn{{0, 3}, {Step{{0, 2}, Coord{1, 2}}}}));
  extra_arrow.at({1, 0}).occupant = kObstacle;
  EXPECT_EQ(find_cheats(written, extra_arrow, 1).at(0),
            "2 arrows appeared since our last call, more than 1 turn(s) with 0 horse(s) can shoot");

  const Board placing = parse("2 3\n001 000 000\n000 000 002\nann 1 0\nbob 2 0\n");
  Board two_placed = placing;
  ASSERT_FALSE(place_amazon(two_placed, 2, {0, 2}));
  ASSERT_FALSE(place_amazon(two_placed, 2, {1, 0}));
  EXPECT_EQ(find_cheats(placing, two_placed, 1).at(0),
            "player 2 placed 2 amazons since our last call; a player places one at a time");
  Board one_placed = placing;
  ASSERT_FALSE(place_amazon(one_placed, 2, {0, 2}));
  EXPECT_TRUE(find_cheats(placing, one_placed, 1).empty());

  // A horse gives the same amazon a second move and a second arrow.
  const Board horse = parse("1 5\n001 000 000 010 002\nann 1 0\nbob 2 0\n");
  Board chained = horse;
  ASSERT_FALSE(
      play_turn(chained, 2, Turn{{0, 4}, {Step{{0, 3}, Coord{0, 4}}, Step{{0, 2}, Coord{0, 3}}}}));
  EXPECT_TRUE(find_cheats(horse, chained, 1).empty());
  // ... and may bring it back to where the turn began (a game master's
  // game found it: the amazons stand as they stood, two arrows appeared).
  Board returned = horse;
  ASSERT_FALSE(
      play_turn(returned, 2, Turn{{0, 4}, {Step{{0, 3}, Coord{0, 2}}, Step{{0, 4}, Coord{0, 3}}}}));
  EXPECT_TRUE(find_cheats(horse, returned, 1).empty());
  Board returned_extra = returned;
  returned_extra.at({0, 1}).occupant = kObstacle;
  EXPECT_EQ(find_cheats(horse, returned_extra, 1).at(0),
            "3 arrows appeared since our last call, more than 1 turn(s) with 1 horse(s) can shoot");
}

TEST(AmazonsVerify, ThePlayerLinesMayComeInAnyOrder) {
  const Board before = parse("1 3\n001 000 002\nann 1 0\nbob 2 0\n");
  Board after = before;
  ASSERT_FALSE(play_turn(after, 2, Turn{{0, 2}, {Step{{0, 1}, Coord{0, 2}}}}));
  std::swap(after.players()[0], after.players()[1]);
  EXPECT_FALSE(check_turn(before, after, 2));
  Board reordered = before;
  std::swap(reordered.players()[0], reordered.players()[1]);
  EXPECT_TRUE(same_position(before, reordered));
}

}  // namespace
}  // namespace amazons
