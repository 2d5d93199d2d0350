#include "games/sword-and-shield/spec_tests.hpp"

#include <algorithm>

#include "engine/random.hpp"
#include "games/sword-and-shield/ai.hpp"
#include "games/sword-and-shield/state.hpp"

namespace sword_and_shield {
namespace {

// Whether the specification fixes what `action` does, so that any program
// written to it must agree with ours: every action but a reaction's choice,
// and none after which a choice waits.
bool within_specification(const State& state, const State::Action& action) {
  if (action.kind == State::Action::Kind::React) return false;
  State after = state.for_search();
  after.apply(action);
  return after.game().phase() != Phase::Reaction;
}

}  // namespace

std::vector<std::string> random_spec_test(std::uint64_t seed, int most_actions) {
  engine::Random rng(seed);
  State state(Position(), 1'000'000);
  std::vector<std::string> commands;
  const int actions = rng.between(1, std::max(1, most_actions));
  std::vector<State::Action> legal;
  bool reacted = false;  // whether the last action's reactions did something
  for (int n = 0; n < actions && !state.over(); ++n) {
    // Undo where it has most to put back: one in three after reactions.
    if (state.can_undo() && rng.below(reacted ? 3 : 12) == 0) {
      commands.emplace_back("undo");
      state.undo();
      reacted = false;
      continue;
    }
    state.legal_actions(legal);
    std::erase_if(legal, [&](const State::Action& a) { return !within_specification(state, a); });
    if (legal.empty()) break;
    State::Action action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    if (rng.below(2)) {
      const State::Action chosen = greedy_action(state, rng);
      if (within_specification(state, chosen)) action = chosen;
    }
    commands.push_back(state.action_text(action));
    state.apply(action);
    reacted = !state.game().events().empty();
  }
  return commands;
}

}  // namespace sword_and_shield
