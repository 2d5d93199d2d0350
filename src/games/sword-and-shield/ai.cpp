#include "games/sword-and-shield/ai.hpp"

#include <cmath>

#include "engine/mcts.hpp"

namespace sas {
namespace {

constexpr int kPlayoutActions = 12;  // random actions before a leaf is valued

using Action = State::Action;

// The state after `action` and, while it is still the player's turn, passes.
State after_turn(const State& state, const Action& action) {
  State next = state.for_search();
  const int player = state.to_move();
  next.apply(action);
  for (int guard = 0; guard < 4 && !next.over() && next.to_move() == player &&
                      next.game().phase() != Phase::Reaction;
       ++guard) {
    next.apply({Action::Kind::Pass, 0, 0, 0});
  }
  return next;
}

}  // namespace

engine::Returns position_values(const State& state) {
  if (state.over()) return state.returns();
  engine::Returns values{};
  values[0] = 1.0 / (1.0 + std::exp(-material(state.game(), 0) / 2.0));
  values[1] = 1.0 - values[0];
  return values;
}

Action greedy_action(const State& state, engine::Random& rng) {
  std::vector<Action> legal;
  state.legal_actions(legal);
  const auto player = static_cast<std::size_t>(state.to_move());
  return *engine::best_of(legal, rng, [&](const Action& action) {
    return position_values(after_turn(state, action))[player];
  });
}

Action ai_action(const State& state, const AiOptions& options) {
  std::vector<Action> legal;
  state.legal_actions(legal);
  if (legal.size() == 1) return legal.front();
  engine::Random rng(options.seed);
  engine::SearchLimits limits;
  if (options.nodes > 0) {
    limits.iterations = options.nodes;
  } else {
    limits.deadline = options.start + std::chrono::milliseconds(options.time_ms * 9 / 10);
  }
  const auto evaluate = [](State& leaf, engine::Random& r) {
    std::vector<Action> scratch;
    for (int i = 0; i < kPlayoutActions && !leaf.over(); ++i)
      leaf.apply(engine::random_action(leaf, r, scratch));
    return position_values(leaf);
  };
  engine::Mcts<State> mcts(0.7);
  return mcts.search(state.for_search(), limits, rng, evaluate);
}

}  // namespace sas
