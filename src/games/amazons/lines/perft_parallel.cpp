#include "games/amazons/lines/perft_parallel.hpp"

#include <thread>
#include <vector>

namespace amazons {

std::int64_t perft_parallel(const StandardGame& start, int depth, int threads) {
  if (depth <= 1 || threads <= 1) return StandardGame(start).perft(depth);
  std::vector<StandardMove> roots;
  start.for_each_move([&](const StandardMove& m) { roots.push_back(m); });
  std::vector<std::int64_t> totals(static_cast<std::size_t>(threads), 0);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      StandardGame game = start;
      for (std::size_t i = static_cast<std::size_t>(t); i < roots.size();
           i += static_cast<std::size_t>(threads)) {
        game.play(roots[i]);
        totals[static_cast<std::size_t>(t)] += game.perft(depth - 1);
        game.undo(roots[i]);
      }
    });
  }
  for (auto& thread : pool) thread.join();
  std::int64_t total = 0;
  for (auto n : totals) total += n;
  return total;
}

}  // namespace amazons
