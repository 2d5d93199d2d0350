// The random-simulation test of the game contract, the same for every game
// of the registry (engine/simulation.hpp, games/registry_entry.hpp): seeded random
// games from each start the game registered, the contract's checks at every
// step, and the game's own invariants (undo where the game has it; in
// RAIInet, hidden links that stay hidden in the observation and the view).
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>

#include "engine/simulation.hpp"
#include "games/amazons/lines/standard.hpp"
#include "games/amazons/state.hpp"
#include "games/raiinet/state.hpp"
#include "games/registry.hpp"
#include "games/space-defender-2/state.hpp"

namespace {

// A game of the registry and one of its starts.
struct Start {
  const games::GameInfo* game;
  std::size_t index;
};

void PrintTo(const Start& start, std::ostream* out) {
  *out << start.game->name << ", start " << start.index;
}

std::vector<Start> every_start() {
  std::vector<Start> starts;
  for (const games::GameInfo& game : games::all_games()) {
    for (std::size_t i = 0; i < game.simulations.size(); ++i) starts.push_back({&game, i});
  }
  return starts;
}

class ContractRandomSim : public ::testing::TestWithParam<Start> {};

TEST_P(ContractRandomSim, RandomGamesKeepTheContractAndTheInvariants) {
  const Start& start = GetParam();
  const auto violation =
      start.game->simulate(start.game->simulations[start.index], 1 + start.index);
  EXPECT_FALSE(violation) << start.game->name << ": " << violation.value_or("");
}

INSTANTIATE_TEST_SUITE_P(EveryGame, ContractRandomSim, ::testing::ValuesIn(every_start()),
                         [](const ::testing::TestParamInfo<Start>& param) {
                           std::string name =
                               param.param.game->name + "_" + std::to_string(param.param.index);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(ContractRegistry, EveryGameHasAStartToSimulate) {
  EXPECT_GE(games::all_games().size(), 5u);
  for (const games::GameInfo& game : games::all_games())
    EXPECT_FALSE(game.simulations.empty()) << game.name;
}

// The classic game on the line board (the engine of perft and playouts) is
// not a game of the registry but meets the contract too.
TEST(ContractRandomSimLineBoard, AmazonsClassic) {
  engine::Random rng(8);
  for (int g = 0; g < 5; ++g) {
    auto played = engine::checked_game(
        amazons::StandardGame(), 200, engine::RandomChoice{rng},
        [](const amazons::StandardGame&) { return std::optional<std::string>(); });
    EXPECT_TRUE(std::holds_alternative<engine::PlayedGame<amazons::StandardGame>>(played))
        << std::get<std::string>(played);
  }
}

TEST(ContractParams, BadParametersAreRefusedWithTheReason) {
  EXPECT_EQ(std::get<std::string>(amazons::State::make({{"rows", "0"}})),
            "rows=0: rows is a whole number from 1 to 1000");
  EXPECT_EQ(std::get<std::string>(amazons::State::make({{"rules", "chess"}})),
            "rules=chess: rules is extended or standard");
  EXPECT_EQ(std::get<std::string>(amazons::State::make({{"rules", "standard"}, {"players", "3"}})),
            "players=3: the standard rules are for 2 players");
  EXPECT_EQ(
      std::get<std::string>(
          space_defender_2::State::make({{"g_threshold", "50"}, {"f_threshold", "40"}})),
      "the thresholds g_threshold, f_threshold, c_threshold, i_threshold, p_threshold must not "
      "decrease");
  EXPECT_EQ(std::get<std::string>(raiinet::State::make({{"colour", "red"}})),
            "unknown parameter \"colour\"; the parameters are seed, ability1, ability2, links1, "
            "links2, max_length");
  EXPECT_TRUE(std::holds_alternative<std::string>(raiinet::State::make({{"ability1", "LLLFF"}})));
  EXPECT_EQ(std::get<std::string>(raiinet::State::make({{"links2", "V1D4V3V2D3V4D2V1"}})),
            "links2=V1D4V3V2D3V4D2V1: link V1 appears twice");
  EXPECT_EQ(std::get<std::string>(raiinet::State::make({{"links1", "V1D4"}})),
            "links1=V1D4: a placement holds 8 links (V1-V4 and D1-D4, each once), not 2 words");
  // A placement as the program's -link1 file gives it: those values in that order.
  const auto placed =
      std::get<raiinet::State>(raiinet::State::make({{"links1", "V1D4V3V2D3V4D2D1"}}));
  EXPECT_EQ(raiinet::value_text(placed.game().player(0).links[1].value), "D4");
}

}  // namespace
