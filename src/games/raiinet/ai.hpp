// Computer players of RAIInet, under the game contract's actions
// (state.hpp). Both decide from their player's knowledge only.
//   heuristic: the reference player (docs/computer-players.md): advances data, keeps viruses
//              back, attacks only links known to be weaker, scans before
//              risky battles, answers threats to its server ports.
//   ai:        information-set search by determinization: the opponent's
//              unrevealed links (and unused cards) drawn afresh, consistently
//              with what the player has seen (State::resampled), in several
//              worlds, more as the budget grows; Monte-Carlo tree search
//              (engine::Mcts) in each, leaves valued by a short playout
//              (mostly the heuristic's moves) and the downloads and progress
//              then; the action whose value averaged over the worlds is best.
#pragma once

#include <chrono>
#include <cstdint>

#include "engine/random.hpp"
#include "games/raiinet/state.hpp"

namespace raiinet {

struct AiOptions {
  std::int64_t nodes = 0;  // when set: this many search iterations a decision (over all worlds)
  int time_ms = 1000;      // else: the time of a decision, counted from `start`
  std::uint64_t seed = 0;
  // Determinizations a decision, the budget shared between them: fewer,
  // each searched deeper (8 before; docs/journal/ai-journal.md). 0: one tree, each
  // iteration in a world of its own (engine::Mcts::search_worlds, the
  // information-set search; the selfplay bot `ismcts`).
  int worlds = 4;
  // The opponent's replies searched at each of its nodes in a world: the
  // heuristic's first this many (it sees only the opponent's knowledge),
  // since in a drawn world the opponent would see the AI's hidden links
  // (engine::Mcts's opponent_children; docs/journal/ai-journal.md). 0: all.
  int opponent_replies = 0;
  // How the worlds' searches choose (with worlds > 0): true, the action
  // whose value averaged over the worlds is best, as perfect-information
  // Monte Carlo chooses, among those visited at least half as often as the
  // most visited; false (the selfplay bot `ai-vote`, the first `ai`), the
  // action most visited over all worlds. At a second each, the mean won 33
  // of 46 games against the vote (docs/journal/ai-journal.md).
  bool by_mean_value = true;
  // A larger budget searches more worlds rather than deeper ones (with
  // worlds > 0): one world for each `world_ms` of a decision's time, or
  // each `world_nodes` of its iterations, when that gives more than
  // `worlds` (0: never; `ai-vote`). So 4 worlds at a second (about 48,000
  // iterations) and 8 at two.
  int world_ms = 250;
  std::int64_t world_nodes = 12000;
  // Worlds in pairs (with worlds > 0): each odd world the antithetic of the
  // one before (State::antithetic), so that over a pair each hidden link is
  // data as often as a virus. false: the selfplay bot `ai-unpaired`, the
  // second `ai`, which the pairs beat 120 to 77 at 12,000 iterations each
  // (docs/journal/ai-journal.md).
  bool antithetic = true;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

// What a position (with every value known, as in a drawn world) is worth to
// each player, in [0, 1].
engine::Returns position_values(const State& state);

// The worlds a decision of the AI searches (with worlds > 0): `worlds`, or
// one for each `world_ms` of its time or `world_nodes` of its iterations
// when that gives more.
int worlds_for_budget(const AiOptions& options);

// The first `ai` (the selfplay bot `ai-vote`): the action most visited over
// `worlds` worlds, whatever the budget.
void vote_over_fixed_worlds(AiOptions& options);

State::Action heuristic_action(const State& state, engine::Random& rng);
State::Action ai_action(const State& state, const AiOptions& options);

}  // namespace raiinet
