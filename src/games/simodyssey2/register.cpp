// SimOdyssey Phase 2 in the registry: the rules and the ETF program of
// SimOdyssey (src/games/simodyssey), its second edition; front ends play it
// in the program's session, started by test(a,j,m,b,p).
#include "games/registry_entry.hpp"
#include "games/simodyssey/boards.hpp"
#include "games/simodyssey/session.hpp"
#include "games/simodyssey/state.hpp"

namespace games {
namespace {

using State = simodyssey::BasicState<simodyssey::kPhase2>;
using Session = simodyssey::BasicSession<simodyssey::kPhase2>;

std::vector<std::string> simodyssey2_start(const engine::Params& p) {
  return {"test(" + p.at("a_threshold") + "," + p.at("j_threshold") + "," + p.at("m_threshold") +
          "," + p.at("b_threshold") + "," + p.at("p_threshold") + ")"};
}

// The grader's comparison by position, SimOdyssey's galaxy.
const BoardRules kBoards = {nullptr, &simodyssey::read_boards, nullptr, nullptr,
                            "five rows of sectors, coordinates over quadrants"};

}  // namespace

GameInfo register_simodyssey2() {
  GameInfo game = info<
      State, &generic_bot<State>,
      &make_etf<State, Session, &simodyssey::grammar_of<simodyssey::kPhase2>, &simodyssey2_start>>(
      "simodyssey2", "SimOdyssey 2", "the galaxy with asteroids and aliens (one player)",
      {"random", "uct"},
      {{{{"max_length", "150"}}, 60, 150},
       {{{"a_threshold", "10"},
         {"j_threshold", "20"},
         {"m_threshold", "40"},
         {"b_threshold", "60"},
         {"p_threshold", "90"},
         {"max_length", "150"}},
        60,
        150}},
      GameFacts{.chance = true, .min_return = 0.0, .return_sum = std::nullopt});
  game.board = &kBoards;
  game.commands = &simodyssey::grammar_of<simodyssey::kPhase2>;
  return game;
}

}  // namespace games
