// perft with the root moves shared among threads: for the benchmarks and
// tests, apart from the rules (which have no threads).
#pragma once

#include <cstdint>

#include "games/amazons/lines/standard.hpp"

namespace amazons {

std::int64_t perft_parallel(const StandardGame& game, int depth, int threads);

}  // namespace amazons
