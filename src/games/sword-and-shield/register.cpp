// Sword and Shield in the registry: its reference player (greedy) and its
// AI, and uct and random as every game.
#include "games/registry_entry.hpp"
#include "games/sword-and-shield/ai.hpp"
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

}  // namespace

GameInfo register_sword_and_shield() {
  GameInfo game = info<sword_and_shield::State, &sas_bot>(
      "sword-and-shield", "Sword and Shield", "two players push and react with armed pieces",
      {"random", "uct", "greedy", "ai"}, {{{{"max_length", "250"}}, 20, 250}},
      GameFacts{.undo = true});
  game.quick.bot = "ai";
  return game;
}

}  // namespace games
