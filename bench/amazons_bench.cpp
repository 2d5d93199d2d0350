// The Amazons engine's speed on the classic game: perft counts from the
// standard start and uniformly random playouts; and a whole call of the
// tournament program on the largest board the reader accepts.
// bench-links: amazons_programs
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "engine/alphabeta.hpp"
#include "engine/mcts.hpp"
#include "games/amazons/ai/ai.hpp"
#include "games/amazons/lines/fast_game.hpp"
#include "games/amazons/lines/perft_parallel.hpp"
#include "games/amazons/lines/standard.hpp"
#include "games/amazons/protocol/program.hpp"
#include "games/amazons/state.hpp"

namespace {

void BM_Perft(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  std::int64_t nodes = 0;
  for (auto _ : state) {
    amazons::StandardGame game;
    nodes = game.perft(depth);
    benchmark::DoNotOptimize(nodes);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_second"] =
      benchmark::Counter(static_cast<double>(nodes) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Perft)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond)->Iterations(1);

// Depth 3 with the root moves shared between the machine's two cores.
void BM_PerftTwoThreads(benchmark::State& state) {
  std::int64_t nodes = 0;
  for (auto _ : state) {
    nodes = amazons::perft_parallel(amazons::StandardGame(), 3, 2);
    benchmark::DoNotOptimize(nodes);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
}
BENCHMARK(BM_PerftTwoThreads)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

// The tree search of the AI (engine::Mcts) on the classic opening, with
// random playouts: iterations a second, and the bytes its tree keeps for each
// iteration (issue 17: at most 512).
void BM_MctsClassicOpening(benchmark::State& state) {
  const amazons::Board board = amazons::standard_board();
  const amazons::FastGame game(board, board.players().front().id, amazons::RuleSet::Standard);
  const std::int64_t iterations = state.range(0);
  engine::Mcts<amazons::FastGame> mcts(1.0);
  engine::Random rng(7);
  std::size_t bytes = 0;
  for (auto _ : state) {
    engine::SearchLimits limits;
    limits.iterations = iterations;
    benchmark::DoNotOptimize(mcts.search(game, limits, rng, engine::RandomPlayout{}));
    bytes = mcts.memory_bytes();
  }
  state.counters["iterations_per_second"] =
      benchmark::Counter(static_cast<double>(iterations) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
  state.counters["bytes_per_iteration"] =
      static_cast<double>(bytes) / static_cast<double>(iterations);
}
BENCHMARK(BM_MctsClassicOpening)->Arg(20000)->Arg(80000)->Unit(benchmark::kMillisecond);

// A whole turn of the AI (move, then shot) on the classic opening, 20000
// evaluations of its alpha-beta search a decision.
void BM_AiTurnClassicOpening(benchmark::State& state) {
  const amazons::Board board = amazons::standard_board();
  amazons::AiOptions options;
  options.rules = amazons::RuleSet::Standard;
  options.nodes = state.range(0);
  for (auto _ : state) {
    benchmark::DoNotOptimize(amazons::ai_turn(board, board.players().front().id, options));
  }
  state.counters["evaluations_per_second"] = benchmark::Counter(
      2.0 * static_cast<double>(options.nodes) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}
BENCHMARK(BM_AiTurnClassicOpening)->Arg(20000)->Unit(benchmark::kMillisecond);

// The classic AI's alpha-beta search (engine::AlphaBeta, the AI's width, its
// evaluation) for the first move of the standard start, and of a middle
// game (after 20 seeded random turns), at N evaluations (400,000: about
// the move's share of one second, counted on the first thread): evaluations
// a second (all threads'), and the depth (in actions) searched to the end;
// on one thread and on two (lazy SMP: the time to reach the same depth).
void BM_AlphaBetaClassic(benchmark::State& state) {
  const amazons::Board board = amazons::standard_board();
  amazons::FastGame game(board, board.players().front().id, amazons::RuleSet::Standard);
  engine::Random rng(11);
  for (int action = 0; action < 40 * static_cast<int>(state.range(1)); ++action)
    game.apply(game.random_action(rng));
  const std::int64_t evaluations = state.range(0);
  const int threads = static_cast<int>(state.range(2));
  int depth = 0;
  std::int64_t evaluated = 0;
  for (auto _ : state) {
    // A new search each time: its transposition table starts empty.
    engine::AlphaBeta<amazons::FastGame> search(amazons::kClassicSearchWidth,
                                                amazons::kClassicTableEntries, threads);
    engine::SearchLimits limits;
    limits.iterations = evaluations;
    benchmark::DoNotOptimize(search.search(game, limits, rng, [](const amazons::FastGame& g) {
      return amazons::evaluate_position(g, amazons::RuleSet::Standard)[0];
    }));
    depth = search.depth();
    evaluated += search.evaluations();
  }
  state.counters["evaluations_per_second"] =
      benchmark::Counter(static_cast<double>(evaluated), benchmark::Counter::kIsRate);
  state.counters["depth"] = depth;
}
BENCHMARK(BM_AlphaBetaClassic)
    ->Args({400000, 0, 1})
    ->Args({400000, 1, 1})
    ->Args({400000, 0, 2})
    ->Args({400000, 1, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// An amazon uniformly among those that can move, then a destination, then an arrow square.
void BM_RandomPlayouts(benchmark::State& state) {
  engine::Random rng(2024);
  std::int64_t moves = 0;
  std::int64_t games = 0;
  std::int64_t white_wins = 0;
  const amazons::StandardGame start;
  amazons::StandardGame game = start;
  for (auto _ : state) {
    game = start;  // a copy of the start, without allocating
    white_wins += game.random_playout(rng, moves) == 0;
    ++games;
  }
  state.counters["games_per_second"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["mean_moves"] = static_cast<double>(moves) / static_cast<double>(games);
  state.counters["white_wins"] = static_cast<double>(white_wins) / static_cast<double>(games);
}
BENCHMARK(BM_RandomPlayouts)->MinTime(2.0);

// Random games through the game contract (engine::random_action, apply,
// over), one thread: the classic game on the line board, whose random_action
// is the playouts' fast path, and on the plain board under the contract
// (legal_actions each step).
template <typename Game>
void BM_ContractRandomGames(benchmark::State& state, const Game& start) {
  engine::Random rng(1);
  std::vector<typename Game::Action> scratch;
  std::int64_t games = 0, actions = 0;
  for (auto _ : state) {
    Game game = start;
    while (!game.over()) {
      game.apply(engine::random_action(game, rng, scratch));
      ++actions;
    }
    benchmark::DoNotOptimize(game.returns());
    ++games;
  }
  state.counters["games_per_second"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["actions_per_game"] = static_cast<double>(actions) / static_cast<double>(games);
}
BENCHMARK_CAPTURE(BM_ContractRandomGames, classic_line_board, amazons::StandardGame())
    ->MinTime(2.0);
BENCHMARK_CAPTURE(BM_ContractRandomGames, classic_plain_board,
                  std::get<amazons::State>(amazons::State::make({{"rules", "standard"}})))
    ->MinTime(2.0);

// A placement call with time=500 on an empty 1000 x 1000 board, reading and
// writing the 4 MB file included: it must end well within a second.
void BM_PlacementOnAnEmpty1000Board(benchmark::State& state) {
  std::string dir = (std::filesystem::temp_directory_path() / "amazons_bench.XXXXXX").string();
  if (!mkdtemp(dir.data())) {
    state.SkipWithError("no temporary folder");
    return;
  }
  const std::string empty = dir + "/empty.txt", board = dir + "/board.txt";
  {
    std::ofstream out(empty);
    out << "1000 1000\n";
    for (int row = 0; row < 1000; ++row) {
      for (int col = 0; col < 1000; ++col) out << (col ? " 000" : "000");
      out << "\n";
    }
  }
  for (auto _ : state) {
    state.PauseTiming();
    std::filesystem::copy_file(empty, board, std::filesystem::copy_options::overwrite_existing);
    state.ResumeTiming();
    const int code =
        amazons::run_program({"phase=placement", "amazons=4", "time=500", board, board});
    if (code != amazons::kMoved) state.SkipWithError("the placement failed");
  }
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_PlacementOnAnEmpty1000Board)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5)
    ->UseRealTime();

}  // namespace
