// Computer players of Sword and Shield, under the game contract's actions
// (state.hpp): a turn is a creation (or pass), any number of moves and
// rotations, the choices of reactions, and a pass; each player here picks
// one action at a time and so plays whole turns.
//   greedy: the action after which, the turn ended, its material is best.
//   ai:     alpha-beta search (engine::AlphaBeta) over the actions, deeper
//           as long as its time lasts, each position valued by its
//           attack_score: it plays for the face, not only for material.
#pragma once

#include <chrono>
#include <cstdint>

#include "engine/random.hpp"
#include "games/sword-and-shield/state.hpp"

namespace sword_and_shield {

struct AiOptions {
  std::int64_t nodes = 0;  // when set: this many search iterations a decision, no clock
  int time_ms = 1000;      // else: the time of a decision, counted from `start`
  std::uint64_t seed = 0;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

// What the position is worth to each player, in [0, 1]: the winner's 1, or
// the material balance through a logistic curve.
engine::Returns position_values(const State& state);

// Yellow's score in pieces, for the AI: the material, each sword piece on
// the board worth up to one more the nearer it stands to the opponent's face,
// and a sword next to that face worth three when its player is to move (a
// rotation wins) or one after the turn (the opponent must answer it).
double attack_score(const Position& game);

State::Action greedy_action(const State& state, engine::Random& rng);
State::Action ai_action(const State& state, const AiOptions& options);

}  // namespace sword_and_shield
