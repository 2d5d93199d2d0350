// engine::Returns' convention: zero-sum for two or more players, and the
// shares of a win that search and standings read back from it.
#include <gtest/gtest.h>

#include "engine/game.hpp"

namespace {

TEST(Returns, TwoPlayersWinLoseOrDrawAsOpenSpiel) {
  const engine::Returns won = engine::two_player_returns(1);
  EXPECT_EQ(won[0], -1.0);
  EXPECT_EQ(won[1], 1.0);
  const engine::Returns drawn = engine::two_player_returns(std::nullopt);
  EXPECT_EQ(drawn[0], 0.0);
  EXPECT_EQ(drawn[1], 0.0);
}

TEST(Returns, SharesOfAWinAreZeroSumWithASoleWinnerAtOne) {
  // Three players, one winner: +1 and -1/2 each.
  engine::Returns shares{1.0, 0.0, 0.0};
  engine::Returns r = engine::returns_of_shares(shares, 3);
  EXPECT_DOUBLE_EQ(r[0], 1.0);
  EXPECT_DOUBLE_EQ(r[1], -0.5);
  EXPECT_DOUBLE_EQ(r[2], -0.5);
  // Two of four tied: 1/3 each, the others -1/3.
  shares = {0.5, 0.0, 0.5, 0.0};
  r = engine::returns_of_shares(shares, 4);
  EXPECT_DOUBLE_EQ(r[0], 1.0 / 3);
  EXPECT_DOUBLE_EQ(r[1], -1.0 / 3);
  EXPECT_DOUBLE_EQ(r[0] + r[1] + r[2] + r[3], 0.0);
  // Everyone tied: 0 each.
  shares = {1.0 / 3, 1.0 / 3, 1.0 / 3};
  r = engine::returns_of_shares(shares, 3);
  EXPECT_NEAR(r[0], 0.0, 1e-12);
}

TEST(Returns, WinSharesReadTheReturnsBack) {
  for (int n = 2; n <= engine::kMaxPlayers; ++n) {
    engine::Returns shares{};
    shares[0] = 0.25;
    shares[static_cast<std::size_t>(n - 1)] = 0.75;
    const engine::Returns back = engine::win_shares(engine::returns_of_shares(shares, n), n);
    for (std::size_t p = 0; p < static_cast<std::size_t>(n); ++p)
      EXPECT_NEAR(back[p], shares[p], 1e-12) << n << " players, player " << p;
  }
  // Of two: a draw is half a win each.
  EXPECT_EQ(engine::win_shares(engine::two_player_returns(std::nullopt), 2)[0], 0.5);
}

TEST(Returns, AGameOfOneKeepsItsOwnResult) {
  const engine::Returns score{42.0};
  EXPECT_EQ(engine::returns_of_shares(score, 1)[0], 42.0);
  EXPECT_EQ(engine::win_shares(score, 1)[0], 42.0);
}

}  // namespace
