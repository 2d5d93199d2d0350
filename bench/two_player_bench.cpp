// RAIInet's and Sword and Shield's contract states and AIs: random games
// through the contract (legal actions, apply), and the AIs' decisions at a
// fixed budget (iterations or positions a second). The searches apply
// actions by the million: this is where the contract's cost shows.
// bench-links: raiinet_rules sword_and_shield_rules
#include <benchmark/benchmark.h>

#include "engine/game.hpp"
#include "games/raiinet/ai.hpp"
#include "games/raiinet/state.hpp"
#include "games/sword-and-shield/ai.hpp"
#include "games/sword-and-shield/state.hpp"

namespace {

template <typename S>
S made(const engine::Params& params) {
  return std::get<S>(S::make(params));
}

// Random games of `start` through the contract, each at most `limit` actions.
template <typename S>
void random_games(benchmark::State& state, const S& start, int limit) {
  engine::Random rng(5);
  std::vector<typename S::Action> legal;
  std::int64_t actions = 0;
  for (auto _ : state) {
    S game = start;
    for (int i = 0; i < limit && !game.over(); ++i) {
      game.legal_actions(legal);
      game.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      ++actions;
    }
    benchmark::DoNotOptimize(game);
  }
  state.counters["actions_per_second"] =
      benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
}

void BM_RaiinetRandomGames(benchmark::State& state) {
  random_games(state, made<raiinet::State>({{"seed", "3"}, {"max_length", "200"}}), 200);
}
BENCHMARK(BM_RaiinetRandomGames)->Unit(benchmark::kMillisecond);

void BM_SwordAndShieldRandomGames(benchmark::State& state) {
  random_games(state, sas::State(sas::Game(), 200), 200);
}
BENCHMARK(BM_SwordAndShieldRandomGames)->Unit(benchmark::kMillisecond);

// A position some way into a game with choices to make: `plies` random
// actions from the start (the first seed from 11 whose game then goes on
// with at least 8 legal actions).
template <typename S>
S position(const S& start, int plies) {
  std::vector<typename S::Action> legal;
  for (std::uint64_t seed = 11;; ++seed) {
    S game = start;
    engine::Random rng(seed);
    engine::play_random_actions(game, plies, rng);
    game.legal_actions(legal);
    if (legal.size() >= 8) return game;
  }
}

void BM_RaiinetAiDecision(benchmark::State& state) {
  const auto game = position(made<raiinet::State>({{"seed", "3"}}), 10);
  const std::int64_t nodes = state.range(0);
  for (auto _ : state) {
    raiinet::AiOptions options;
    options.nodes = nodes;
    options.seed = 1;
    benchmark::DoNotOptimize(raiinet::ai_action(game, options));
  }
  state.counters["iterations_per_second"] =
      benchmark::Counter(static_cast<double>(nodes) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RaiinetAiDecision)->Arg(12000)->Unit(benchmark::kMillisecond);

void BM_SwordAndShieldAiDecision(benchmark::State& state) {
  const auto game = position(sas::State(sas::Game(), 1000), 30);
  const std::int64_t nodes = state.range(0);
  for (auto _ : state) {
    sas::AiOptions options;
    options.nodes = nodes;
    options.seed = 1;
    benchmark::DoNotOptimize(sas::ai_action(game, options));
  }
  state.counters["positions_per_second"] =
      benchmark::Counter(static_cast<double>(nodes) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SwordAndShieldAiDecision)->Arg(40000)->Unit(benchmark::kMillisecond);

}  // namespace
