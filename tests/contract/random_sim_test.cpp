// The random-simulation test of the game contract, the same for every game
// (engine/simulation.hpp): seeded random games, the contract's checks at
// every step, the game's own invariants, undo where the game has it, and in
// RAIInet the hidden information.
#include <gtest/gtest.h>

#include "engine/simulation.hpp"
#include "games/amazons/standard.hpp"
#include "games/amazons/state.hpp"
#include "games/raiinet/state.hpp"
#include "games/simodyssey/state.hpp"
#include "games/space-defender-2/state.hpp"
#include "games/sword-and-shield/state.hpp"

namespace {

using engine::Params;

template <engine::Game S>
S made(const Params& params) {
  auto made = S::make(params);
  if (auto* error = std::get_if<std::string>(&made)) ADD_FAILURE() << *error;
  return std::get<S>(std::move(made));
}

// Plays `games` random games; `after` is the game's own check after each action.
template <engine::Game S, typename After>
std::vector<int> simulate(const S& start, int games, int bound, std::uint64_t seed, After after) {
  engine::Random rng(seed);
  std::vector<int> lengths;
  for (int g = 0; g < games; ++g) {
    auto result = engine::checked_game(start, bound, engine::RandomChoice{rng}, after);
    if (auto* violation = std::get_if<std::string>(&result)) {
      ADD_FAILURE() << "game " << g << ": " << *violation;
      break;
    }
    lengths.push_back(std::get<engine::PlayedGame<S>>(result).length);
  }
  std::string shown;
  for (int l : lengths) shown += " " + std::to_string(l);
  ::testing::Test::RecordProperty("lengths", shown);
  std::printf("game lengths:%s\n", shown.c_str());
  return lengths;
}

// The game's own invariants (check_invariants: is_consistent, and in RAIInet
// the hidden links, in Sword and Shield undo), after every action.
template <engine::Game S>
std::optional<std::string> invariants(const S& state) {
  if constexpr (requires { state.check_invariants(); }) {
    return state.check_invariants();
  } else {
    return std::nullopt;
  }
}

TEST(ContractRandomSim, SimOdyssey) {
  const auto start = made<simodyssey::State>({{"threshold", "30"}, {"max_length", "150"}});
  EXPECT_EQ(simulate(start, 100, 150, 1, invariants<simodyssey::State>).size(), 100u);
}

TEST(ContractRandomSim, SpaceDefender2) {
  const auto start = made<sd2::State>({{"max_length", "60"}, {"weapon", "2"}, {"power", "5"}});
  EXPECT_EQ(simulate(start, 30, 60, 2, invariants<sd2::State>).size(), 30u);
}

TEST(ContractRandomSim, RaiinetKeepsHiddenLinksHidden) {
  const auto start = made<raiinet::State>(
      {{"seed", "5"}, {"ability1", "LFDSP"}, {"ability2", "EZHLP"}, {"max_length", "300"}});
  EXPECT_EQ(simulate(start, 6, 300, 3, invariants<raiinet::State>).size(), 6u);
}

TEST(ContractRandomSim, SwordAndShieldWithUndo) {
  const auto start = made<sas::State>({{"max_length", "250"}});
  EXPECT_EQ(simulate(start, 20, 250, 4, invariants<sas::State>).size(), 20u);
}

TEST(ContractRandomSim, AmazonsExtendedWithArtifactsAndThreePlayers) {
  const auto start = made<amazons::State>(
      {{"rows", "7"}, {"cols", "6"}, {"players", "3"}, {"amazons", "2"}, {"artifacts", "30"}});
  EXPECT_EQ(simulate(start, 20, 200, 5, invariants<amazons::State>).size(), 20u);
}

TEST(ContractRandomSim, AmazonsClassic) {
  const auto start = made<amazons::State>({{"rules", "standard"}});
  EXPECT_FALSE(start.placing());
  EXPECT_EQ(simulate(start, 5, 400, 6, invariants<amazons::State>).size(), 5u);
}

TEST(ContractRandomSim, AmazonsOnABoardLargerThanTheLineBoard) {
  const auto start = made<amazons::State>({{"rows", "70"}, {"cols", "3"}, {"amazons", "1"}});
  EXPECT_EQ(simulate(start, 2, 2000, 7, invariants<amazons::State>).size(), 2u);
}

// The classic game on the line board (the engine of perft and playouts)
// meets the contract too.
TEST(ContractRandomSim, AmazonsClassicOnTheLineBoard) {
  EXPECT_EQ(simulate(amazons::StandardGame(), 5, 200, 8, invariants<amazons::StandardGame>).size(),
            5u);
}

TEST(ContractParams, BadParametersAreRefusedWithTheReason) {
  EXPECT_EQ(std::get<std::string>(amazons::State::make({{"rows", "0"}})),
            "rows=0: rows is a whole number from 1 to 1000");
  EXPECT_EQ(std::get<std::string>(amazons::State::make({{"rules", "chess"}})),
            "rules=chess: rules is extended or standard");
  EXPECT_EQ(std::get<std::string>(amazons::State::make({{"rules", "standard"}, {"players", "3"}})),
            "players=3: the standard rules are for 2 players");
  EXPECT_EQ(
      std::get<std::string>(sd2::State::make({{"g_threshold", "50"}, {"f_threshold", "40"}})),
      "the thresholds g_threshold, f_threshold, c_threshold, i_threshold, p_threshold must not "
      "decrease");
  EXPECT_EQ(
      std::get<std::string>(raiinet::State::make({{"colour", "red"}})),
      "unknown parameter \"colour\"; the parameters are seed, ability1, ability2, max_length");
  EXPECT_TRUE(std::holds_alternative<std::string>(raiinet::State::make({{"ability1", "LLLFF"}})));
}

}  // namespace
