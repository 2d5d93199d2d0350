// The players: the AI (in the classic game a selective alpha-beta search,
// in the extended game Monte-Carlo tree search with short playouts; both
// with a territory evaluation), and the opponents it is measured against
// (plain UCT with random playouts, greedy, uniformly random).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "games/amazons/lines/fast_game.hpp"
#include "games/amazons/rules.hpp"

namespace amazons {

enum class Brain { Strong, PlainUct, Greedy, Random };
std::optional<Brain> parse_brain(const std::string& name);  // strong, uct, greedy, random

struct AiOptions {
  Brain brain = Brain::Strong;
  RuleSet rules = RuleSet::Extended;
  int time_ms = 1000;  // per turn, counted from `start`
  // The classic game's strong player takes its turn from the opening book
  // (book.hpp) when the position is one of the book's.
  bool book = true;
  // When set: this many search iterations (the classic game: evaluations)
  // per decision, no clock.
  std::int64_t nodes = 0;
  // The classic game's search on this many threads (lazy SMP: not
  // reproducible from the seed when more than one).
  int threads = 1;
  std::uint64_t seed = 0;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

// A whole legal turn for the player of id `player`, or nothing when none of
// their amazons can move.
std::optional<Turn> ai_turn(const Board& board, int player, const AiOptions& options);
std::optional<Coord> ai_placement(const Board& board, int player, const AiOptions& options);

// The classic game's alpha-beta search: the children a node searches below
// the horizon's first action (with the null-window search, wider kept
// winning at 200 ms a move: 16 against 12, 43 of 60 games; 24 against 16,
// 46 of 60; 40 against 24, 37 of 60).
inline constexpr int kClassicSearchWidth = 40;
inline constexpr std::size_t kClassicTableEntries = std::size_t{1} << 18;  // 8 MiB

// The classic evaluation's terms for the first player, in squares: who
// reaches the free squares first by queen moves (t1) and king moves (t2),
// how much sooner (c1, c2), the amazons' mobility; and the share of the
// board filled. Its score is their sum weighted by the game's stage.
inline constexpr std::size_t kClassicTerms = 5;
struct ClassicTerms {
  std::array<double, kClassicTerms> values;  // t1, t2, c1, c2, mobility
  double progress;
};
ClassicTerms classic_terms(const FastGame& game);
int classic_stage(double progress);  // 0: below 20% filled, 1: below 50%, 2: later
using ClassicWeights = std::array<std::array<double, kClassicTerms>, 3>;  // by stage
// Fitted to self-play results by Texel's method (bench/amazons_tune.cpp:
// `amazons_tune 2000 3000 7`, log loss 0.479 to 0.383 on held-out games);
// before, after Lieberum's: {0.14, 0.37, 0.13, 0.13, 0.20}, {0.30, 0.25,
// 0.20, 0.20, 0.05}, {0.80, 0.10, 0.05, 0.05, 0}.
inline constexpr ClassicWeights kClassicWeights{{{0.024, 0.039, -0.014, 0.039, 0.237},
                                                 {0.083, 0.168, 0.167, 0.276, 0.235},
                                                 {1.740, 0.758, 0.192, 0.183, 0.095}}};
double classic_score(const ClassicTerms& terms, const ClassicWeights& weights);
// The score's squares per unit of the sigmoid that makes it a win chance.
inline constexpr double kClassicScale = 3.0;

// Each player's value of the position for the search, in [0, 1]: in the
// classic game from who reaches the squares first (queen and king moves)
// and the amazons' mobility, in the extended game from treasure and
// territory (exposed for tests).
FastGame::Values evaluate_position(const FastGame& game, RuleSet rules);

}  // namespace amazons
