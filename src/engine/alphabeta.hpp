// Selective alpha-beta search for two-player games, action by action (a
// turn may take several actions: the player to move decides who maximises).
//
// Written against the game contract's Playable (engine/contract.hpp). The
// Evaluator returns player 0's value in [0, 1] of a position (not over).
// Every node first evaluates each of its children (that is also the whole
// search one action from the horizon) and searches them best first; nodes
// more than one action from the horizon search only their `width` best
// children. Children after the first are searched with a null window first
// (principal variation search). Iterative deepening, one action at a time,
// orders the root's children by the last depth's values, until the limits
// end it. For a game with hash() (Hashed), a transposition table keeps each
// node's value or bound and best child: positions met again, or again one
// depth deeper, are settled or searched best child first. (Against the
// search without it, classic Amazons at 200 ms a move: 86 of 100 games.)
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/game.hpp"
#include "engine/mcts.hpp"
#include "engine/random.hpp"

namespace engine {

// A game whose positions have a 64-bit key (equal positions, equal keys),
// which lets AlphaBeta keep a transposition table.
template <typename G>
concept Hashed = requires(const G& game) {
  { game.hash() } -> std::same_as<std::uint64_t>;
};

template <Playable Game>
class AlphaBeta {
 public:
  using Action = typename Game::Action;

  // width: how many children (best first) a node searches below the
  // horizon's first action. table_entries: the transposition table's size
  // (a power of two), for a Hashed game; it lasts as long as the search
  // object, so a second search (the shot after a move) starts from what
  // the first found.
  explicit AlphaBeta(int width = 8, std::size_t table_entries = std::size_t{1} << 18)
      : width_(width), table_entries_(table_entries) {}

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
    if constexpr (Hashed<Game>) table_.resize(table_entries_);
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

  // What the fail-soft value of a node is: exact, or a bound on one side.
  enum class Bound : std::uint8_t { Exact, Lower, Upper };
  struct Entry {
    std::uint64_t key = 0;
    double value = 0;       // player 0's
    Action action{};        // the best child found (the one that cut off)
    std::int8_t depth = 0;  // searched this many actions deeper; 0: empty
    Bound bound = Bound::Exact;
    bool open = false;  // the search below evaluated a position not over
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
    if (game.over()) return win_shares(game.returns(), 2)[0];
    if (out_of_budget()) {
      stopped_ = true;
      return 0.5;
    }
    ++evaluations_;
    return evaluate(game);
  }

  // Player 0's value of `game` searched `depth` more actions (alpha-beta,
  // fail-soft); `ply`: actions from the root. A game with hash() keeps what
  // each node found in the transposition table: a deep enough entry whose
  // bound settles the window is the value, and any entry's best action is
  // searched first, before the node evaluates all its children (at a node
  // that is cut off, it usually saves all of them).
  template <typename Evaluator>
  double value(const Game& game, int depth, int ply, double alpha, double beta,
               Evaluator& evaluate) {
    if (game.over()) return win_shares(game.returns(), 2)[0];
    if (depth == 0) {
      horizon_ = true;
      return leaf(game, evaluate);
    }
    std::optional<Action> hinted;
    std::uint64_t key = 0;
    if constexpr (Hashed<Game>) {
      key = game.hash();
      const Entry& entry = table_[key & (table_.size() - 1)];
      if (entry.key == key && entry.depth > 0) {
        if (entry.depth >= depth && settles(entry, alpha, beta)) {
          horizon_ = horizon_ || entry.open;
          return entry.value;
        }
        hinted = entry.action;
      }
    }
    const bool outer_horizon = horizon_;
    horizon_ = false;
    Action best_action{};
    const double v = expand(game, depth, ply, alpha, beta, hinted, best_action, evaluate);
    if constexpr (Hashed<Game>) {
      if (!stopped_) {
        const Bound bound = v <= alpha ? Bound::Upper : v >= beta ? Bound::Lower : Bound::Exact;
        table_[key & (table_.size() - 1)] = {
            key, v, best_action, static_cast<std::int8_t>(depth), bound, horizon_};
      }
    }
    horizon_ = horizon_ || outer_horizon;
    return v;
  }

  // value()'s search of a node's children: the hinted action first (when it
  // is legal), then every child evaluated; one action from the horizon those
  // are the values, further the `width` best are searched deeper. Sets
  // `best_action` to the child of the value returned.
  template <typename Evaluator>
  double expand(const Game& game, int depth, int ply, double alpha, double beta,
                std::optional<Action> hinted, Action& best_action, Evaluator& evaluate) {
    const bool max = game.to_move() == 0;
    std::vector<Scored>& children = children_[static_cast<std::size_t>(ply)];
    Game& child = scratch_[static_cast<std::size_t>(ply)];
    double best = max ? 0.0 : 1.0;
    const auto take = [&](const Action& a, double v) {  // true: the window closed
      if (max ? v > best : v < best) best_action = a;
      if (max) {
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      } else {
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      return alpha >= beta;
    };
    game.legal_actions(actions_);  // read only until the first call deeper
    best_action = actions_.front();
    if (hinted && std::find(actions_.begin(), actions_.end(), *hinted) == actions_.end())
      hinted.reset();  // another position with the same key
    if (hinted) {
      child = game;
      child.apply(*hinted);
      const double v = depth == 1 ? horizon_leaf(child, evaluate)
                                  : value(child, depth - 1, ply + 1, alpha, beta, evaluate);
      if (stopped_ || take(*hinted, v)) return best;
      if (depth > 1) game.legal_actions(actions_);
    }
    children.clear();
    for (const Action& a : actions_) {
      if (hinted && a == *hinted) continue;
      child = game;
      child.apply(a);
      const double v = depth == 1 ? horizon_leaf(child, evaluate) : leaf(child, evaluate);
      if (stopped_) return best;
      if (depth == 1) {  // the horizon: these are the values
        if (take(a, v)) return best;
      } else {
        children.push_back({a, v});
      }
    }
    if (depth == 1) return best;
    const std::size_t searched =
        std::min(children.size(), static_cast<std::size_t>(width_ - (hinted ? 1 : 0)));
    std::partial_sort(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(searched),
                      children.end(), better(max));
    for (std::size_t i = 0; i < searched; ++i) {
      child = game;
      child.apply(children[i].action);
      const double v = i > 0 || hinted
                           ? scout(child, depth - 1, ply + 1, alpha, beta, max, evaluate)
                           : value(child, depth - 1, ply + 1, alpha, beta, evaluate);
      if (stopped_ || take(children[i].action, v)) return best;
    }
    return best;
  }

  // leaf() of a child one action from the horizon, noting when it is not over.
  template <typename Evaluator>
  double horizon_leaf(const Game& child, Evaluator& evaluate) {
    horizon_ = horizon_ || !child.over();
    return leaf(child, evaluate);
  }

  static bool settles(const Entry& entry, double alpha, double beta) {
    return entry.bound == Bound::Exact || (entry.bound == Bound::Lower && entry.value >= beta) ||
           (entry.bound == Bound::Upper && entry.value <= alpha);
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
  std::size_t table_entries_;
  std::vector<Entry> table_;  // by key modulo its size; a Hashed game's only
};

}  // namespace engine
