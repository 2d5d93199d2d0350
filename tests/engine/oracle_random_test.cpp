#include "engine/oracle_random.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

TEST(OracleRandom, FirstRawValuesAreTheLehmerSequenceFrom900) {
  engine::OracleRandom rng;
  EXPECT_EQ(rng.next_raw(), 15126300u);
  EXPECT_EQ(rng.next_raw(), 824653754u);
  EXPECT_EQ(rng.next_raw(), 96185740u);
  EXPECT_EQ(rng.next_raw(), 1686029636u);
  EXPECT_EQ(rng.next_raw(), 1053370087u);
}

TEST(OracleRandom, SkippingIsDrawingThatMany) {
  for (const std::uint64_t calls : {0ull, 1ull, 2ull, 5ull, 1000ull, 123457ull}) {
    engine::OracleRandom drawn, skipped;
    for (std::uint64_t i = 0; i < calls; ++i) drawn.next_raw();
    skipped.skip(calls);
    EXPECT_EQ(skipped.calls(), calls);
    EXPECT_EQ(skipped.next_raw(), drawn.next_raw()) << calls;
  }
  engine::OracleRandom far;
  far.skip(999999999);  // at once: a seed of the contract's range
  EXPECT_EQ(far.calls(), 999999999u);
}

TEST(OracleRandom, RchooseIsRawModuloRangePlusLow) {
  engine::OracleRandom rng;
  EXPECT_EQ(rng.rchoose('G', 1, 3), 15126300 % 3 + 1);
  EXPECT_EQ(rng.rchoose('G', 1, 100), 824653754 % 100 + 1);
  EXPECT_EQ(rng.rchoose('G', 0, 2), 96185740 % 3);
  EXPECT_EQ(rng.calls(), 3u);
}

TEST(OracleRandom, FirstTwoCallsReturnLowWhenAskedButStillAdvance) {
  engine::OracleRandom rng(/*first_two_return_low=*/true);
  EXPECT_EQ(rng.rchoose('S', 1, 10), 1);
  EXPECT_EQ(rng.rchoose('S', 1, 100), 1);
  EXPECT_EQ(rng.rchoose('S', 1, 10), 96185740 % 10 + 1);
  EXPECT_EQ(rng.rchoose('S', 1, 100), 1686029636 % 100 + 1);
}

TEST(OracleRandom, LogsEachCallAndFormatsItAsTheOracle) {
  engine::OracleRandom rng;
  rng.rchoose('G', 1, 3);
  rng.rchoose('P', 1, 8);
  ASSERT_EQ(rng.log().size(), 2u);
  EXPECT_EQ(rng.log()[1].who, 'P');
  EXPECT_EQ(rng.log()[1].low, 1);
  EXPECT_EQ(rng.log()[1].high, 8);
  EXPECT_EQ(engine::OracleRandom::format(rng.log()[0]), "(G->1:[1,3])");
  rng.clear_log();
  EXPECT_TRUE(rng.log().empty());
  EXPECT_EQ(rng.calls(), 2u);
}

}  // namespace

namespace {

TEST(OracleRandom, UsageSectionListsEightCallsALine) {
  EXPECT_EQ(engine::OracleRandom::usage_section({}), "  RNG Usage:none\n");
  engine::OracleRandom rng;
  for (int i = 0; i < 9; ++i) rng.rchoose('P', 1, 2);
  const std::string section = engine::OracleRandom::usage_section(rng.log());
  EXPECT_TRUE(section.starts_with("  RNG Usage:\n    (P->1:[1,2]),("));
  EXPECT_EQ(std::count(section.begin(), section.end(), '\n'), 3);
  EXPECT_EQ(std::count(section.begin(), section.end(), '('), 9);
}

}  // namespace
