#include "engine/stats.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

TEST(Stats, EloOfAScore) {
  EXPECT_DOUBLE_EQ(engine::elo_of_score(0.5), 0);
  EXPECT_NEAR(engine::elo_of_score(0.75), 190.8485, 1e-4);  // 400 log10(3)
  EXPECT_NEAR(engine::elo_of_score(0.25), -190.8485, 1e-4);
  EXPECT_TRUE(std::isinf(engine::elo_of_score(1.0)));
}

// 60 wins, 20 draws, 20 losses: a score of 0.7, a variance of 0.16 a game.
TEST(Stats, EloOfGamesWithItsInterval) {
  const engine::EloEstimate e = engine::estimate(engine::Trinomial{60, 20, 20});
  EXPECT_NEAR(e.elo, 147.1907, 1e-3);
  EXPECT_NEAR(e.low, 86.2250, 1e-3);
  EXPECT_NEAR(e.high, 218.2518, 1e-3);
}

// 100 pairs scoring 0 to 2 points 5, 10, 40, 30 and 15 times: a mean of
// 0.6 a game, a variance of 0.065 a pair.
TEST(Stats, EloOfPairsWithItsInterval) {
  engine::Pentanomial pairs{{5, 10, 40, 30, 15}};
  const engine::EloEstimate e = engine::estimate(pairs);
  EXPECT_NEAR(e.elo, 70.4365, 1e-3);
  EXPECT_NEAR(e.low, 34.8815, 1e-3);
  EXPECT_NEAR(e.high, 107.5148, 1e-3);
}

TEST(Stats, PairsAreCountedByTheFirstPlayersPoints) {
  engine::Pentanomial pairs;
  pairs.add(1, 1);
  pairs.add(1, 0);
  pairs.add(0, 1);
  pairs.add(0.5, 0);
  pairs.add(0.5, 1);
  EXPECT_EQ(pairs.pairs, (std::array<std::int64_t, 5>{0, 1, 2, 1, 1}));
}

TEST(Stats, SprtBoundsAndRatio) {
  const engine::Sprt sprt{0, 5, 0.05, 0.05};
  EXPECT_NEAR(sprt.lower(), -2.944439, 1e-6);
  EXPECT_NEAR(sprt.upper(), 2.944439, 1e-6);
  // N (m1 - m0) (2m - m0 - m1) / 2v with m and v of the counts plus half a
  // pair each (5.5, 10.5, 40.5, 30.5, 15.5), m0 = 0.5, m1 = 0.5 + 5 /
  // (800 / ln 10) sqrt(2v).
  EXPECT_NEAR(sprt.llr(engine::Pentanomial{{5, 10, 40, 30, 15}}), 0.748100, 1e-5);
  EXPECT_EQ(sprt.llr(engine::Pentanomial{}), 0);
}

TEST(Stats, SprtDecidesOnlyOnEnoughEvidence) {
  const engine::Sprt sprt{0, 10, 0.05, 0.05};
  // Even players: the ratio falls to H0.
  EXPECT_EQ(sprt.decide(engine::Pentanomial{{300, 1200, 3000, 1200, 300}}),
            engine::Sprt::Decision::AcceptH0);
  // One player winning every pair: H1, but not on a few pairs.
  EXPECT_EQ(sprt.decide(engine::Pentanomial{{0, 0, 0, 0, 200}}), engine::Sprt::Decision::AcceptH1);
  const engine::Sprt wide{0, 100, 0.05, 0.05};
  EXPECT_EQ(wide.decide(engine::Pentanomial{{0, 0, 0, 0, 6}}), engine::Sprt::Decision::Continue);
  EXPECT_EQ(wide.decide(engine::Pentanomial{{0, 0, 0, 0, 7}}), engine::Sprt::Decision::AcceptH1);
  // A few pairs: not yet.
  EXPECT_EQ(sprt.decide(engine::Pentanomial{{1, 1, 2, 1, 1}}), engine::Sprt::Decision::Continue);
}

}  // namespace
