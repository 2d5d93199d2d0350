#include <gtest/gtest.h>

#include "games/raiinet/options.hpp"

namespace raiinet {
namespace {

std::string error_of(std::string_view text) {
  auto parsed = parse_placement(text);
  auto* e = std::get_if<SetupError>(&parsed);
  return e ? e->message : "";
}

TEST(RaiinetSetup, PlacementsInAnyWhitespaceLayout) {
  auto parsed = parse_placement("D1\n D2\tD3 D4\r\n\nV1 V2 V3\nV4");
  ASSERT_TRUE(std::holds_alternative<Placement>(parsed));
  EXPECT_EQ(std::get<Placement>(parsed)[7], (LinkValue{Kind::Virus, 4}));
  EXPECT_EQ(error_of("D1 D2 D3 D4 V1 V2 V3"),
            "a placement holds 8 links (V1-V4 and D1-D4, each once), not 7 words");
  EXPECT_EQ(error_of("D1 D2 D3 D4 V1 V2 V3 D4"), "link D4 appears twice");
  EXPECT_EQ(error_of("D1 D2 D3 D4 V1 V2 V3 V5"), "word 8 \"V5\" is not a link (V1-V4 or D1-D4)");
  EXPECT_EQ(error_of("D1 D2 D3 D4 V1 V2 V3 v4"), "word 8 \"v4\" is not a link (V1-V4 or D1-D4)");
}

TEST(RaiinetSetup, AbilityOrdersAreFiveLettersAtMostTwoOfEach) {
  auto ok = parse_ability_order("EZHZE");
  ASSERT_TRUE((std::holds_alternative<std::array<char, kCards>>(ok)));
  auto three = parse_ability_order("LLLFD");
  EXPECT_EQ(std::get<SetupError>(three).message, "ability 'L' appears more than twice");
  EXPECT_TRUE(std::holds_alternative<SetupError>(parse_ability_order("LFDSPE")));
  EXPECT_TRUE(std::holds_alternative<SetupError>(parse_ability_order("LFDSX")));
}

TEST(RaiinetSetup, RandomPlacementsHoldEveryLinkOnceAndFollowTheSeed) {
  engine::Random a(11), b(11);
  const Placement first = random_placement(a);
  EXPECT_EQ(first, random_placement(b));
  int viruses = 0, strength_sum = 0;
  for (const LinkValue& v : first) {
    viruses += v.kind == Kind::Virus;
    strength_sum += v.strength;
  }
  EXPECT_EQ(viruses, 4);
  EXPECT_EQ(strength_sum, 20);
}

TEST(RaiinetSetup, OptionsAreCheckedBeforeTheGame) {
  auto parsed = parse_options({"-ability2", "EZHPS", "-seed", "42"});
  ASSERT_TRUE(std::holds_alternative<Options>(parsed));
  EXPECT_EQ(std::get<Options>(parsed).cards[1][2], 'H');
  EXPECT_EQ(std::get<Options>(parsed).seed, 42u);
  EXPECT_TRUE(std::holds_alternative<SetupError>(parse_options({"-seed"})));
  EXPECT_TRUE(std::holds_alternative<SetupError>(parse_options({"-link1", "/nonexistent"})));
  EXPECT_TRUE(std::holds_alternative<SetupError>(parse_options({"extra"})));
}

}  // namespace
}  // namespace raiinet
