// Selective alpha-beta search for two-player games, action by action (a
// turn may take several actions: the player to move decides who maximises).
//
// Written against the game contract's Playable (engine/game.hpp). The
// Evaluator returns player 0's value in [0, 1] of a position (not over).
// Every node first evaluates each of its children (that is also the whole
// search one action from the horizon) and searches them best first; nodes
// more than one action from the horizon search only their `width` best
// children. Children after the first are searched with a null window first
// (principal variation search). Iterative deepening, one action at a time,
// orders the root's children by the last depth's values, until the limits
// end it.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/game.hpp"
#include "engine/mcts.hpp"
#include "engine/random.hpp"

namespace engine {

template <Playable Game>
class AlphaBeta {
 public:
  using Action = typename Game::Action;

  // width: how many children (best first) a node searches below the
  // horizon's first action.
  explicit AlphaBeta(int width = 8) : width_(width) {}

  // Searches from `root` (two players, not over) and returns the best
  // action for the player to move. limits.iterations counts evaluations.
  template <typename Evaluator>
  Action search(const Game& root, const SearchLimits& limits, Random& rng, Evaluator&& evaluate) {
    limits_ = limits;
    evaluations_ = 0;
    stopped_ = false;
    depth_ = 0;
    // Each ply's buffers, sized once: a deeper call must not move them.
    children_.resize(kMaxDepth + 1);
    scratch_.assign(kMaxDepth + 1, root);
    std::vector<Scored> order;
    root.legal_actions(actions_);
    for (const Action& a : actions_) order.push_back({a, 0.0});
    std::shuffle(order.begin(), order.end(), rng);  // ties broken at random
    const bool max = root.to_move() == 0;
    Action best = order.front().action;
    for (int depth = 1; depth <= kMaxDepth && !stopped_; ++depth) {
      horizon_ = false;
      double alpha = 0.0, beta = 1.0;
      bool any = false;
      Action found = best;
      for (Scored& child : order) {
        Game& next = scratch_[0];  // a copy without allocating
        next = root;
        next.apply(child.action);
        const double v = any ? scout(next, depth - 1, 1, alpha, beta, max, evaluate)
                             : value(next, depth - 1, 1, alpha, beta, evaluate);
        if (stopped_) break;
        child.value = v;
        if (!any || (max ? v > alpha : v < beta)) found = child.action;
        any = true;
        if (max)
          alpha = std::max(alpha, v);
        else
          beta = std::min(beta, v);
      }
      if (any) best = found;
      if (!stopped_) depth_ = depth;
      // The next depth searches the best first (a child cut off keeps a
      // bound, enough to order by).
      std::stable_sort(order.begin(), order.end(), better(max));
      // One action, or every line searched to the game's end: deeper
      // searches would find the same.
      if (order.size() == 1 || !horizon_) break;
    }
    return best;
  }

  std::int64_t evaluations() const { return evaluations_; }
  int depth() const { return depth_; }  // the last depth searched to the end

 private:
  static constexpr int kMaxDepth = 64;
  static constexpr double kNullWindow = 1e-9;  // values closer than this count as equal

  struct Scored {
    Action action;
    double value;
  };

  // Orders children best first for the maximising player or the other.
  static auto better(bool max) {
    return [max](const Scored& a, const Scored& b) {
      return max ? a.value > b.value : a.value < b.value;
    };
  }

  bool out_of_budget() const {
    if (limits_.iterations > 0) return evaluations_ >= limits_.iterations;
    return (evaluations_ & 63) == 0 && std::chrono::steady_clock::now() >= limits_.deadline;
  }

  // Player 0's value of `game` by the evaluation (or its end); once the
  // budget is spent, stops the search instead.
  template <typename Evaluator>
  double leaf(const Game& game, Evaluator& evaluate) {
    if (game.over()) return game.returns()[0];
    if (out_of_budget()) {
      stopped_ = true;
      return 0.5;
    }
    ++evaluations_;
    return evaluate(game);
  }

  // Player 0's value of `game` searched `depth` more actions (alpha-beta,
  // fail-soft); `ply`: actions from the root.
  template <typename Evaluator>
  double value(const Game& game, int depth, int ply, double alpha, double beta,
               Evaluator& evaluate) {
    if (game.over()) return game.returns()[0];
    if (depth == 0) {
      horizon_ = true;
      return leaf(game, evaluate);
    }
    const bool max = game.to_move() == 0;
    std::vector<Scored>& children = children_[static_cast<std::size_t>(ply)];
    Game& child = scratch_[static_cast<std::size_t>(ply)];
    game.legal_actions(actions_);  // read only until the first call deeper
    children.clear();
    double best = max ? 0.0 : 1.0;
    for (const Action& a : actions_) {
      child = game;
      child.apply(a);
      const double v = leaf(child, evaluate);
      if (stopped_) return best;
      children.push_back({a, v});
      if (depth == 1) {  // the horizon: these are the values
        horizon_ = horizon_ || !child.over();
        best = max ? std::max(best, v) : std::min(best, v);
        if (max ? best >= beta : best <= alpha) return best;
      }
    }
    if (depth == 1) return best;
    const std::size_t searched = std::min(children.size(), static_cast<std::size_t>(width_));
    std::partial_sort(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(searched),
                      children.end(), better(max));
    for (std::size_t i = 0; i < searched; ++i) {
      child = game;
      child.apply(children[i].action);
      const double v = i > 0 ? scout(child, depth - 1, ply + 1, alpha, beta, max, evaluate)
                             : value(child, depth - 1, ply + 1, alpha, beta, evaluate);
      if (stopped_) return best;
      if (max) {
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      } else {
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      if (alpha >= beta) break;
    }
    return best;
  }

  // Principal variation search: a child after the first is searched with a
  // null window at the bound it must beat, which proves it no better more
  // cheaply than finding its value; only one that is better is searched again
  // with the whole window. (Against the search without it, 200 ms a move: 41
  // of 60 classic Amazons games.)
  template <typename Evaluator>
  double scout(const Game& child, int depth, int ply, double alpha, double beta, bool max,
               Evaluator& evaluate) {
    const double v = max ? value(child, depth, ply, alpha, alpha + kNullWindow, evaluate)
                         : value(child, depth, ply, beta - kNullWindow, beta, evaluate);
    if (stopped_ || v <= alpha || v >= beta) return v;
    return value(child, depth, ply, alpha, beta, evaluate);
  }

  int width_;
  SearchLimits limits_;
  std::int64_t evaluations_ = 0;
  bool stopped_ = false;
  bool horizon_ = false;  // this depth evaluated a position not over
  int depth_ = 0;
  std::vector<Action> actions_;
  std::vector<std::vector<Scored>> children_;  // by ply
  std::vector<Game> scratch_;                  // by ply
};

}  // namespace engine
