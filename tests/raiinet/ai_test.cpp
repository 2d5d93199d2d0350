// RAIInet's computer players decide from their player's knowledge only; and
// the length limit's adjudication.
#include "games/raiinet/ai.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace {

using raiinet::State;

// A game some random moves in, with player `to_move` deciding.
State midgame(std::uint64_t seed, int moves) {
  State state = std::get<State>(State::make({{"seed", std::to_string(seed)}}));
  engine::Random rng(seed);
  engine::play_random_actions(state, moves, rng);
  return state;
}

// The opponent's links the player has not seen, dealt anew (consistently
// with everything the player has seen); at least one differs.
State other_truth(const State& state, std::uint64_t seed) {
  const int opponent = 1 - state.to_move();
  engine::Random rng(seed);
  for (int attempt = 0; attempt < 20; ++attempt) {
    State other = state.resampled(state.to_move(), rng);
    for (int i = 0; i < raiinet::kLinks; ++i) {
      const auto at = static_cast<std::size_t>(i);
      if (!(other.game().player(opponent).links[at].value ==
            state.game().player(opponent).links[at].value))
        return other;
    }
  }
  ADD_FAILURE() << "no other truth found";
  return state;
}

// The AI's searches: a tree per world choosing the best mean value (`ai`,
// 4 worlds in antithetic pairs at 400 iterations; 8 worlds; and worlds
// drawn each on its own, `ai-unpaired`) or the most visited action
// (`ai-vote`); one tree, a world per iteration (`ismcts`).
std::vector<raiinet::AiOptions> searches() {
  raiinet::AiOptions paired, more_worlds, unpaired, by_vote, one_tree;
  more_worlds.world_nodes = 50;  // 8 worlds at 400 iterations, 6 at 300
  unpaired.antithetic = false;
  raiinet::vote_over_fixed_worlds(by_vote);
  one_tree.worlds = 0;
  return {paired, more_worlds, unpaired, by_vote, one_tree};
}

// The antithetic of a drawn world: the player sees no difference; of the
// opponent's links the player has not seen, as many data as viruses change
// kind (all of them when the values left are half data), the rest keep
// their values, and the values are the same eight.
TEST(RaiinetState, AntitheticWorldsExchangeTheHiddenKinds) {
  int flipped_all = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const State state = midgame(seed, static_cast<int>(4 * seed));
    const int viewer = state.to_move(), opponent = 1 - viewer;
    engine::Random rng(seed);
    const State world = state.resampled(viewer, rng);
    const State anti = world.antithetic(viewer, rng);
    EXPECT_EQ(anti.observation(viewer), state.observation(viewer)) << seed;
    int data = 0, viruses = 0, flipped = 0;
    std::vector<std::pair<int, int>> before, after;  // (kind, strength)
    for (std::size_t i = 0; i < raiinet::kLinks; ++i) {
      const raiinet::Link& w = world.game().player(opponent).links[i];
      const raiinet::Link& a = anti.game().player(opponent).links[i];
      before.emplace_back(static_cast<int>(w.value.kind), w.value.strength);
      after.emplace_back(static_cast<int>(a.value.kind), a.value.strength);
      if (w.revealed) {
        EXPECT_TRUE(w.value == a.value) << seed << " " << i;
        continue;
      }
      (w.value.kind == raiinet::Kind::Data ? data : viruses) += 1;
      flipped += w.value.kind != a.value.kind;
      if (w.value.kind == a.value.kind) {
        EXPECT_TRUE(w.value == a.value) << seed << " " << i;
      }
    }
    EXPECT_EQ(flipped, 2 * std::min(data, viruses)) << seed;
    flipped_all += data > 0 && data == viruses;
    std::sort(before.begin(), before.end());
    std::sort(after.begin(), after.end());
    EXPECT_EQ(before, after) << seed;
  }
  EXPECT_GT(flipped_all, 0);  // some worlds had every hidden link change kind
}

TEST(RaiinetAi, DecidesTheSameWhateverTheOpponentsHiddenLinksAre) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const State state = midgame(seed, 10 + static_cast<int>(seed));
    ASSERT_FALSE(state.over());
    const State other = other_truth(state, seed * 31);
    EXPECT_EQ(state.observation(state.to_move()), other.observation(state.to_move()));
    for (const raiinet::AiOptions& search : searches()) {
      raiinet::AiOptions options = search;
      options.nodes = 400;
      options.seed = seed;
      EXPECT_EQ(raiinet::ai_action(state, options), raiinet::ai_action(other, options))
          << seed << " " << options.worlds << " " << options.by_mean_value;
    }
    engine::Random a(seed), b(seed);
    EXPECT_EQ(raiinet::heuristic_action(state, a), raiinet::heuristic_action(other, b)) << seed;
  }
}

// A game cut off by the length limit goes to whoever downloaded more data,
// with as many to whoever downloaded fewer viruses, else it is drawn.
TEST(RaiinetState, TheLengthLimitIsAdjudicatedByDownloads) {
  int adjudicated = 0, decided = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    State state =
        std::get<State>(State::make({{"seed", std::to_string(seed)}, {"max_length", "120"}}));
    engine::Random rng(seed);
    engine::play_random_actions(state, 1000, rng);
    ASSERT_TRUE(state.over());
    if (!state.truncated()) {
      EXPECT_TRUE(state.game().winner() || state.length() < 120) << seed;
      continue;
    }
    ++adjudicated;
    const raiinet::PlayerState& first = state.game().player(0);
    const raiinet::PlayerState& second = state.game().player(1);
    const int lead =
        first.data != second.data ? first.data - second.data : second.viruses - first.viruses;
    const engine::Returns r = state.returns();
    EXPECT_EQ(r[0], lead > 0 ? 1.0 : lead < 0 ? -1.0 : 0.0) << seed;
    EXPECT_EQ(r[0] + r[1], 0.0);  // zero-sum
    decided += lead != 0;
  }
  EXPECT_GT(adjudicated, 0);
  EXPECT_GT(decided, 0);
  EXPECT_LT(decided, adjudicated);  // some were level: drawn
}

// The AI's worlds: 4 at a second or 48,000 iterations, 8 at twice that.
TEST(RaiinetAi, SearchesMoreWorldsWithALargerBudget) {
  raiinet::AiOptions options;
  const std::pair<int, int> time_worlds[] = {{500, 4}, {1000, 4}, {2000, 8}, {2999, 11}};
  for (const auto& [time_ms, worlds] : time_worlds) {
    options.time_ms = time_ms;
    EXPECT_EQ(raiinet::worlds_for_budget(options), worlds) << time_ms;
  }
  const std::pair<std::int64_t, int> node_worlds[] = {{400, 4}, {48000, 4}, {96000, 8}};
  for (const auto& [nodes, worlds] : node_worlds) {
    options.nodes = nodes;
    EXPECT_EQ(raiinet::worlds_for_budget(options), worlds) << nodes;
  }
  options.world_nodes = 0;  // never more than `worlds`
  EXPECT_EQ(raiinet::worlds_for_budget(options), 4);
}

TEST(RaiinetAi, IsReproducible) {
  const State state = midgame(9, 12);
  for (const raiinet::AiOptions& search : searches()) {
    raiinet::AiOptions options = search;
    options.nodes = 300;
    options.seed = 5;
    EXPECT_EQ(raiinet::ai_action(state, options), raiinet::ai_action(state, options))
        << options.worlds << " " << options.by_mean_value;
  }
}

}  // namespace
