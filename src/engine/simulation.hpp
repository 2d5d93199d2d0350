// The contract's checks (engine/contract.hpp), for the random-simulation test of
// every game and for the match runner: at every step, no legal action exactly
// when the game is over, every action's text round-trips, a copy equals the
// original, the state string round-trips, and (Encoded) every legal action
// has its own id in the action space, which names it back (and describes
// it, with that id, its text, a label and a notation), and every
// player's tensor has the game's shape, values in [0, 1], and is the same
// read back; at the end of a game, replaying its actions rebuilds it and
// the game ended within its bound.
#pragma once

#include <cmath>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "engine/game.hpp"
#include "engine/random.hpp"

namespace engine {

// The first violation of the fixed action space and the tensors by
// `state` (whose legal actions are `legal`, and which reads back as
// `restored`), if any.
template <Game S>
std::optional<std::string> check_encoding(const S& state, const S& restored,
                                          const std::vector<typename S::Action>& legal) {
  if constexpr (Encoded<S>) {
    const int n = state.num_distinct_actions();
    if (n <= 0 || restored.num_distinct_actions() != n)
      return "num_distinct_actions() is " + std::to_string(n) + ", read back " +
             std::to_string(restored.num_distinct_actions());
    std::set<int> ids;
    for (const auto& action : legal) {
      const int id = state.action_id(action);
      const std::string text = state.action_text(action);
      if (id < 0 || id >= n) return "\"" + text + "\" has id " + std::to_string(id);
      if (!ids.insert(id).second) return "two legal actions have id " + std::to_string(id);
      const auto back = state.action_of_id(id);
      if (!back || !(*back == action)) return "the id of \"" + text + "\" does not name it back";
      if constexpr (Described<S>) {
        const MoveData move = state.describe(action, state.to_move());
        if (move.id != id || move.action != text || move.label.empty() || move.notation.empty())
          return "\"" + text + "\" is described as \"" + move.action + "\" (id " +
                 std::to_string(move.id) + "), label \"" + move.label + "\"";
      }
    }
    const std::vector<int> shape = state.observation_shape();
    if (shape.empty() || shape != restored.observation_shape()) return "the tensor's shape changes";
    for (int d : shape)
      if (d <= 0) return std::string("the tensor's shape has a dimension of 0");
    std::vector<float> tensor(tensor_size(shape), -1.0f), again(tensor.size(), -1.0f);
    for (int p = kNoPlayer; p < state.players(); ++p) {
      state.observation_tensor(p, tensor);
      restored.observation_tensor(p, again);
      for (float v : tensor) {
        if (!(v >= 0.0f && v <= 1.0f) || !std::isfinite(v))
          return "player " + std::to_string(p) + "'s tensor holds " + std::to_string(v);
      }
      if (tensor != again)
        return "the state read back from its string gives player " + std::to_string(p) +
               " another tensor";
    }
  }
  return std::nullopt;
}

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
  return check_encoding(state, *restored, legal);
}

// The convention of Returns at a game's end: of two or more players, each
// return in [-1, 1], adding up to 0; nothing is asked of a game of one.
template <Game S>
std::optional<std::string> check_returns(const S& state) {
  if (state.players() < 2) return std::nullopt;
  const Returns r = state.returns();
  double sum = 0;
  for (int p = 0; p < state.players(); ++p) {
    const double v = r[static_cast<std::size_t>(p)];
    if (v < -1.0 || v > 1.0)
      return "player " + std::to_string(p) + "'s return " + std::to_string(v) +
             " is outside [-1, 1]";
    sum += v;
  }
  if (std::abs(sum) > 1e-9)
    return "the returns add up to " + std::to_string(sum) + ", not 0 (engine::Returns)";
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
  if (auto violation = check_returns(state)) return "at the end: " + *violation;
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
