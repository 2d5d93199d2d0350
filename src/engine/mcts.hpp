// Monte-Carlo tree search for games of any number of players, each
// maximising its own value (max^n backups), with UCT selection.
//
// Written against the game contract's Playable (engine/contract.hpp): who is to
// move, the legal actions, apply, and the returns at the end. The Evaluator
// is called on a copy of the game at a new leaf and returns each player's
// value in [0, 1] as Returns (it may play on, e.g. a playout; RandomPlayout
// below plays to the end and gives the players' shares of the win,
// engine::win_shares of the returns).
// The Prior is called on each new child, (game before the action, action),
// and returns a first guess of the action's value for the player to move; it
// counts as kPriorVisits visits until real ones outweigh it.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/game.hpp"
#include "engine/random.hpp"

namespace engine {

struct SearchLimits {
  std::int64_t iterations = 0;  // 0: no limit
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

// When an AI given `time_ms` for a decision from `start` stops searching:
// at 90% of it, which leaves the rest for choosing and answering.
inline std::chrono::steady_clock::time_point search_deadline(
    std::chrono::steady_clock::time_point start, int time_ms) {
  return start + std::chrono::milliseconds(time_ms) * 9 / 10;
}

template <Playable Game>
class Mcts {
 public:
  using Action = typename Game::Action;

  // widening > 0: a node of N visits has at most widening * sqrt(N + 1)
  // children (best prior first), so that a wide node's best actions are
  // searched deeper instead of every action once; 0: no limit.
  // opponent_children > 0: a node where another player than the root's
  // moves has at most this many children (best prior first). In a
  // determinized world (a guess at hidden information) the opponents see the
  // guess as truth; capping their replies to those the prior ranks first
  // (a prior that uses only what its player knows) keeps a longer search
  // from playing against ever more clairvoyant opponents. 0: no cap.
  explicit Mcts(double exploration = 0.7, double widening = 0, std::uint32_t opponent_children = 0)
      : exploration_(exploration), widening_(widening), opponent_children_(opponent_children) {}

  static constexpr double kPriorVisits = 3.0;

  // Searches from `root` and returns the most visited action (root not over).
  template <typename Evaluator>
  Action search(const Game& root, const SearchLimits& limits, Random& rng, Evaluator&& evaluate) {
    return search(root, limits, rng, evaluate, [](const Game&, const Action&) { return 0.5; });
  }

  template <typename Evaluator, typename Prior>
  Action search(const Game& root, const SearchLimits& limits, Random& rng, Evaluator&& evaluate,
                Prior&& prior) {
    return run(
        root, limits, rng, evaluate, prior, [](const Game& g, Random&) { return g; }, false);
  }

  // Information-set search (single-observer ISMCTS): one tree for the
  // player to move at `root`, each iteration played in a world of its own,
  // determinize(root, rng), a guess at what that player cannot see. A
  // node's actions are those legal in the world that first reached it; an
  // iteration passes over those not legal in its world (the root's are
  // legal in every world: its player knows them). Unlike a search per
  // world, no one guess is searched deeper than the others, and the
  // opponents' replies are valued over many worlds, not seen through one.
  template <typename Evaluator, typename Prior, typename Determinize>
  Action search_worlds(const Game& root, const SearchLimits& limits, Random& rng,
                       Evaluator&& evaluate, Prior&& prior, Determinize&& determinize) {
    return run(root, limits, rng, evaluate, prior, determinize, true);
  }

  std::int64_t iterations() const { return iterations_; }
  // The root's children after a search: f(action, visits, value) for each,
  // the value the root's player's mean, its prior counted as kPriorVisits
  // visits (as selection counts it).
  template <typename F>
  void for_each_root_child(F&& f) const {
    for (std::uint32_t c = nodes_.front().first_child; c != kNone; c = nodes_[c].next_sibling) {
      const Node& child = nodes_[c];
      f(child.action, child.visits,
        (child.value + kPriorVisits * child.prior) / (child.visits + kPriorVisits));
    }
  }
  // The bytes the last search's tree holds: its nodes and the actions of
  // its expanded nodes.
  std::size_t memory_bytes() const {
    return nodes_.capacity() * sizeof(Node) + actions_.capacity() * sizeof(Action);
  }

