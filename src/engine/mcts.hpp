// Monte-Carlo tree search for games of any number of players, each
// maximising its own value (max^n backups), with UCT selection.
//
// Written against the game contract's Playable (engine/game.hpp): who is to
// move, the legal actions, apply, and the returns at the end. The Evaluator
// is called on a copy of the game at a new leaf and returns each player's
// value in [0, 1] as Returns (it may play on, e.g. a playout; random_playout
// below plays to the end).
// The Prior is called on each new child, (game before the action, action),
// and returns a first guess of the action's value for the player to move; it
// counts as kPriorVisits visits until real ones outweigh it.
#pragma once

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

template <Playable Game>
class Mcts {
 public:
  using Action = typename Game::Action;
  using Values = Returns;

  explicit Mcts(double exploration = 0.7) : exploration_(exploration) {}

  // Searches from `root` and returns the most visited action (root not over).
  static constexpr double kPriorVisits = 3.0;

  template <typename Evaluator>
  Action search(const Game& root, const SearchLimits& limits, Random& rng, Evaluator&& evaluate) {
    return search(root, limits, rng, evaluate, [](const Game&, const Action&) { return 0.5; });
  }

  template <typename Evaluator, typename Prior>
  Action search(const Game& root, const SearchLimits& limits, Random& rng, Evaluator&& evaluate,
                Prior&& prior) {
    nodes_.clear();
    nodes_.push_back(Node{});
    players_ = root.players();
    std::vector<Action> actions;
    for (std::int64_t i = 0;; ++i) {
      if (limits.iterations > 0 && i >= limits.iterations) break;
      if ((i & 7) == 0 && i > 0 && std::chrono::steady_clock::now() >= limits.deadline) break;
      iterate(root, rng, evaluate, prior, actions);
    }
    iterations_ = nodes_.front().visits;
    const Node& top = nodes_.front();
    std::uint32_t best = top.first_child;
    for (std::uint32_t c = top.first_child; c < top.first_child + top.children; ++c) {
      if (nodes_[c].visits > nodes_[best].visits) best = c;
    }
    return nodes_[best].action;
  }

  std::int64_t iterations() const { return iterations_; }

 private:
  struct Node {
    Action action{};
    std::uint32_t parent = 0;
    std::uint32_t first_child = 0;
    std::uint32_t children = 0;
    std::uint32_t visits = 0;
    int mover = 0;  // the player to move at this node
    bool expanded = false;
    float prior = 0.5f;
    Values sum{};
  };

  template <typename Evaluator, typename Prior>
  void iterate(const Game& root, Random& rng, Evaluator& evaluate, Prior& prior,
               std::vector<Action>& actions) {
    Game game = root;
    std::uint32_t node = 0;
    while (nodes_[node].expanded && nodes_[node].children > 0 && !game.over()) {
      node = select(node, rng);
      game.apply(nodes_[node].action);
    }
    if (!game.over() && !nodes_[node].expanded) {
      nodes_[node].expanded = true;
      nodes_[node].mover = game.to_move();
      game.legal_actions(actions);
      const auto first = static_cast<std::uint32_t>(nodes_.size());
      nodes_[node].first_child = first;
      nodes_[node].children = static_cast<std::uint32_t>(actions.size());
      for (const Action& a : actions) {
        Node child;
        child.action = a;
        child.parent = node;
        child.prior = static_cast<float>(prior(game, a));
        nodes_.push_back(child);
      }
      if (!actions.empty()) {
        node = select(node, rng);
        game.apply(nodes_[node].action);
      }
    }
    const Values values = evaluate(game, rng);
    for (std::uint32_t n = node;; n = nodes_[n].parent) {
      Node& x = nodes_[n];
      ++x.visits;
      for (int p = 0; p < players_; ++p)
        x.sum[static_cast<std::size_t>(p)] += values[static_cast<std::size_t>(p)];
      if (n == 0) break;
    }
  }

  // UCT over the mover's values, each child's prior counting as a few
  // visits; ties (e.g. among the unvisited) broken at random.
  std::uint32_t select(std::uint32_t node, Random& rng) {
    const Node& parent = nodes_[node];
    const double log_n = std::log(static_cast<double>(parent.visits) + 1.0);
    const auto me = static_cast<std::size_t>(parent.mover);
    std::uint32_t best = parent.first_child;
    double best_score = -std::numeric_limits<double>::infinity();
    std::uint32_t ties = 0;
    for (std::uint32_t c = parent.first_child; c < parent.first_child + parent.children; ++c) {
      const Node& child = nodes_[c];
      const double n = static_cast<double>(child.visits);
      const double q = (child.sum[me] + kPriorVisits * child.prior) / (n + kPriorVisits);
      const double score = q + exploration_ * std::sqrt(log_n / (n + 1.0));
      if (score > best_score) {
        best_score = score;
        best = c;
        ties = 1;
      } else if (score == best_score && rng.below(++ties) == 0) {
        best = c;
      }
    }
    return best;
  }

  double exploration_;
  int players_ = 0;
  std::vector<Node> nodes_;
  std::int64_t iterations_ = 0;
};

// An evaluator for any game: random actions to the end (random_action).
struct RandomPlayout {
  template <Playable Game>
  Returns operator()(Game& game, Random& rng) const {
    std::vector<typename Game::Action> scratch;
    while (!game.over()) game.apply(random_action(game, rng, scratch));
    return game.returns();
  }
};

}  // namespace engine
