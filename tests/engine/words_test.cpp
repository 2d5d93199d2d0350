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

TEST(Words, SplitsListsOnEverySeparator) {
  using V = std::vector<std::string>;
  EXPECT_EQ(engine::split_on("ai@200,random", ','), (V{"ai@200", "random"}));
  EXPECT_EQ(engine::split_on("a,,b,", ','), (V{"a", "", "b", ""}));
  EXPECT_EQ(engine::split_on("", ','), (V{""}));
  EXPECT_EQ(engine::split_on("no separator", ','), (V{"no separator"}));
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

TEST(Words, LowerCaseChangesAsciiCapitalsOnly) {
  EXPECT_EQ(engine::lower_case("Ann-MARIE_2 Z@[`"), "ann-marie_2 z@[`");
  EXPECT_EQ(engine::lower_case("\xC3\x89t\xC3\xA9"), "\xC3\x89t\xC3\xA9");  // UTF-8 bytes kept
  EXPECT_EQ(engine::lower_case(""), "");
}

TEST(Words, PrintableEscapesControlBytesAndCutsLongInput) {
  EXPECT_EQ(engine::printable("a\x01\xff\tb"), "a???b");
  EXPECT_EQ(engine::printable(std::string(50, 'x'), 5), "xxxxx...");
  EXPECT_EQ(engine::printable("move"), "move");
}

TEST(Words, InvalidUtf8IsEscapedAndValidCharactersKept) {
  EXPECT_EQ(engine::escape_invalid_utf8("Name: \xff\xfe ok"), "Name: \\xff\\xfe ok");
  EXPECT_EQ(engine::escape_invalid_utf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x99\x82"),
            "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x99\x82");
  // A character cut short, an overlong form, a surrogate, past U+10FFFF.
  EXPECT_EQ(engine::escape_invalid_utf8("a\xe2\x82"), "a\\xe2\\x82");
  EXPECT_EQ(engine::escape_invalid_utf8("\xc0\xaf"), "\\xc0\\xaf");
  EXPECT_EQ(engine::escape_invalid_utf8("\xed\xa0\x80"), "\\xed\\xa0\\x80");
  EXPECT_EQ(engine::escape_invalid_utf8("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
  EXPECT_EQ(engine::utf8_char_length("\xe2\x82\xac!"), 3u);
  EXPECT_EQ(engine::utf8_char_length("\x80"), 0u);
  EXPECT_EQ(engine::utf8_char_length(""), 0u);
}
