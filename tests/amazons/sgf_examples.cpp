// Writes SGF records of classic Amazons games for a real SGF reader to
// check (sgf_reader_test.js, @sabaki/sgf): random games from a seed, each
// record after a line "# NODES N" (the nodes of moves and placements it
// must have) and ended by a line "%%".
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "engine/random.hpp"
#include "games/amazons/sgf.hpp"
#include "games/amazons/state.hpp"

namespace {

// A random game of `params`, stopped after `stop_after` actions (0: at its
// end), written as SGF; the game's returns and how it ended as given.
void write(const engine::Params& params, std::uint64_t seed, std::size_t stop_after) {
  amazons::State state = std::get<amazons::State>(amazons::State::make(params));
  engine::Random rng(seed);
  std::vector<std::string> texts;
  std::vector<amazons::State::Action> legal;
  int nodes = 0;
  while (!state.over() && (stop_after == 0 || texts.size() < stop_after)) {
    state.legal_actions(legal);
    const auto action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    // A node a placement, and one a turn (its move and its shot together).
    if (action.kind != amazons::State::Action::Kind::Shoot) ++nodes;
    texts.push_back(state.action_text(action));
    state.apply(action);
  }
  const bool ended = state.over();
  engine::Returns returns = ended ? state.returns() : engine::Returns{};
  if (!ended) returns[static_cast<std::size_t>(1 - state.to_move())] = 1;  // a resignation
  const auto sgf = amazons::sgf_record(
      params, texts, returns, ended ? engine::EndedBy::Rules : engine::EndedBy::Resignation,
      "2026-11-29");
  std::cout << "# NODES " << nodes << "\n" << sgf.value_or("(no record)\n") << "%%\n";
}

}  // namespace

int main() {
  write({{"rules", "standard"}}, 1, 0);   // the classic start, played to its end
  write({{"rules", "standard"}}, 2, 31);  // resigned between a move and its shot
  write({{"rules", "standard"}, {"rows", "5"}, {"cols", "7"}, {"amazons", "2"}}, 3, 0);
  write({{"rules", "standard"}, {"rows", "30"}, {"cols", "52"}, {"amazons", "1"}}, 4, 40);
  return 0;
}