 private:
  template <typename Evaluator, typename Prior, typename Determinize>
  Action run(const Game& root, const SearchLimits& limits, Random& rng, Evaluator& evaluate,
             Prior& prior, Determinize&& determinize, bool worlds) {
    nodes_.clear();
    actions_.clear();
    if (limits.iterations > 0)
      nodes_.reserve(std::min(static_cast<std::size_t>(limits.iterations) + 1, kReservedNodes));
    nodes_.push_back(Node{});
    expand(0, root, rng, prior);
    for (std::int64_t i = 0;; ++i) {
      if (limits.iterations > 0 && i >= limits.iterations) break;
      if ((i & 7) == 0 && i > 0 && std::chrono::steady_clock::now() >= limits.deadline) break;
      if ((i & 1023) == 0 && tree_bytes() >= kMaxTreeBytes) break;
      iterate(determinize(root, rng), rng, evaluate, prior, worlds);
    }
    iterations_ = nodes_.front().visits;
    std::uint32_t best = kNone;
    for (std::uint32_t c = nodes_.front().first_child; c != kNone; c = nodes_[c].next_sibling) {
      if (best == kNone || nodes_[c].visits > nodes_[best].visits) best = c;
    }
    return best == kNone ? actions_.front() : nodes_[best].action;
  }

  static constexpr std::uint32_t kNone = 0xffffffffu;
  // A budget of iterations beyond what memory holds ends the search when its
  // tree (nodes and actions, capacity up to twice that) reaches kMaxTreeBytes,
  // rather than failing to allocate; and only the first kReservedNodes are
  // reserved at once.
  static constexpr std::size_t kMaxTreeBytes = std::size_t{1} << 30;
  static constexpr std::size_t kReservedNodes = std::size_t{1} << 20;

  std::size_t tree_bytes() const {
    return nodes_.size() * sizeof(Node) + actions_.size() * sizeof(Action);
  }

  // A node: the action that led here and what it was worth to the player
  // who chose it (max^n needs no other player's value at a child). An
  // expanded node keeps its legal actions in actions_, best prior first
  // (ties in random order); its children are made one at a time, when
  // selection first picks the next of them, so a node costs only what was
  // visited.
  struct Node {
    Action action{};
    std::uint32_t parent = 0;
    std::uint32_t first_child = kNone;  // the latest made; then next_sibling
    std::uint32_t next_sibling = kNone;
    std::uint32_t actions_begin = 0;  // in actions_
    std::uint32_t action_count = 0;
    std::uint32_t made = 0;  // children made: actions [begin, begin + made)
    std::uint32_t visits = 0;
    float value = 0;  // the chooser's values, summed
    float prior = 0.5f;
    std::int8_t mover = -1;  // who moves here; -1 until expanded
  };

  // One descent from the root, in `game` (the root's position, or a world
  // of it: then below the root only the actions legal in it are chosen).
  template <typename Evaluator, typename Prior>
  void iterate(Game game, Random& rng, Evaluator& evaluate, Prior& prior, bool world) {
    std::uint32_t node = 0;
    while (!game.over()) {
      if (nodes_[node].mover < 0) expand(node, game, rng, prior);
      if (nodes_[node].action_count == 0 || nodes_[node].mover != game.to_move()) break;
      const bool filter = world && node != 0;
      if (filter) game.legal_actions(legal_);
      const std::uint32_t parent = node;
      const std::uint32_t made_before = nodes_[parent].made;
      const std::uint32_t next = select(parent, game, rng, prior, filter ? &legal_ : nullptr);
      if (next == kNone) break;  // none of its actions is legal in this world
      node = next;
      game.apply(nodes_[node].action);
      if (nodes_[parent].made != made_before) break;  // a new child: evaluate from it
    }
    const Returns values = evaluate(game, rng);
    for (std::uint32_t n = node; n != 0; n = nodes_[n].parent) {
      Node& x = nodes_[n];
      ++x.visits;
      x.value += static_cast<float>(values[static_cast<std::size_t>(nodes_[x.parent].mover)]);
    }
    ++nodes_.front().visits;
  }

