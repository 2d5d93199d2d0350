// SimOdyssey in the registry: front ends play it in its ETF program's
// session (one copy of the game: the program's), started by test(N).
#include "games/registry_entry.hpp"
#include "games/simodyssey/boards.hpp"
#include "games/simodyssey/session.hpp"
#include "games/simodyssey/state.hpp"

namespace games {
namespace {

std::vector<std::string> simodyssey_start(const engine::Params& p) {
  return {"test(" + p.at("threshold") + ")"};
}

// The grader's comparison by position: the boards of the expected output
// (the oracle's transcript), each after its command.
const BoardRules kBoards = {nullptr, &simodyssey::read_boards, nullptr, nullptr,
                            "five rows of sectors, coordinates over quadrants"};

}  // namespace

GameInfo register_simodyssey() {
  GameInfo game = info<
      simodyssey::State, &generic_bot<simodyssey::State>,
      &make_etf<simodyssey::State, simodyssey::Session, &simodyssey::grammar, &simodyssey_start>>(
      "simodyssey", "SimOdyssey", "explore a galaxy in search of life (one player)",
      {"random", "uct"}, {{{{"threshold", "30"}, {"max_length", "150"}}, 100, 150}},
      GameFacts{.chance = true, .min_return = 0.0, .return_sum = std::nullopt});
  game.board = &kBoards;
  game.commands = &simodyssey::grammar;
  return game;
}

}  // namespace games
