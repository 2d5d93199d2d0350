#include "engine/words.hpp"

#include <gtest/gtest.h>

namespace {

TEST(Words, SplitsOnAnyRunOfBlanks) {
  const auto words = engine::split_words("  move\ta   up \r");
  ASSERT_EQ(words.size(), 3u);
  EXPECT_EQ(words[0], "move");
  EXPECT_EQ(words[1], "a");
  EXPECT_EQ(words[2], "up");
  EXPECT_TRUE(engine::split_words(" \t ").empty());
}

TEST(Words, ParsesOnlyPlainBoundedIntegers) {
  EXPECT_EQ(engine::parse_int("42"), 42);
  EXPECT_EQ(engine::parse_int("-7"), -7);
  EXPECT_EQ(engine::parse_int("+3"), 3);
  EXPECT_EQ(engine::parse_int("999999999"), 999999999);
  EXPECT_EQ(engine::parse_int("1000000000"), std::nullopt);
  EXPECT_EQ(engine::parse_int("3.5"), std::nullopt);
  EXPECT_EQ(engine::parse_int(""), std::nullopt);
  EXPECT_EQ(engine::parse_int("-"), std::nullopt);
  EXPECT_EQ(engine::parse_int("0x1"), std::nullopt);
}

}  // namespace

TEST(Words, PrintableEscapesControlBytesAndCutsLongInput) {
  EXPECT_EQ(engine::printable("a\x01\xff\tb"), "a???b");
  EXPECT_EQ(engine::printable(std::string(50, 'x'), 5), "xxxxx...");
  EXPECT_EQ(engine::printable("move"), "move");
}
