#include "games/raiinet/ai.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "engine/mcts.hpp"

namespace raiinet {
namespace {

using Action = State::Action;

constexpr int kPlayoutActions = 16;          // moves played before a leaf is valued
constexpr double kPlayoutRandomness = 0.25;  // the share of them that are random
constexpr std::uint32_t kPlayoutNoise = 8;   // added to the heuristic's scores
// Children a node may have: kWidening * sqrt(visits + 1). Searching the
// heuristic's best actions deeper, rather than all of the hundred or so once,
// is what lets twice the budget win (59.5% of 200 games; 49.5% without).
constexpr double kWidening = 2.0;

int forward(int player) {
  return player == 0 ? 1 : -1;
}  // rows toward the far edge

bool adjacent(Coord a, Coord b) {
  return std::abs(a.row - b.row) + std::abs(a.col - b.col) == 1;
}

// Whether an opponent's link is within two squares of one of the player's
// server ports.
bool ports_threatened(const Position& game, int player) {
  const int row = player == 0 ? 0 : kSize - 1;
  for (const Link& l : game.player(1 - player).links) {
    if (!l.on_board()) continue;
    for (int col : {3, 4}) {
      if (std::abs(l.at.row - row) + std::abs(l.at.col - col) <= 2) return true;
    }
  }
  return false;
}

bool next_to_own_port(Coord at, int player) {
  const int row = player == 0 ? 0 : kSize - 1;
  return adjacent(at, {row, 3}) || adjacent(at, {row, 4});
}

double score_move(const Position& game, int me, const Link& link, Direction direction) {
  const Coord d = step(direction);
  const int squares = link.boosted ? 2 : 1;
  const Coord to{link.at.row + d.row * squares, link.at.col + d.col * squares};
  const bool data = link.value.kind == Kind::Data;
  if (!Position::on_board(to)) return data ? 100 : -60;  // off the far edge: its owner downloads it
  if (game.server_port_owner(to) == 1 - me) return data ? -100 : 50;  // the opponent downloads it
  if (const Link* there = game.link_at(to); there && there->owner != me) {
    if (!there->revealed) return -25;                               // a battle in the dark
    const bool win = link.value.strength >= there->value.strength;  // the attacker wins ties
    if (win) return there->value.kind == Kind::Data ? 70 : -40;     // the winner downloads
    return data ? -80 : 15;
  }
  const int advance = (to.row - link.at.row) * forward(me);
  double score = data ? 10.0 * advance : -4.0 * advance;
  if (!data && ports_threatened(game, me) && next_to_own_port(to, me)) score += 15;
  return score;
}

double score_ability(const Position& game, int me, const Action& a) {
  const char kind = game.player(me).cards[static_cast<std::size_t>(a.card - 1)].ability;
  const auto target_id = link_of_letter(a.link);
  const Link* target = target_id ? game.link(*target_id) : nullptr;
  const bool theirs = target && target->owner != me && target->on_board();
  if (kind == 'S' && theirs && !target->revealed) {
    for (const Link& mine : game.player(me).links) {
      if (mine.on_board() && adjacent(mine.at, target->at))
        return mine.value.kind == Kind::Data ? 35 : 30;
    }
  }
  if (kind == 'D' && theirs && target->revealed) return target->value.kind == Kind::Data ? 80 : -50;
  if (kind == 'F' && ports_threatened(game, me) && next_to_own_port(a.square, me)) return 12;
  return -10;
}

// The heuristic's score of a legal action of the player to move.
double heuristic_score(const Position& game, const Action& a) {
  const int me = game.current();
  if (a.ability) return score_ability(game, me, a);
  const auto id = link_of_letter(a.link);
  return id ? score_move(game, me, *game.link(*id), a.direction) : 0.0;
}

// A playout's move: mostly the heuristic's best move (scores a few points
// apart are tied by noise), sometimes a random one, so that playouts look
// like play (with random moves the AI won 60% against the heuristic, with
// these 92%: docs/journal/computer-players.md).
Action playout_action(const State& state, engine::Random& rng) {
  if (rng.chance(kPlayoutRandomness)) return state.random_action(rng);
  const Position& game = state.game();
  const int me = game.current();
  std::optional<Action> best;
  double best_score = 0;
  for (const Link& link : game.player(me).links) {
    if (!link.on_board() || link.frozen) continue;
    for (Direction d : engine::kOrthogonalDirections) {
      if (game.check_step(link, d, link.boosted ? 2 : 1)) continue;
      const double score = score_move(game, me, link, d) + rng.below(kPlayoutNoise);
      if (!best || score > best_score) {
        best = Action{false, 0, letter(me, link.index), 0, d, {}};
        best_score = score;
      }
    }
  }
  return best ? *best : state.random_action(rng);
}

}  // namespace

engine::Returns position_values(const State& state) {
  if (state.over()) return engine::win_shares(state.returns(), 2);
  const Position& game = state.game();
  double strength[2];
  for (int p = 0; p < 2; ++p) {
    const PlayerState& s = game.player(p);
    strength[p] = 3.0 * (s.data - s.viruses);
    for (const Link& l : s.links) {
      if (!l.on_board() || l.value.kind != Kind::Data) continue;
      const int start = p == 0 ? 0 : kSize - 1;
      strength[p] += 0.3 * std::abs(l.at.row - start) / (kSize - 1);
    }
  }
  engine::Returns values{};
  values[0] = 1.0 / (1.0 + std::exp(-(strength[0] - strength[1]) / 2.0));
  values[1] = 1.0 - values[0];
  return values;
}

int worlds_for_budget(const AiOptions& options) {
  std::int64_t more = 0;
  if (options.nodes > 0 && options.world_nodes > 0) more = options.nodes / options.world_nodes;
  if (options.nodes <= 0 && options.world_ms > 0) more = options.time_ms / options.world_ms;
  more = std::min<std::int64_t>(more, std::numeric_limits<int>::max());
  return std::max(options.worlds, static_cast<int>(more));
}

void vote_over_fixed_worlds(AiOptions& options) {
  options.antithetic = false;
  options.by_mean_value = false;
  options.world_ms = 0;
  options.world_nodes = 0;
}

Action heuristic_action(const State& state, engine::Random& rng) {
  std::vector<Action> legal;
  state.legal_actions(legal);
  return *engine::best_of(legal, rng,
                          [&](const Action& a) { return heuristic_score(state.game(), a); });
}

Action ai_action(const State& state, const AiOptions& options) {
  std::vector<Action> legal;
  state.legal_actions(legal);
  if (legal.size() == 1) return legal.front();
  engine::Random rng(options.seed);
  const int viewer = state.to_move();
  const auto end = engine::search_deadline(options.start, options.time_ms);
  // Over the worlds, each legal action's visits, and its values and the
  // worlds whose search made it a child.
  std::vector<std::uint64_t> visits(legal.size(), 0);
  std::vector<double> values(legal.size(), 0.0);
  std::vector<int> worlds(legal.size(), 0);
  engine::Mcts<State> mcts(0.7, kWidening,
                           static_cast<std::uint32_t>(std::max(0, options.opponent_replies)));
  // The heuristic's scores order the actions (the widening searches the
  // best first) and count as a few visits' value.
  const auto prior = [](const State& before, const Action& a) {
    return std::clamp(0.5 + heuristic_score(before.game(), a) / 400.0, 0.2, 0.8);
  };
  const auto evaluate = [](State& leaf, engine::Random& r) {
    for (int i = 0; i < kPlayoutActions && !leaf.over(); ++i) leaf.apply(playout_action(leaf, r));
    return position_values(leaf);
  };
  // Search `w` of `searches`: an equal share of the iterations, or of the time left.
  const auto share = [&](int w, int searches) {
    engine::SearchLimits limits;
    if (options.nodes > 0) {
      limits.iterations = std::max<std::int64_t>(1, options.nodes / searches);
    } else {
      const auto now = std::chrono::steady_clock::now();
      limits.deadline = now + (end - now) / (searches - w);
    }
    return limits;
  };
  if (options.worlds <= 0) {
    return mcts.search_worlds(
        state, share(0, 1), rng, evaluate, prior,
        [viewer](const State& s, engine::Random& r) { return s.resampled(viewer, r); });
  }
  const int world_count = worlds_for_budget(options);
  State world = state;
  for (int w = 0; w < world_count; ++w) {
    world = options.antithetic && w % 2 == 1 ? world.antithetic(viewer, rng)
                                             : state.resampled(viewer, rng);
    const engine::SearchLimits limits = share(w, world_count);
    mcts.search(world, limits, rng, evaluate, prior);
    mcts.for_each_root_child([&](const Action& action, std::uint32_t n, double value) {
      const auto at = std::find(legal.begin(), legal.end(), action);
      if (at == legal.end()) return;
      const auto i = static_cast<std::size_t>(at - legal.begin());
      visits[i] += n;
      values[i] += value;
      ++worlds[i];
    });
  }
  const auto most = std::max_element(visits.begin(), visits.end());
  std::size_t chosen = static_cast<std::size_t>(most - visits.begin());
  if (options.by_mean_value) {
    // The value from a few visits is mostly its prior and noise: only
    // actions searched at least half as much as the most visited compete.
    for (std::size_t i = 0; i < legal.size(); ++i) {
      if (worlds[i] > 0 && 2 * visits[i] >= *most &&
          values[i] / worlds[i] > values[chosen] / worlds[chosen])
        chosen = i;
    }
  }
  return legal[chosen];
}

}  // namespace raiinet
