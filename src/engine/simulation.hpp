// The contract's checks (engine/game.hpp), for the random-simulation test of
// every game and for the match runner: at every step, no legal action exactly
// when the game is over, every action's text round-trips, a copy equals the
// original, the state string round-trips; at the end of a game, replaying
// its actions rebuilds it and the game ended within its bound.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/game.hpp"
#include "engine/random.hpp"

namespace engine {

// The first violation of the contract by `state`, if any; `legal` receives
// its legal actions.
template <Game S>
std::optional<std::string> check_state(const S& state, std::vector<typename S::Action>& legal) {
  state.legal_actions(legal);
  if (legal.empty() != state.over()) {
    return std::string(state.over() ? "the game is over but has legal actions"
                                    : "the game is not over but has no legal action");
  }
  if ((state.to_move() == kNoPlayer) != state.over()) {
    return "to_move() is " + std::to_string(state.to_move()) + " while over() is " +
           (state.over() ? "true" : "false");
  }
  if (!state.over() && (state.to_move() < 0 || state.to_move() >= state.players())) {
    return "to_move() " + std::to_string(state.to_move()) + " is not a player";
  }
  for (const auto& action : legal) {
    const std::string text = state.action_text(action);
    const auto back = state.parse_action(text);
    if (!back || !(*back == action)) return "the action text \"" + text + "\" does not round-trip";
  }
  const S copy = state;
  if (!(copy == state)) return "a copy differs from the original";
  const std::string text = state.serialize();
  const auto restored = S::deserialize(text);
  if (!restored || !(*restored == state) || restored->serialize() != text) {
    return "the state string does not round-trip:\n" + text;
  }
  for (int p = 0; p < state.players(); ++p) {
    if (restored->observation(p) != state.observation(p)) {
      return "the state read back from its string shows player " + std::to_string(p) +
             " something else";
    }
  }
  return std::nullopt;
}

template <Game S>
struct PlayedGame {
  S end;
  int length = 0;  // actions played
};

// A game played from `start` by `choose(state, legal)` (an index into the
// legal actions), with check_state before every action and `after(state)`
// (game-specific checks) after each; at the end, replaying the action texts
// from `start` must rebuild the final state. The game played, or the first
// violation.
template <Game S, typename Choose, typename After>
std::variant<PlayedGame<S>, std::string> checked_game(const S& start, int bound, Choose&& choose,
                                                      After&& after) {
  S state = start;
  std::vector<typename S::Action> legal;
  std::vector<std::string> played;
  for (int step = 0;; ++step) {
    if (auto violation = check_state(state, legal)) {
      return "after " + std::to_string(step) + " actions: " + *violation;
    }
    if (state.over()) break;
    if (step >= bound) return "the game did not end within " + std::to_string(bound) + " actions";
    const auto& action = legal[choose(state, legal)];
    played.push_back(state.action_text(action));
    state.apply(action);
    if (auto violation = after(state)) {
      return "after " + played.back() + " (action " + std::to_string(step + 1) + "): " + *violation;
    }
  }
  S replay = start;
  for (const std::string& text : played) {
    const auto action = replay.parse_action(text);
    if (!action) return "replaying: \"" + text + "\" does not parse";
    replay.apply(*action);
  }
  if (!(replay == state)) return "replaying the actions does not rebuild the final state";
  for (int p = 0; p < state.players(); ++p) {
    if (replay.observation(p) != state.observation(p))
      return "the replayed game shows player " + std::to_string(p) + " something else";
  }
  return PlayedGame<S>{std::move(state), static_cast<int>(played.size())};
}

// Uniformly random choices from a seeded generator.
struct RandomChoice {
  Random& rng;
  template <typename S, typename A>
  std::size_t operator()(const S&, const std::vector<A>& legal) const {
    return rng.below(static_cast<std::uint32_t>(legal.size()));
  }
};

}  // namespace engine
