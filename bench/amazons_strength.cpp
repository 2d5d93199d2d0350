// The Amazons AI's strength, in-process matches (a measurement, not a test):
//   amazons_strength random N MS   classic game: the AI against a uniformly random player
//   amazons_strength uct N MS      classic game: the AI against plain UCT with random playouts
//   amazons_strength greedy N MS   extended boards 10x10 to 20x20, three players: the AI
//                                  against two greedy players (most treasure, then mobility)
// N games, MS milliseconds a move for the searching players; colours and seats alternate.
// FIRST (default 0): the number of the first game, so that a match can be
// split between processes (games FIRST+1 .. FIRST+N, the same as in one run).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/random.hpp"
#include "games/amazons/ai.hpp"
#include "games/amazons/play.hpp"

using namespace amazons;

namespace {

AiOptions options(Brain brain, RuleSet rules, int ms, std::uint64_t seed) {
  AiOptions o;
  o.brain = brain;
  o.rules = rules;
  o.time_ms = ms;
  o.seed = seed;
  o.start = std::chrono::steady_clock::now();
  return o;
}

// The classic game; returns the id of the winner.
int classic_game(Brain first, Brain second, int ms, std::uint64_t seed, int& moves) {
  Board board = standard_board();
  int to_move = 1;
  moves = 0;
  while (can_move(board, to_move)) {
    const auto turn =
        ai_turn(board, to_move,
                options(to_move == 1 ? first : second, RuleSet::Standard, ms, seed + moves));
    if (!turn || play_turn(board, to_move, *turn)) {
      std::fprintf(stderr, "an illegal or missing turn\n");
      std::exit(1);
    }
    to_move = 3 - to_move;
    ++moves;
  }
  return 3 - to_move;
}

Board extended_board(engine::Random& rng, int players) {
  const int rows = rng.between(10, 20), cols = rng.between(10, 20);
  Board board(rows, cols);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      Field& f = board.at({r, c});
      if (rng.below(100) < 30) f.treasure = static_cast<std::uint8_t>(rng.between(1, 5));
      if (rng.below(100) < 8) f.artifact = static_cast<std::uint8_t>(rng.between(1, 3));
    }
  }
  for (int p = 1; p <= players; ++p) board.players().push_back({"p" + std::to_string(p), p, 0});
  return board;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4 && argc != 5) {
    std::fprintf(stderr, "usage: amazons_strength random|uct|greedy GAMES MS [FIRST]\n");
    return 2;
  }
  const std::string mode = argv[1];
  const int games = std::atoi(argv[2]);
  const int ms = std::atoi(argv[3]);
  const int first = argc == 5 ? std::atoi(argv[4]) : 0;
  int wins = 0, ties = 0;
  long long total_moves = 0;
  for (int g = first; g < first + games; ++g) {
    if (mode == "random" || mode == "uct") {
      const Brain other = mode == "random" ? Brain::Random : Brain::PlainUct;
      const bool ai_first = g % 2 == 0;
      int moves = 0;
      const int winner = classic_game(ai_first ? Brain::Strong : other,
                                      ai_first ? other : Brain::Strong, ms, 1000u * g, moves);
      const bool won = winner == (ai_first ? 1 : 2);
      wins += won;
      total_moves += moves;
      std::printf("game %d: the AI plays %s, %s after %d moves\n", g + 1,
                  ai_first ? "first" : "second", won ? "wins" : "loses", moves);
    } else {
      engine::Random rng(77 + static_cast<std::uint64_t>(g));
      Board board = extended_board(rng, 3);
      const int ai = g % 3 + 1;  // the AI's seat rotates
      for (int round = 0; round < 3; ++round) {
        for (int p = 1; p <= 3; ++p) {
          const Brain brain = p == ai ? Brain::Strong : Brain::Greedy;
          const auto at = ai_placement(board, p, options(brain, RuleSet::Extended, ms, rng.next()));
          if (at) place_amazon(board, p, *at);
        }
      }
      int moves = 0;
      for (bool moved = true; moved;) {
        moved = false;
        for (int p = 1; p <= 3; ++p) {
          if (!can_move(board, p)) continue;
          const auto turn = ai_turn(
              board, p,
              options(p == ai ? Brain::Strong : Brain::Greedy, RuleSet::Extended, ms, rng.next()));
          if (!turn || play_turn(board, p, *turn)) {
            std::fprintf(stderr, "an illegal or missing turn\n");
            return 1;
          }
          moved = true;
          ++moves;
        }
      }
      long long best_other = 0;
      for (const auto& p : board.players()) {
        if (p.id != ai) best_other = std::max(best_other, p.score);
      }
      const long long mine = board.player_by_id(ai)->score;
      wins += mine > best_other;
      ties += mine == best_other;
      total_moves += moves;
      std::printf("game %d: %dx%d, the AI in seat %d scores %lld, the best greedy %lld\n", g + 1,
                  board.rows(), board.cols(), ai, mine, best_other);
    }
    std::fflush(stdout);
  }
  std::printf("%s: the AI won %d of %d (%.0f%%), %d tied; %.1f moves a game, %d ms a move\n",
              mode.c_str(), wins, games, 100.0 * wins / games, ties,
              static_cast<double>(total_moves) / games, ms);
  return 0;
}
