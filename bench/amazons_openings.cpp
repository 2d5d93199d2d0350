// An opening suite for classic Amazons (10 x 10), as `gridgames tournament
// --openings FILE` reads it: an opening a line, its actions separated by
// ";", its notation after "#". How each is chosen (docs/computer-players.md):
//  - 2, 3 and 4 plies in turn (a ply: a move and its shot), each action
//    drawn at random from the legal ones by a generator seeded with SEED;
//  - balanced: the evaluation the classic search ends in (queen and king
//    distances and mobility, evaluate_position) gives the first player
//    between 0.5 - MARGIN and 0.5 + MARGIN after the opening, and after
//    each of its plies too, so that no ply gives a side an edge that the
//    next takes back;
//  - outside the opening book: no ply is the book's turn in its position,
//    and the book has no turn for the position the opening ends in;
//  - each position once.
//   amazons_openings [COUNT] [SEED] [MARGIN]   (defaults 60 1 0.03)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/random.hpp"
#include "games/amazons/ai/ai.hpp"
#include "games/amazons/ai/book.hpp"
#include "games/amazons/state.hpp"

namespace {

using amazons::State;

// The first player's value of the position by the search's evaluation.
double first_players_value(const State& state) {
  const amazons::FastGame game(state.board(), state.board().players()[0].id + state.to_move(),
                               amazons::RuleSet::Standard);
  return amazons::evaluate_position(game, amazons::RuleSet::Standard)[0];
}

// The book's turn here, if it has one.
std::optional<amazons::Turn> book_of(const State& state) {
  return amazons::book_turn(state.board(), state.board().players()[0].id + state.to_move());
}

// The position after the book's turn here, serialized ("" where it has none).
std::string after_book(const State& state) {
  const auto turn = book_of(state);
  if (!turn) return "";
  State next = state;
  for (const State::Action& action : state.actions_of(*turn)) next.apply(action);
  return next.serialize();
}

}  // namespace

int main(int argc, char** argv) {
  const int count = argc > 1 ? std::atoi(argv[1]) : 60;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const double margin = argc > 3 ? std::atof(argv[3]) : 0.03;
  auto made = State::make({{"rules", "standard"}});
  if (!std::holds_alternative<State>(made)) return 1;
  const State start = std::get<State>(made);
  engine::Random rng(seed);
  std::set<std::string> seen;
  std::printf(
      "# Classic Amazons openings (bench/amazons_openings %d %llu %.3f): 2-4 plies drawn "
      "at random,\n# each ply and the end within %.3f of even by evaluate_position, "
      "none in the opening book.\n",
      count, static_cast<unsigned long long>(seed), margin, margin);
  int kept = 0;
  for (long tries = 0; kept < count && tries < 10000000; ++tries) {
    State state = start;
    const int plies = 2 + kept % 3;  // as many of 2, 3 and 4 plies
    std::vector<std::string> actions, notation;
    bool good = true;
    for (int ply = 0; ply < plies && good; ++ply) {
      // The book's positions are left out after the start, whatever its
      // turn there; from the start, its turn is.
      if (ply > 0 && book_of(state)) good = false;
      const std::string book_next = after_book(state);
      const int mover = state.to_move();
      std::vector<State::Action> legal;
      while (good && state.to_move() == mover && !state.over()) {
        state.legal_actions(legal);
        const State::Action action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        actions.push_back(state.action_text(action));
        notation.push_back(state.describe(action, mover).notation);
        state.apply(action);
      }
      good = good && !state.over() && state.serialize() != book_next &&
             std::fabs(first_players_value(state) - 0.5) <= margin;
    }
    if (!good || book_of(state) || !seen.insert(state.serialize()).second) continue;
    std::string line, moves;
    for (std::size_t i = 0; i < actions.size(); ++i) {
      line += (i ? "; " : "") + actions[i];
      moves += notation[i] + (i % 2 == 1 ? " " : "");
    }
    std::printf("%s  # %s(%.3f)\n", line.c_str(), moves.c_str(), first_players_value(state));
    ++kept;
  }
  return kept == count ? 0 : 1;
}
