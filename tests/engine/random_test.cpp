#include "engine/random.hpp"

#include <gtest/gtest.h>

#include <array>

namespace {

TEST(Random, SameSeedSameSequence) {
  engine::Random a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next();
    EXPECT_EQ(x, b.next());
    differs |= x != c.next();
  }
  EXPECT_TRUE(differs);
}

TEST(Random, BelowStaysInRangeAndCoversIt) {
  engine::Random rng(7);
  std::array<int, 6> counts{};
  for (int i = 0; i < 60000; ++i) {
    const auto v = rng.below(6);
    ASSERT_LT(v, 6u);
    ++counts[v];
  }
  for (int count : counts) {
    EXPECT_GT(count, 9000);
    EXPECT_LT(count, 11000);
  }
}

TEST(Random, BetweenIsInclusive) {
  engine::Random rng(1);
  bool saw_low = false, saw_high = false;
  for (int i = 0; i < 1000; ++i) {
    const int v = rng.between(-2, 2);
    ASSERT_GE(v, -2);
    ASSERT_LE(v, 2);
    saw_low |= v == -2;
    saw_high |= v == 2;
  }
  EXPECT_TRUE(saw_low && saw_high);
}

}  // namespace
