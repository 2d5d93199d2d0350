// The grader's random scripts of the ETF games (grading/random_scripts.hpp):
// the same for a seed, deep enough to reach what the courses' tests reach,
// and shrunk to the lines a difference needs.
#include "grading/random_scripts.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "games/registry.hpp"

namespace grading {
namespace {

// The console our program prints on `script` (its lines are ours to read).
std::string console_of(const games::GameInfo& game, const std::vector<std::string>& script) {
  auto state = std::get<std::unique_ptr<engine::AnyState>>(game.make({}));
  for (std::size_t i = 1; i < script.size(); ++i)
    (void)(state->is_action(script[i]) ? state->apply(script[i]) : state->query(script[i]));
  return state->console() ? *state->console() : "";
}

TEST(RandomScripts, AreTheSameForASeedAndBeginWithTheGamesStart) {
  const games::GameInfo& game = *games::find_game("simodyssey");
  EXPECT_EQ(random_script(game, 7, 30), random_script(game, 7, 30));
  EXPECT_NE(random_script(game, 7, 30), random_script(game, 8, 30));
  EXPECT_EQ(random_script(game, 7, 30).front(), "test(30)");
  EXPECT_TRUE(random_script(*games::find_game("raiinet"), 7, 30).empty());
}

// The measure: of 30 short scripts none landed, of 200 long ones 4
// (the commands put in anywhere, an abort among them, refused the rest).
// Guided by the search, about half land (21, 17 and 22 of 40 measured).
TEST(RandomScripts, TheSimOdysseyExplorerLandsInAThirdOfTheScriptsAtLeast) {
  const games::GameInfo& game = *games::find_game("simodyssey");
  int landed = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed)
    landed +=
        console_of(game, random_script(game, seed, 30)).find("landed?:T") != std::string::npos;
  EXPECT_GE(landed, 14);
}

TEST(Shrink, KeepsOnlyTheLinesADifferenceNeeds) {
  const std::vector<std::string> lines = {"a", "b", "c", "d", "e", "f", "g", "h"};
  int calls = 0;
  const auto differs = [&](const std::vector<std::string>& l) {
    ++calls;
    const std::set<std::string> in(l.begin(), l.end());
    return in.count("c") && in.count("g");
  };
  EXPECT_EQ(shrink(lines, differs), (std::vector<std::string>{"c", "g"}));
  EXPECT_LT(calls, 40);
  EXPECT_EQ(shrink({"x"}, [](const auto&) { return true; }), std::vector<std::string>{"x"});
}

}  // namespace
}  // namespace grading