  // Lists the node's legal actions in actions_, best prior first.
  template <typename Prior>
  void expand(std::uint32_t node, const Game& game, Random& rng, Prior& prior) {
    game.legal_actions(scratch_);
    ranked_.clear();
    for (std::uint32_t i = 0; i < scratch_.size(); ++i)
      ranked_.push_back({static_cast<float>(prior(game, scratch_[i])), rng.next(), i});
    std::sort(ranked_.begin(), ranked_.end(), [](const Ranked& a, const Ranked& b) {
      return a.prior != b.prior ? a.prior > b.prior : a.tie < b.tie;
    });
    Node& n = nodes_[node];
    n.mover = static_cast<std::int8_t>(game.to_move());
    n.actions_begin = static_cast<std::uint32_t>(actions_.size());
    n.action_count = static_cast<std::uint32_t>(scratch_.size());
    for (const Ranked& r : ranked_) actions_.push_back(scratch_[r.index]);
  }

  // UCT over the chooser's values, a child's prior counting as a few
  // visits; the next child not yet made competes with its prior alone, and
  // is made if it wins. Ties broken at random. With `legal`, only children
  // whose action it lists compete (kNone when none does).
  template <typename Prior>
  std::uint32_t select(std::uint32_t node, const Game& game, Random& rng, Prior& prior,
                       const std::vector<Action>* legal) {
    const auto allowed = [legal](const Action& a) {
      return legal == nullptr || std::find(legal->begin(), legal->end(), a) != legal->end();
    };
    const Node& parent = nodes_[node];
    const double log_n = std::log(static_cast<double>(parent.visits) + 1.0);
    std::uint32_t best = kNone;
    double best_score = -std::numeric_limits<double>::infinity();
    std::uint32_t ties = 0;
    const auto consider = [&](std::uint32_t candidate, double q, double n) {
      const double score = q + exploration_ * std::sqrt(log_n / (n + 1.0));
      if (score > best_score) {
        best_score = score;
        best = candidate;
        ties = 1;
      } else if (score == best_score && rng.below(++ties) == 0) {
        best = candidate;
      }
    };
    for (std::uint32_t c = parent.first_child; c != kNone; c = nodes_[c].next_sibling) {
      const Node& child = nodes_[c];
      if (!allowed(child.action)) continue;
      const double n = static_cast<double>(child.visits);
      consider(c, (child.value + kPriorVisits * child.prior) / (n + kPriorVisits), n);
    }
    float next_prior = 0;
    const bool capped = opponent_children_ > 0 && parent.mover != nodes_.front().mover &&
                        parent.made >= opponent_children_;
    const bool may_widen =
        !capped && (widening_ <= 0 || parent.made < widening_ * std::sqrt(parent.visits + 1.0));
    bool offered = false;
    if (parent.made < parent.action_count && may_widen) {
      const Action& next = actions_[parent.actions_begin + parent.made];
      if (allowed(next)) {
        next_prior = static_cast<float>(prior(game, next));
        consider(kNone, next_prior, 0.0);
        offered = true;
      }
    }
    if (best != kNone || !offered) return best;
    return make_child(node, next_prior);
  }

  std::uint32_t make_child(std::uint32_t node, float child_prior) {
    Node child;
    child.action = actions_[nodes_[node].actions_begin + nodes_[node].made];
    child.parent = node;
    child.prior = child_prior;
    child.next_sibling = nodes_[node].first_child;
    const auto index = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(child);
    nodes_[node].first_child = index;
    ++nodes_[node].made;
    return index;
  }

  struct Ranked {
    float prior;
    std::uint64_t tie;
    std::uint32_t index;
  };

  double exploration_;
  double widening_;
  std::uint32_t opponent_children_;
  std::vector<Node> nodes_;
  std::vector<Action> actions_;
  std::vector<Action> scratch_;
  std::vector<Action> legal_;  // the legal actions at a node of a world's descent
  std::vector<Ranked> ranked_;
  std::int64_t iterations_ = 0;
};

// An evaluator for any game: random actions to the end (random_action).
struct RandomPlayout {
  template <Playable Game>
  Returns operator()(Game& game, Random& rng) const {
    std::vector<typename Game::Action> scratch;
    while (!game.over()) game.apply(random_action(game, rng, scratch));
    return win_shares(game.returns(), game.players());
  }
};

}  // namespace engine
