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
#include "random_games.hpp"

namespace {

template <typename S>
S made(const engine::Params& params) {
  return std::get<S>(S::make(params));
}

void BM_RaiinetRandomGames(benchmark::State& state) {
  random_games(state, made<raiinet::State>({{"seed", "3"}, {"max_length", "200"}}), 200);
}
BENCHMARK(BM_RaiinetRandomGames)->Unit(benchmark::kMillisecond);

void BM_SwordAndShieldRandomGames(benchmark::State& state) {
  random_games(state, sword_and_shield::State(sword_and_shield::Position(), 200), 200);
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

// An AI's decisions from `game` at the benchmark's budget (its argument):
// `per_second` counts its iterations (or positions) a second.
template <typename Options, typename S, typename Decide>
void ai_decisions(benchmark::State& state, const S& game, Decide decide, const char* per_second) {
  const std::int64_t nodes = state.range(0);
  for (auto _ : state) {
    Options options;
    options.nodes = nodes;
    options.seed = 1;
    benchmark::DoNotOptimize(decide(game, options));
  }
  state.counters[per_second] =
      benchmark::Counter(static_cast<double>(nodes) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

void BM_RaiinetAiDecision(benchmark::State& state) {
  ai_decisions<raiinet::AiOptions>(state, position(made<raiinet::State>({{"seed", "3"}}), 10),
                                   &raiinet::ai_action, "iterations_per_second");
}
BENCHMARK(BM_RaiinetAiDecision)->Arg(12000)->Unit(benchmark::kMillisecond);

void BM_SwordAndShieldAiDecision(benchmark::State& state) {
  ai_decisions<sword_and_shield::AiOptions>(
      state, position(sword_and_shield::State(sword_and_shield::Position(), 1000), 30),
      &sword_and_shield::ai_action, "positions_per_second");
}
BENCHMARK(BM_SwordAndShieldAiDecision)->Arg(40000)->Unit(benchmark::kMillisecond);

}  // namespace
