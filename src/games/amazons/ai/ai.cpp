#include "games/amazons/ai/ai.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/alphabeta.hpp"
#include "engine/mcts.hpp"
#include "games/amazons/ai/book.hpp"
#include "games/amazons/ai/flood.hpp"
#include "games/amazons/ai/player.hpp"

namespace amazons {
namespace {

double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

// The searches' weights (measured with bench/amazons_strength).
struct Tuning {
  double potential = 0.4;  // treasure in one's territory, as a share of treasure in hand
  double territory = 0.1;  // a square of territory, in treasure
  int playout = 4;         // extended: random actions before the evaluation
  // The extended game's values are shares of the players' strength, which
  // differ by hundredths between moves: at 0.7 (the classic tree search's) it
  // spread its visits almost evenly (81 of 100 games against two greedy
  // players at 200 ms a move; 0.35: 85; 0.2: 90).
  double extended_exploration = 0.2;
};

const Tuning& tuning() {
  static constexpr Tuning kTuning;
  return kTuning;
}

Coord coord_of(const LineBoard& b, int sq) {
  return {b.row_of(sq), b.col_of(sq)};
}

// Plays one decision after another for the player to move until their turn
// is over, collecting it as a Turn.
template <typename Decide>
Turn collect_turn(FastGame game, Decide&& decide) {
  Turn turn;
  while (true) {
    const bool shot = game.awaiting_shot();
    const Action a = decide(game);
    if (!shot) {
      if (turn.steps.empty()) turn.from = coord_of(game.board(), a.from);
      turn.steps.push_back(Step{coord_of(game.board(), a.to), std::nullopt});
    } else if (!a.no_shot) {
      turn.steps.back().target = coord_of(game.board(), a.to);
    }
    game.apply(a);
    // The turn goes on with the shot after a move, and with another move
    // after a horse; otherwise (a broken arrow's move included) it is over.
    if (game.over() || (!game.awaiting_shot() && !game.continuing())) return turn;
  }
}

// The classic game's evaluation (after Lieberum's, as used by Invader): who
// reaches each empty square first by queen moves (t1) and by king moves
// (t2), how much sooner (c1, c2), and how hemmed in the amazons are,
// weighted by how far the game has come (territory counts for more as it
// settles).
// For the first player, in squares; a square both reach as soon leans to
// the player who moves next. Against the queen territory alone it won 77
// of 120 games (100 ms a move).
//
// The distances come from floods (flood.hpp): layer d of a player is the
// squares first reached in d moves (or steps), both players' layers grown
// side by side, so each term is a sum of bit counts over layers:
//   t1, t2: layer d of one player less what the other reached by d;
//   c1 = 2 * sum 2^-d (squares at d of one player - of the other);
//   c2 = sum over squares of clamp((k1 - k0) / 6, -1, 1)
//      = 1/6 * sum over j = 1..6 of #(k1 >= k0 + j) - #(k0 >= k1 + j),
//   where #(k1 >= k0 + j) sums over the layers d of player 0 the squares
//   player 1 has not reached by d + j - 1 (or never reaches).
template <typename Flood>
typename Flood::Set amazons_of(const FastGame& game, int player, const Flood& flood) {
  typename Flood::Set amazons;
  const LineBoard& board = game.board();
  for (int a : game.amazons(player)) amazons.set(flood.bit(board.row_of(a), board.col_of(a)));
  return amazons;
}

template <typename Flood>
ClassicTerms classic_terms_flood(const FastGame& game) {
  using Set = typename Flood::Set;
  const LineBoard& board = game.board();
  const Flood flood(board.rows(), board.cols());
  const Set open = flood.free_squares(board);
  std::array<Set, 2> queen_reached, queen_layer, king_reached, king_layer;
  for (int p = 0; p < 2; ++p)
    queen_reached[p] = queen_layer[p] = king_reached[p] = king_layer[p] =
        amazons_of(game, p, flood);
  const int next = game.awaiting_shot() ? 1 - game.to_move() : game.to_move();
  const double tie = next == 0 ? 0.2 : -0.2;
  // Squares first reached by `p`'s new layer and not by the other by then,
  // less the other way round, plus the tie's lean on squares both reach now.
  const auto first = [&](const std::array<Set, 2>& layer, const std::array<Set, 2>& reached) {
    return (layer[0] & ~reached[1]).count() - (layer[1] & ~reached[0]).count() +
           tie * (layer[0] & layer[1]).count();
  };
  double t1 = 0, c1 = 0;
  for (int d = 1; !queen_layer[0].empty() || !queen_layer[1].empty(); ++d) {
    for (int p = 0; p < 2; ++p) {
      queen_layer[p] = flood.queen_step(queen_layer[p], open) & ~queen_reached[p];
      queen_reached[p] |= queen_layer[p];
    }
    t1 += first(queen_layer, queen_reached);
    c1 += 2.0 * std::ldexp(queen_layer[0].count() - queen_layer[1].count(), -d);
  }
  // The king floods keep their last six layers for c2, which goes on five
  // steps past the last new square (its layer's j = 6).
  constexpr int kReach = 6;
  std::array<std::array<Set, kReach>, 2> recent{};
  double t2 = 0;
  int c2_sixths = 0;
  for (int t = 1, last = 0; t < last + kReach; ++t) {
    for (int p = 0; p < 2; ++p) {
      king_layer[p] = flood.king_step(king_layer[p], open) & ~king_reached[p];
      king_reached[p] |= king_layer[p];
      recent[p][static_cast<std::size_t>(t % kReach)] = king_layer[p];
    }
    t2 += first(king_layer, king_reached);
    if (!king_layer[0].empty() || !king_layer[1].empty()) last = t;
    for (int j = 1; j <= kReach && t - j + 1 >= 1; ++j) {
      const auto d = static_cast<std::size_t>((t - j + 1) % kReach);
      c2_sixths +=
          (recent[0][d] & ~king_reached[1]).count() - (recent[1][d] & ~king_reached[0]).count();
    }
  }
  // Squares neither player ever reaches count nowhere; one reaches and the
  // other never does: counted above in every j (+-1).
  const double c2 = c2_sixths / 6.0;
  double mobility = 0;
  for (int p = 0; p < 2; ++p) {
    for (int a : game.amazons(p)) {
      // A hemmed-in amazon costs much more than a free one gains.
      const double m = std::min(board.queen_count(a), 12);
      mobility -= (p == 0 ? 1.0 : -1.0) * (12.0 - m) * (12.0 - m) / 12.0;
    }
  }
  const double progress = 1.0 - static_cast<double>(open.count()) / board.squares();
  return {{t1, t2, c1, c2, mobility}, progress};
}

// The extended game's territory: for each player, the empty squares it
// reaches in fewer queen moves than every other player, and the treasure
// (a horse counting 1.5) on them.
struct Territory {
  std::array<double, FastGame::kMaxPlayers> squares{}, treasure{};
};

template <int Words>
Territory territory_flood(const FastGame& game) {
  using Set = Bits<Words>;
  const LineBoard& board = game.board();
  const Flood<Words> flood(board.rows(), board.cols());
  const int players = game.players();
  const Set open = flood.free_squares(board);
  Set decided;  // reached by someone in fewer moves
  std::array<Set, FastGame::kMaxPlayers> reached{}, layer{};
  for (int p = 0; p < players; ++p) reached[p] = layer[p] = amazons_of(game, p, flood);
  Territory t;
  for (bool growing = true; growing;) {
    growing = false;
    Set once, twice;  // reached now by one player, by two or more
    for (int p = 0; p < players; ++p) {
      layer[p] = flood.queen_step(layer[p], open) & ~reached[p];
      reached[p] |= layer[p];
      twice |= once & layer[p];
      once |= layer[p];
      growing = growing || !layer[p].empty();
    }
    for (int p = 0; p < players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      (layer[p] & ~decided & ~twice).for_each([&](int bit) {
        const int sq = board.square(bit / flood.width(), bit % flood.width());
        t.squares[i] += 1.0;
        t.treasure[i] += game.treasure(sq) + (game.artifact(sq) == kHorse ? 1.5 : 0.0);
      });
    }
    decided |= once;
  }
  return t;
}

}  // namespace

ClassicTerms classic_terms(const FastGame& game) {
  return with_flood_words(game.board().rows(), game.board().cols(),
                          [&](auto words) { return classic_terms_flood<Flood<words()>>(game); });
}

int classic_stage(double progress) {
  return progress < 0.2 ? 0 : progress < 0.5 ? 1 : 2;
}

double classic_score(const ClassicTerms& terms, const ClassicWeights& weights) {
  const auto& w = weights[static_cast<std::size_t>(classic_stage(terms.progress))];
  double score = 0;
  for (std::size_t i = 0; i < kClassicTerms; ++i) score += w[i] * terms.values[i];
  return score;
}

std::optional<Brain> parse_brain(const std::string& name) {
  if (name == "strong") return Brain::Strong;
  if (name == "uct") return Brain::PlainUct;
  if (name == "greedy") return Brain::Greedy;
  if (name == "random") return Brain::Random;
  return std::nullopt;
}

FastGame::Values evaluate_position(const FastGame& game, RuleSet rules) {
  FastGame::Values values{};
  if (rules == RuleSet::Standard) {
    values[0] = sigmoid(classic_score(classic_terms(game), kClassicWeights) / kClassicScale);
    values[1] = 1.0 - values[0];
    return values;
  }
  const int players = game.players();
  const Territory t = with_flood_words(game.board().rows(), game.board().cols(),
                                       [&](auto words) { return territory_flood<words()>(game); });
  // What a player has and may still collect: its score, the treasure in its
  // territory (at a discount: others may take it first), its territory.
  const auto strength = [&](int p) {
    const auto i = static_cast<std::size_t>(p);
    return game.score(p) + tuning().potential * t.treasure[i] + tuning().territory * t.squares[i];
  };
  // Each player's share of all the strength: every point counts, however
  // far ahead or behind (a win chance would flatten out and hide moves).
  double total = 0;
  for (int p = 0; p < players; ++p) total += strength(p) + 1.0;
  for (int p = 0; p < players; ++p)
    values[static_cast<std::size_t>(p)] = (strength(p) + 1.0) / total;
  return values;
}

std::optional<Turn> ai_turn(const Board& board, int player, const AiOptions& options) {
  if (!can_move(board, player)) return std::nullopt;
  if (options.rules == RuleSet::Standard && options.brain == Brain::Strong && options.book) {
    if (auto turn = book_turn(board, player)) return turn;
  }
  engine::Random rng(options.seed ^ (static_cast<std::uint64_t>(player) * 0x9e3779b97f4a7c15ULL));
  if (options.brain == Brain::Greedy || !LineBoard::fits(board.rows(), board.cols())) {
    return choose_turn(board, player, rng);
  }
  const FastGame game(board, player, options.rules);
  const RuleSet rules = options.rules;
  if (options.brain == Brain::Random) {
    return collect_turn(game, [&](const FastGame& g) { return g.random_action(rng); });
  }
  const auto deadline = engine::search_deadline(options.start, options.time_ms);
  // Most of what is left for this decision; the shot that follows a move
  // (or the next move of a horse) shares the rest.
  const auto limits_for = [&](const FastGame& g) {
    engine::SearchLimits limits;
    if (options.nodes > 0) {
      limits.iterations = options.nodes;
    } else {
      const auto now = std::chrono::steady_clock::now();
      limits.deadline = now + (deadline - now) * (g.awaiting_shot() ? 10 : 6) / 10;
    }
    return limits;
  };
  if (rules == RuleSet::Standard && options.brain != Brain::PlainUct) {
    engine::AlphaBeta<FastGame> search(kClassicSearchWidth, kClassicTableEntries, options.threads);
    return collect_turn(game, [&](const FastGame& g) {
      return search.search(g, limits_for(g), rng, [](const FastGame& leaf) {
        return evaluate_position(leaf, RuleSet::Standard)[0];
      });
    });
  }
  const bool plain = options.brain == Brain::PlainUct;
  engine::Mcts<FastGame> mcts(plain ? 1.0 : tuning().extended_exploration);
  return collect_turn(game, [&](const FastGame& g) {
    const auto evaluate = [&](FastGame& leaf, engine::Random& r) {
      if (plain) {
        while (!leaf.over()) leaf.apply(leaf.random_action(r));
        return engine::win_shares(leaf.returns(), leaf.players());
      }
      for (int i = 0; i < tuning().playout && !leaf.over(); ++i) leaf.apply(leaf.random_action(r));
      return leaf.over() ? engine::win_shares(leaf.returns(), leaf.players())
                         : evaluate_position(leaf, rules);
    };
    // Plain UCT knows nothing; in the extended game the AI's first guess of
    // a move is the treasure (and horse) it lands on and the room it reaches.
    const auto prior = [&](const FastGame& before, const Action& a) {
      if (plain || a.shot) return 0.5;
      return 0.5 + 0.06 * before.treasure(a.to) + (before.artifact(a.to) == kHorse ? 0.08 : 0.0) +
             0.003 * std::min(before.board().queen_count(a.to), 20);
    };
    return mcts.search(g, limits_for(g), rng, evaluate, prior);
  });
}

std::optional<Coord> ai_placement(const Board& board, int player, const AiOptions& options) {
  engine::Random rng(options.seed ^ (static_cast<std::uint64_t>(player) * 0x9e3779b97f4a7c15ULL));
  if (options.brain != Brain::Strong) return choose_placement(board, player, rng);
  // The field from which the most treasure is one move away, and the most
  // room; the field's own treasure would be lost to the placement. In half
  // points: a reachable field is worth 1, its treasure 2 a point, a horse 4.
  const auto reach = ray_totals(
      board, [](const Field& f) { return 1 + 2 * f.treasure + (f.artifact == kHorse ? 4 : 0); });
  return best_of(free_fields(board), rng,
                 [&](Coord c) { return reach[board.index(c)] - 2 * board.at(c).treasure; });
}

}  // namespace amazons
