// RAIInet in the registry: its reference player and its AI, both deciding
// from their player's knowledge only, and the AI's variants kept for
// comparison. No uct: it would see the opponent's hidden links.
#include "games/raiinet/ai.hpp"
#include "games/raiinet/boards.hpp"
#include "games/raiinet/spec_tests.hpp"
#include "games/raiinet/state.hpp"
#include "games/registry_entry.hpp"

namespace games {
namespace {

// RAIInet's reference player and AI (raiinet/ai.hpp): both decide from
// their player's knowledge only.
using RaiinetHeuristic = ReferenceBot<raiinet::State, &raiinet::heuristic_action>;
using RaiinetAi = SearchBot<raiinet::State, raiinet::AiOptions, &raiinet::ai_action, 400>;

// `ai` with one option changed, measured against it (docs/computer-players.md, and the journal):
// the information-set search (one tree, a world drawn for each iteration: AiOptions::worlds 0), the
// first `ai`, choosing the action most visited over four worlds whatever the budget
// (raiinet::vote_over_fixed_worlds), and the second, its worlds drawn each on its own
// (AiOptions::antithetic false).
template <void (*Vary)(raiinet::AiOptions&)>
raiinet::State::Action raiinet_varied_action(const raiinet::State& s,
                                             const raiinet::AiOptions& options) {
  raiinet::AiOptions varied = options;
  Vary(varied);
  return raiinet::ai_action(s, varied);
}
void one_tree(raiinet::AiOptions& o) {
  o.worlds = 0;
}
using RaiinetIsmcts =
    SearchBot<raiinet::State, raiinet::AiOptions, &raiinet_varied_action<&one_tree>, 400>;
void unpaired_worlds(raiinet::AiOptions& o) {
  o.antithetic = false;
}
using RaiinetUnpaired =
    SearchBot<raiinet::State, raiinet::AiOptions, &raiinet_varied_action<&unpaired_worlds>, 400>;
using RaiinetVote = SearchBot<raiinet::State, raiinet::AiOptions,
                              &raiinet_varied_action<&raiinet::vote_over_fixed_worlds>, 400>;

// No uct for RAIInet: it would see the opponent's hidden links.
std::unique_ptr<Bot<raiinet::State>> raiinet_bot(std::string_view name, const SelfplayOptions& o,
                                                 std::uint64_t seed) {
  if (name == "random") return std::make_unique<RandomBot<raiinet::State>>(seed);
  if (name == "heuristic") return std::make_unique<RaiinetHeuristic>(seed);
  if (name == "ai") return std::make_unique<RaiinetAi>(o, seed);
  if (name == "ismcts") return std::make_unique<RaiinetIsmcts>(o, seed);
  if (name == "ai-vote") return std::make_unique<RaiinetVote>(o, seed);
  if (name == "ai-unpaired") return std::make_unique<RaiinetUnpaired>(o, seed);
  return nullptr;
}

// The grader's comparison by position (the specification fixes the board).
BoardRun board_replay(const std::vector<std::string>& args, std::string_view input,
                      const std::string& folder) {
  raiinet::Replay r = raiinet::replay(args, input, folder);
  return {std::move(r.positions), r.winner, std::move(r.problem), std::move(r.refused)};
}
RandomTest board_random_test(std::uint64_t seed, int most_actions) {
  raiinet::SpecTest t = raiinet::random_spec_test(seed, most_actions);
  return {std::move(t.args), std::move(t.commands), std::move(t.files)};
}
const BoardRules kBoards = {&board_replay, &raiinet::read_boards, &raiinet::read_winner,
                            &board_random_test, "eight rows of eight"};

}  // namespace

GameInfo register_raiinet() {
  GameInfo game = info<raiinet::State, &raiinet_bot>(
      "raiinet", "RAIInet", "two players, hidden links, data and viruses",
      {"random", "heuristic", "ai", "ismcts", "ai-vote", "ai-unpaired"},
      {{{{"seed", "5"}, {"ability1", "LFDSP"}, {"ability2", "EZHLP"}, {"max_length", "300"}},
        6,
        300}},
      GameFacts{.hidden = true});
  game.quick.bot = "ai";
  game.board = &kBoards;
  return game;
}

}  // namespace games
