// Space Defender 2: a long debug-mode game on a 10 x 30 board whose thresholds
// spawn an enemy every turn; turns per second, each state rendered in full.
// bench-links: space_defender_2_session
#include <benchmark/benchmark.h>

#include "games/space-defender-2/session.hpp"

namespace {

engine::etf::Command parse(std::string_view line) {
  return std::get<engine::etf::Command>(space_defender_2::grammar().parse(line));
}

void BM_DebugModeTurns(benchmark::State& state) {
  space_defender_2::Session session;
  const engine::etf::Command start[] = {parse("play(10,30,20,40,60,80,101)"),
                                        parse("setup_next(5)")};
  const engine::etf::Command turns[] = {parse("fire"), parse("pass"),    parse("move(C,3)"),
                                        parse("fire"), parse("special"), parse("move(F,2)")};
  session.execute(parse("toggle_debug_mode"));
  std::size_t bytes = 0;
  std::size_t turn = 0;
  std::int64_t games = 0;
  for (auto _ : state) {
    if (session.stage() != space_defender_2::Session::Stage::InGame) {
      for (const auto& command : start) bytes += session.execute(command).size();
      ++games;
    }
    bytes += session.execute(turns[turn++ % std::size(turns)]).size();
  }
  benchmark::DoNotOptimize(bytes);
  state.SetItemsProcessed(state.iterations());
  state.counters["games"] = static_cast<double>(games);
  state.counters["bytes_per_turn"] =
      static_cast<double>(bytes) /
      static_cast<double>(std::max<std::int64_t>(state.iterations(), 1));
}
BENCHMARK(BM_DebugModeTurns);

}  // namespace
