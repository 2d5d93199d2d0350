// Sword and Shield in the registry: its reference player (greedy) and its
// AI, and uct and random as every game.
#include "games/registry_entry.hpp"
#include "games/sword-and-shield/ai.hpp"
#include "games/sword-and-shield/boards.hpp"
#include "games/sword-and-shield/spec_tests.hpp"
#include "games/sword-and-shield/state.hpp"

namespace games {
namespace {

// Sword and Shield's reference player and AI (sword-and-shield/ai.hpp).
using SasGreedy = ReferenceBot<sword_and_shield::State, &sword_and_shield::greedy_action>;
using SasAi = SearchBot<sword_and_shield::State, sword_and_shield::AiOptions,
                        &sword_and_shield::ai_action, 300>;

std::unique_ptr<Bot<sword_and_shield::State>> sas_bot(std::string_view name,
                                                      const SelfplayOptions& o,
                                                      std::uint64_t seed) {
  if (name == "greedy") return std::make_unique<SasGreedy>(seed);
  if (name == "ai") return std::make_unique<SasAi>(o, seed);
  return generic_bot<sword_and_shield::State>(name, o, seed);
}

// The grader's comparison by position (the specification draws each piece
// with its swords and shields, and the faces as 0 and 1).
BoardRun board_replay(const std::vector<std::string>&, std::string_view input, const std::string&) {
  sword_and_shield::Replay r = sword_and_shield::replay(input);
  return {std::move(r.positions), r.winner, "", std::move(r.refused)};
}
RandomTest board_random_test(std::uint64_t seed, int most_actions) {
  return {{}, sword_and_shield::random_spec_test(seed, most_actions), {}};
}
const BoardRules kBoards = {&board_replay, &sword_and_shield::read_boards,
                            &sword_and_shield::read_winner, &board_random_test,
                            "ten rows of ten cells of three by three characters, faces 0 and 1"};

}  // namespace

GameInfo register_sword_and_shield() {
  GameInfo game = info<sword_and_shield::State, &sas_bot>(
      "sword-and-shield", "Sword and Shield", "two players push and react with armed pieces",
      {"random", "uct", "greedy", "ai"}, {{{{"max_length", "250"}}, 20, 250}},
      GameFacts{.undo = true});
  game.quick.bot = "ai";
  game.board = &kBoards;
  return game;
}

}  // namespace games
