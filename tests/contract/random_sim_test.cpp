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

std::optional<std::string> check(bool consistent) {
  if (!consistent) return std::string("the game's own invariants fail (is_consistent)");
  return std::nullopt;
}

TEST(ContractRandomSim, SimOdyssey) {
  const auto start = made<simodyssey::State>({{"threshold", "30"}, {"max_length", "150"}});
  const auto lengths = simulate(start, 100, 150, 1, [](const simodyssey::State& s) {
    return check(s.galaxy().is_consistent());
  });
  EXPECT_EQ(lengths.size(), 100u);
}

TEST(ContractRandomSim, SpaceDefender2) {
  const auto start = made<sd2::State>({{"max_length", "60"}, {"weapon", "2"}, {"power", "5"}});
  const auto lengths = simulate(
      start, 30, 60, 2, [](const sd2::State& s) { return check(s.battle().is_consistent()); });
  EXPECT_EQ(lengths.size(), 30u);
}

// The viewer's observation stays the same when two of the opponent's links
// that the viewer has not seen exchange what they are.
std::optional<std::string> hidden_links_stay_hidden(const raiinet::State& state) {
  for (int viewer = 0; viewer < 2; ++viewer) {
    const int opponent = 1 - viewer;
    std::vector<int> hidden;
    for (int i = 0; i < raiinet::kLinks; ++i) {
      const raiinet::Link& l = state.game().player(opponent).links[static_cast<std::size_t>(i)];
      if (l.on_board() && !l.revealed) hidden.push_back(i);
    }
    if (hidden.size() < 2) continue;
    raiinet::State exchanged = state;
    raiinet::Game& g = exchanged.mutable_game();
    auto& a = g.mutable_link(opponent, hidden.front());
    auto& b = g.mutable_link(opponent, hidden.back());
    if (a.value == b.value) continue;
    std::swap(a.value, b.value);
    if (exchanged.observation(viewer) != state.observation(viewer)) {
      return "player " + std::to_string(viewer + 1) +
             "'s observation changed with the opponent's unrevealed links";
    }
  }
  return std::nullopt;
}

TEST(ContractRandomSim, RaiinetKeepsHiddenLinksHidden) {
  const auto start = made<raiinet::State>(
      {{"seed", "5"}, {"ability1", "LFDSP"}, {"ability2", "EZHLP"}, {"max_length", "300"}});
  const auto lengths = simulate(start, 6, 300, 3, [](const raiinet::State& s) {
    if (!s.game().is_consistent()) return check(false);
    return hidden_links_stay_hidden(s);
  });
  EXPECT_EQ(lengths.size(), 6u);
}

TEST(ContractRandomSim, SwordAndShieldWithUndo) {
  const auto start = made<sas::State>({{"max_length", "250"}});
  const auto lengths =
      simulate(start, 20, 250, 4, [](const sas::State& s) -> std::optional<std::string> {
        if (!s.game().is_consistent()) return check(false);
        // Undo restores the state before the last action; applying it again returns here.
        sas::State undone = s;
        const std::string before_text = s.serialize();
        undone.undo();
        const auto previous = sas::State::deserialize(undone.serialize());
        if (!previous || !(*previous == undone))
          return std::string("undo did not restore the previous state");
        if (previous->observation(0) != undone.observation(0))
          return std::string("undo did not restore the previous display");
        return std::nullopt;
      });
  EXPECT_EQ(lengths.size(), 20u);
}

std::optional<std::string> amazons_consistent(const amazons::State& s) {
  for (const amazons::Field& f : s.board().fields()) {
    if (f.occupant >= 1 && f.occupant <= amazons::kMaxPlayers &&
        !s.board().player_by_id(f.occupant))
      return std::string("an amazon of a player without a line");
    if (f.occupant != amazons::kEmpty && (f.treasure || f.artifact))
      return std::string("an occupied field with treasure or an artifact");
  }
  return std::nullopt;
}

TEST(ContractRandomSim, AmazonsExtendedWithArtifactsAndThreePlayers) {
  const auto start = made<amazons::State>(
      {{"rows", "7"}, {"cols", "6"}, {"players", "3"}, {"amazons", "2"}, {"artifacts", "30"}});
  const auto lengths = simulate(start, 20, 200, 5, amazons_consistent);
  EXPECT_EQ(lengths.size(), 20u);
}

TEST(ContractRandomSim, AmazonsClassic) {
  const auto start = made<amazons::State>({{"rules", "standard"}});
  EXPECT_FALSE(start.placing());
  const auto lengths = simulate(start, 5, 400, 6, amazons_consistent);
  EXPECT_EQ(lengths.size(), 5u);
}

TEST(ContractRandomSim, AmazonsOnABoardLargerThanTheLineBoard) {
  const auto start = made<amazons::State>({{"rows", "70"}, {"cols", "3"}, {"amazons", "1"}});
  const auto lengths = simulate(start, 2, 2000, 7, amazons_consistent);
  EXPECT_EQ(lengths.size(), 2u);
}

// The classic game on the line board (the engine of perft and playouts)
// meets the contract too.
TEST(ContractRandomSim, AmazonsClassicOnTheLineBoard) {
  const auto lengths =
      simulate(amazons::StandardGame(), 5, 200, 8,
               [](const amazons::StandardGame&) { return std::optional<std::string>(); });
  EXPECT_EQ(lengths.size(), 5u);
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
