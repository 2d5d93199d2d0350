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
//
// With threads > 1 the search is "lazy SMP" (as Stockfish's): every thread
// runs the same iterative deepening from the root, helpers a depth ahead
// and in their own random order, all sharing the transposition table, so
// each finds there what the others settled; the answer is that of the
// thread that completed the deepest search. The evaluator is then called
// from several threads at once. One thread is the default and reproducible.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <thread>
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
  // the first found. threads: searching at once (lazy SMP).
  explicit AlphaBeta(int width = 8, std::size_t table_entries = std::size_t{1} << 18,
                     int threads = 1)
      : width_(width), table_entries_(table_entries), threads_(std::max(threads, 1)) {}

  // Searches from `root` (two players, not over) and returns the best
  // action for the player to move. limits.iterations counts evaluations
  // (the first thread's).
  template <typename Evaluator>
  Action search(const Game& root, const SearchLimits& limits, Random& rng, Evaluator&& evaluate) {
    if constexpr (Hashed<Game>) table_.resize(table_entries_, threads_ > 1);
    stop_.store(false, std::memory_order_relaxed);
    workers_.resize(static_cast<std::size_t>(threads_));
    for (Worker& w : workers_) w.shared = this;
    std::vector<std::thread> helpers;
    if (threads_ > 1) {
      // Helpers stop when the first thread does, whatever its limit.
      SearchLimits helper_limits;
      if (limits.iterations == 0) helper_limits.deadline = limits.deadline;
      for (std::size_t i = 1; i < workers_.size(); ++i) {
        helpers.emplace_back([this, &root, helper_limits, &evaluate, i, seed = rng.next()] {
          Random own(seed);
          workers_[i].iterate(root, helper_limits, own, evaluate, false);
        });
      }
    }
    workers_[0].iterate(root, limits, rng, evaluate, true);
    stop_.store(true, std::memory_order_relaxed);
    for (std::thread& t : helpers) t.join();
    chosen_ = 0;
    for (std::size_t i = 1; i < workers_.size(); ++i)
      if (workers_[i].depth > workers_[chosen_].depth) chosen_ = i;
    return workers_[chosen_].best;
  }

  // Evaluations of the last search, all threads'.
  std::int64_t evaluations() const {
    std::int64_t total = 0;
    for (const Worker& w : workers_) total += w.evaluations;
    return total;
  }
  // The last depth searched to the end (by the thread whose answer it was).
  int depth() const { return workers_.empty() ? 0 : workers_[chosen_].depth; }

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

  // The transposition table, by key modulo its size. Shared by threads, an
  // entry is read and written under a spin lock of its stripe (an entry
  // is too wide to be written at once, and a torn one would mislead).
  class Table {
   public:
    void resize(std::size_t entries, bool locked) {
      if (entries_.size() != entries) entries_.assign(entries, Entry{});
      if (locked && !locks_) locks_ = std::make_unique<std::atomic<bool>[]>(kStripes);
    }
    Entry read(std::uint64_t key) const {
      const std::size_t slot = key & (entries_.size() - 1);
      if (!locks_) return entries_[slot];
      const Hold hold(locks_[slot % kStripes]);
      return entries_[slot];
    }
    void write(const Entry& entry) {
      const std::size_t slot = entry.key & (entries_.size() - 1);
      if (!locks_) {
        entries_[slot] = entry;
        return;
      }
      const Hold hold(locks_[slot % kStripes]);
      entries_[slot] = entry;
    }

   private:
    static constexpr std::size_t kStripes = 4096;
    struct Hold {
      explicit Hold(std::atomic<bool>& lock) : lock_(lock) {
        while (lock_.exchange(true, std::memory_order_acquire))
          while (lock_.load(std::memory_order_relaxed)) {
          }
      }
      ~Hold() { lock_.store(false, std::memory_order_release); }
      std::atomic<bool>& lock_;
    };
    std::vector<Entry> entries_;
    std::unique_ptr<std::atomic<bool>[]> locks_;  // only once shared by threads
  };

  // Orders children best first for the maximising player or the other.
  static auto better(bool max) {
    return [max](const Scored& a, const Scored& b) {
      return max ? a.value > b.value : a.value < b.value;
    };
  }

  static bool settles(const Entry& entry, double alpha, double beta) {
    return entry.bound == Bound::Exact || (entry.bound == Bound::Lower && entry.value >= beta) ||
           (entry.bound == Bound::Upper && entry.value <= alpha);
  }

  // One thread's search and its buffers.
  struct Worker {
    AlphaBeta* shared = nullptr;
    SearchLimits limits;
    std::int64_t evaluations = 0;
    bool stopped = false;
    bool horizon = false;  // this depth evaluated a position not over
    int depth = 0;         // the last depth searched to the end
    Action best{};
    std::vector<Action> actions;
    std::vector<std::vector<Scored>> children;  // by ply
    std::vector<Game> scratch;                  // by ply

    // Iterative deepening, an action at a time, until the limits (or the
    // first thread's end) stop it; `best` is the answer. A helper (not
    // `first`) starts a depth deeper, so that it runs ahead.
    template <typename Evaluator>
    void iterate(const Game& root, const SearchLimits& search_limits, Random& rng,
                 Evaluator& evaluate, bool first) {
      limits = search_limits;
      evaluations = 0;
      stopped = false;
      depth = 0;
      // Each ply's buffers, sized once: a deeper call must not move them.
      children.resize(kMaxDepth + 1);
      scratch.assign(kMaxDepth + 1, root);
      std::vector<Scored> order;
      root.legal_actions(actions);
      for (const Action& a : actions) order.push_back({a, 0.0});
      std::shuffle(order.begin(), order.end(), rng);  // ties broken at random
      const bool max = root.to_move() == 0;
      best = order.front().action;
      for (int d = first ? 1 : 2; d <= kMaxDepth && !stopped; ++d) {
        horizon = false;
        double alpha = 0.0, beta = 1.0;
        bool any = false;
        Action found = best;
        for (Scored& child : order) {
          Game& next = scratch[0];  // a copy without allocating
          next = root;
          next.apply(child.action);
          const double v = any ? scout(next, d - 1, 1, alpha, beta, max, evaluate)
                               : value(next, d - 1, 1, alpha, beta, evaluate);
          if (stopped) break;
          child.value = v;
          if (!any || (max ? v > alpha : v < beta)) found = child.action;
          any = true;
          if (max)
            alpha = std::max(alpha, v);
          else
            beta = std::min(beta, v);
        }
        // A depth left unfinished by the first thread still gives its best
        // so far; a helper's counts only when whole.
        if (any && (!stopped || first)) best = found;
        if (!stopped) depth = d;
        // The next depth searches the best first (a child cut off keeps a
        // bound, enough to order by).
        std::stable_sort(order.begin(), order.end(), better(max));
        // One action, or every line searched to the game's end: deeper
        // searches would find the same.
        if (order.size() == 1 || !horizon) break;
      }
    }

    bool out_of_budget() const {
      if (shared->stop_.load(std::memory_order_relaxed)) return true;
      if (limits.iterations > 0) return evaluations >= limits.iterations;
      return (evaluations & 63) == 0 && std::chrono::steady_clock::now() >= limits.deadline;
    }

    // Player 0's value of `game` by the evaluation (or its end); once the
    // budget is spent, stops the search instead.
    template <typename Evaluator>
    double leaf(const Game& game, Evaluator& evaluate) {
      if (game.over()) return win_shares(game.returns(), 2)[0];
      if (out_of_budget()) {
        stopped = true;
        return 0.5;
      }
      ++evaluations;
      return evaluate(game);
    }

    // Player 0's value of `game` searched `depth` more actions (alpha-beta,
    // fail-soft); `ply`: actions from the root. A game with hash() keeps
    // what each node found in the transposition table: a deep enough entry
    // whose bound settles the window is the value, and any entry's best
    // action is searched first, before the node evaluates all its children
    // (at a node that is cut off, it usually saves all of them).
    template <typename Evaluator>
    double value(const Game& game, int to_go, int ply, double alpha, double beta,
                 Evaluator& evaluate) {
      if (game.over()) return win_shares(game.returns(), 2)[0];
      if (to_go == 0) {
        horizon = true;
        return leaf(game, evaluate);
      }
      std::optional<Action> hinted;
      std::uint64_t key = 0;
      if constexpr (Hashed<Game>) {
        key = game.hash();
        const Entry entry = shared->table_.read(key);
        if (entry.key == key && entry.depth > 0) {
          if (entry.depth >= to_go && settles(entry, alpha, beta)) {
            horizon = horizon || entry.open;
            return entry.value;
          }
          hinted = entry.action;
        }
      }
      const bool outer_horizon = horizon;
      horizon = false;
      Action best_action{};
      const double v = expand(game, to_go, ply, alpha, beta, hinted, best_action, evaluate);
      if constexpr (Hashed<Game>) {
        if (!stopped) {
          const Bound bound = v <= alpha ? Bound::Upper : v >= beta ? Bound::Lower : Bound::Exact;
          shared->table_.write(
              {key, v, best_action, static_cast<std::int8_t>(to_go), bound, horizon});
        }
      }
      horizon = horizon || outer_horizon;
      return v;
    }

    // value()'s search of a node's children: the hinted action first (when
    // it is legal), then every child evaluated; one action from the horizon
    // those are the values, further the `width` best are searched deeper.
    // Sets `best_action` to the child of the value returned.
    template <typename Evaluator>
    double expand(const Game& game, int to_go, int ply, double alpha, double beta,
                  std::optional<Action> hinted, Action& best_action, Evaluator& evaluate) {
      const bool max = game.to_move() == 0;
      std::vector<Scored>& scored = children[static_cast<std::size_t>(ply)];
      Game& child = scratch[static_cast<std::size_t>(ply)];
      double best_value = max ? 0.0 : 1.0;
      const auto take = [&](const Action& a, double v) {  // true: the window closed
        if (max ? v > best_value : v < best_value) best_action = a;
        if (max) {
          best_value = std::max(best_value, v);
          alpha = std::max(alpha, v);
        } else {
          best_value = std::min(best_value, v);
          beta = std::min(beta, v);
        }
        return alpha >= beta;
      };
      game.legal_actions(actions);  // read only until the first call deeper
      best_action = actions.front();
      if (hinted && std::find(actions.begin(), actions.end(), *hinted) == actions.end())
        hinted.reset();  // another position with the same key
      if (hinted) {
        child = game;
        child.apply(*hinted);
        const double v = to_go == 1 ? horizon_leaf(child, evaluate)
                                    : value(child, to_go - 1, ply + 1, alpha, beta, evaluate);
        if (stopped || take(*hinted, v)) return best_value;
        if (to_go > 1) game.legal_actions(actions);
      }
      scored.clear();
      for (const Action& a : actions) {
        if (hinted && a == *hinted) continue;
        child = game;
        child.apply(a);
        const double v = to_go == 1 ? horizon_leaf(child, evaluate) : leaf(child, evaluate);
        if (stopped) return best_value;
        if (to_go == 1) {  // the horizon: these are the values
          if (take(a, v)) return best_value;
        } else {
          scored.push_back({a, v});
        }
      }
      if (to_go == 1) return best_value;
      const std::size_t searched =
          std::min(scored.size(), static_cast<std::size_t>(shared->width_ - (hinted ? 1 : 0)));
      std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(searched),
                        scored.end(), better(max));
      for (std::size_t i = 0; i < searched; ++i) {
        child = game;
        child.apply(scored[i].action);
        const double v = i > 0 || hinted
                             ? scout(child, to_go - 1, ply + 1, alpha, beta, max, evaluate)
                             : value(child, to_go - 1, ply + 1, alpha, beta, evaluate);
        if (stopped || take(scored[i].action, v)) return best_value;
      }
      return best_value;
    }

    // leaf() of a child one action from the horizon, noting when it is not over.
    template <typename Evaluator>
    double horizon_leaf(const Game& child, Evaluator& evaluate) {
      horizon = horizon || !child.over();
      return leaf(child, evaluate);
    }

    // Principal variation search: a child after the first is searched with
    // a null window at the bound it must beat, which proves it no better
    // more cheaply than finding its value; only one that is better is
    // searched again with the whole window. (Against the search without
    // it, 200 ms a move: 41 of 60 classic Amazons games.)
    template <typename Evaluator>
    double scout(const Game& child, int to_go, int ply, double alpha, double beta, bool max,
                 Evaluator& evaluate) {
      const double v = max ? value(child, to_go, ply, alpha, alpha + kNullWindow, evaluate)
                           : value(child, to_go, ply, beta - kNullWindow, beta, evaluate);
      if (stopped || v <= alpha || v >= beta) return v;
      return value(child, to_go, ply, alpha, beta, evaluate);
    }
  };

  int width_;
  std::size_t table_entries_;
  int threads_;
  Table table_;  // a Hashed game's only
  std::atomic<bool> stop_{false};
  std::vector<Worker> workers_;
  std::size_t chosen_ = 0;  // the worker whose answer the last search gave
};

}  // namespace engine
