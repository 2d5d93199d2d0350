// Connect Four's contract state: random games through the contract (legal
// actions, apply) and the computer's search (Monte-Carlo tree search with
// random playouts) at a fixed budget.
// bench-links: connect_four_rules
#include <benchmark/benchmark.h>

#include "engine/mcts.hpp"
#include "games/connect-four/state.hpp"
#include "random_games.hpp"

namespace {

void BM_ConnectFourRandomGames(benchmark::State& state) {
  random_games(state, connect_four::State(),
               connect_four::kDefaultRows * connect_four::kDefaultCols);
}
BENCHMARK(BM_ConnectFourRandomGames)->Unit(benchmark::kMicrosecond);

void BM_ConnectFourSearchDecision(benchmark::State& state) {
  engine::Random rng(7);
  engine::SearchLimits limits;
  limits.iterations = state.range(0);
  for (auto _ : state) {
    engine::Mcts<connect_four::State> search(1.0);
    benchmark::DoNotOptimize(
        search.search(connect_four::State(), limits, rng, engine::RandomPlayout{}));
  }
  state.counters["iterations_per_second"] = benchmark::Counter(
      static_cast<double>(state.iterations() * state.range(0)), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ConnectFourSearchDecision)->Arg(20000)->Unit(benchmark::kMillisecond);

}  // namespace
