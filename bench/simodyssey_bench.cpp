// SimOdyssey: whole test-mode turns per second, rendering included.
// bench-links: simodyssey_session
#include <benchmark/benchmark.h>

#include "games/simodyssey/session.hpp"

namespace {

const engine::etf::Command& command(std::string_view line) {
  static std::vector<std::pair<std::string, engine::etf::Command>> cache;
  for (const auto& [text, parsed] : cache) {
    if (text == line) return parsed;
  }
  cache.emplace_back(std::string(line),
                     std::get<engine::etf::Command>(simodyssey::grammar().parse(line)));
  return cache.back().second;
}

void BM_TestModeTurns(benchmark::State& state) {
  simodyssey::Session session;
  const char* moves[] = {"move(E)", "move(S)", "pass", "move(W)", "move(N)", "wormhole"};
  std::size_t turn = 0;
  std::size_t bytes = 0;
  for (auto _ : state) {
    if (!session.in_game()) bytes += session.execute(command("test(60)")).size();
    bytes += session.execute(command(moves[turn++ % 6])).size();
  }
  benchmark::DoNotOptimize(bytes);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_TestModeTurns);

}  // namespace
