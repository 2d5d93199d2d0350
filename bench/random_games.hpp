// Random games through the contract (legal actions, a uniform choice,
// apply) for the benchmarks: actions a second, the contract's own cost.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "engine/random.hpp"

// Random games of `start`, each at most `limit` actions.
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
