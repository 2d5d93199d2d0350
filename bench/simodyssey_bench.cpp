// SimOdyssey: whole test-mode turns a second, rendering included, for the lab
// (Phase 1, planets only) and the project (Phase 2, with every kind of
// movable acting, reproducing and dying).
// bench-links: simodyssey_session
#include <benchmark/benchmark.h>

#include "games/simodyssey/session.hpp"

namespace {

template <const simodyssey::Edition& E>
const engine::etf::Command& command(std::string_view line) {
  static std::vector<std::pair<std::string, engine::etf::Command>> cache;
  for (const auto& [text, parsed] : cache) {
    if (text == line) return parsed;
  }
  cache.emplace_back(std::string(line),
                     std::get<engine::etf::Command>(simodyssey::grammar_of<E>().parse(line)));
  return cache.back().second;
}

// Turns of a test game, a new game whenever the explorer dies.
template <const simodyssey::Edition& E>
void test_mode_turns(benchmark::State& state, std::string_view start) {
  simodyssey::BasicSession<E> session;
  const char* moves[] = {"move(E)", "move(S)", "pass", "move(W)", "move(N)", "wormhole"};
  std::size_t turn = 0;
  std::size_t bytes = 0;
  for (auto _ : state) {
    if (!session.in_game()) bytes += session.execute(command<E>(start)).size();
    bytes += session.execute(command<E>(moves[turn++ % 6])).size();
  }
  benchmark::DoNotOptimize(bytes);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_TestModeTurns(benchmark::State& state) {
  test_mode_turns<simodyssey::kPhase1>(state, "test(60)");
}
BENCHMARK(BM_TestModeTurns);

void BM_Phase2TestModeTurns(benchmark::State& state) {
  test_mode_turns<simodyssey::kPhase2>(state, "test(10,20,40,60,90)");
}
BENCHMARK(BM_Phase2TestModeTurns);

}  // namespace
