// engine::AlphaBeta against small two-player games of the contract's
// Playable whose best actions are known: Nim played to the end, and a game
// whose first player acts twice in a row (who maximises follows the player
// to move, not the depth).
#include "engine/alphabeta.hpp"

#include <gtest/gtest.h>

#include "nim.hpp"

namespace {

// Player 0 picks a, then b; then player 1 picks c; player 0's value kLeaves[a][b][c].
// Right: a = 0 (max over b of min over c: 0.8 against 0.5). A search that
// took b for player 1's choice would pick a = 1 (0.6 against 0.2).
struct TwoActionTurn {
  using Action = int;
  static constexpr double kLeaves[2][2][2] = {{{0.9, 0.8}, {0.1, 0.2}}, {{0.6, 0.5}, {0.5, 0.6}}};
  std::array<int, 3> picks{-1, -1, -1};
  int made = 0;
  int players() const { return 2; }
  int to_move() const { return over() ? engine::kNoPlayer : made < 2 ? 0 : 1; }
  bool over() const { return made == 3; }
  void legal_actions(std::vector<int>& out) const {
    out.clear();
    if (!over()) out = {0, 1};
  }
  void apply(int a) { picks[static_cast<std::size_t>(made++)] = a; }
  engine::Returns returns() const {
    const double v = kLeaves[picks[0]][picks[1]][picks[2]];
    return {v, 1.0 - v};
  }
};
static_assert(engine::Playable<TwoActionTurn>);

// A game tree of depth kDepth, kBranching actions a node, its ends' values
// drawn from a hash of the path; who moves at each depth from `movers`
// (a player may act twice in a row).
struct RandomTree {
  using Action = int;
  static constexpr int kDepth = 5, kBranching = 4;
  std::uint64_t seed = 0;
  std::array<int, kDepth> movers{};
  std::uint64_t path = 0;
  int made = 0;
  int players() const { return 2; }
  int to_move() const {
    return over() ? engine::kNoPlayer : movers[static_cast<std::size_t>(made)];
  }
  bool over() const { return made == kDepth; }
  void legal_actions(std::vector<int>& out) const {
    out.clear();
    if (!over())
      for (int a = 0; a < kBranching; ++a) out.push_back(a);
  }
  void apply(int a) {
    path = path * kBranching + static_cast<std::uint64_t>(a);
    ++made;
  }
  // Player 0's value of this position: its end's, or a guess.
  double worth() const {
    engine::Random r(seed * 1000003 + path * 31 + static_cast<std::uint64_t>(made));
    return static_cast<double>(r.next() >> 11) * 0x1.0p-53;
  }
  engine::Returns returns() const { return {worth(), 1.0 - worth()}; }
  // Player 0's value with both sides playing their best to the end.
  double minimax() const {
    if (over()) return worth();
    double best = movers[static_cast<std::size_t>(made)] == 0 ? 0.0 : 1.0;
    for (int a = 0; a < kBranching; ++a) {
      RandomTree child = *this;
      child.apply(a);
      const double v = child.minimax();
      best = movers[static_cast<std::size_t>(made)] == 0 ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }
};
static_assert(engine::Playable<RandomTree>);

template <typename G>
int best(const G& game, std::int64_t evaluations, std::uint64_t seed, int width = 8) {
  engine::Random rng(seed);
  engine::AlphaBeta<G> search(width);
  engine::SearchLimits limits;
  limits.iterations = evaluations;
  return search.search(game, limits, rng, [](const G&) { return 0.5; });
}

TEST(AlphaBeta, FindsTheWinningNimMoves) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    for (const NimCase& c : kWinningNimMoves)
      EXPECT_EQ(best(c.position, 5000, seed), c.take) << c.why;
  }
}

// RandomTree with a key of its path (no two paths meet), and Nim with a key
// of its position (taking 1 then 2 meets taking 2 then 1): the searches keep
// transposition tables.
struct HashedTree : RandomTree {
  std::uint64_t hash() const {
    return engine::mix64(path * 8 + static_cast<std::uint64_t>(made) + (seed << 40));
  }
};
struct HashedNim : Nim {
  std::uint64_t hash() const {
    return engine::mix64(static_cast<std::uint64_t>(pile) * 2 + static_cast<std::uint64_t>(mover));
  }
};
static_assert(engine::Hashed<HashedTree> && engine::Hashed<HashedNim> && !engine::Hashed<Nim>);

// Wide enough to search every child, the search is exact, its guesses (the
// positions' values) only order the children: the action it picks in 40
// random trees is a minimax action.
template <typename Tree>
void expect_minimax_actions(std::size_t table_entries, int threads = 1) {
  const std::array<std::array<int, RandomTree::kDepth>, 3> orders{
      {{0, 1, 0, 1, 0}, {1, 0, 1, 0, 1}, {0, 0, 1, 1, 0}}};
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Tree root;
    root.seed = seed;
    root.movers = orders[seed % orders.size()];
    engine::Random rng(seed);
    engine::AlphaBeta<Tree> search(RandomTree::kBranching, table_entries, threads);
    engine::SearchLimits limits;
    limits.iterations = 1'000'000;
    const int action = search.search(root, limits, rng, [](const Tree& t) { return t.worth(); });
    Tree after = root;
    after.apply(action);
    EXPECT_DOUBLE_EQ(after.minimax(), root.minimax()) << "seed " << seed;
    EXPECT_EQ(search.depth(), RandomTree::kDepth);
  }
}

TEST(AlphaBeta, FindsTheMinimaxActionOfEveryRandomTree) {
  expect_minimax_actions<RandomTree>(0);
}

TEST(AlphaBeta, TheTranspositionTableKeepsTheSearchExact) {
  expect_minimax_actions<HashedTree>(64);  // small: entries collide
}

// Lazy SMP: helpers a depth ahead, sharing the table (small: entries
// collide between threads too), leave the search exact.
TEST(AlphaBeta, ThreadsSharingTheTableKeepTheSearchExact) {
  expect_minimax_actions<HashedTree>(64, 2);
  expect_minimax_actions<HashedTree>(1024, 3);
  expect_minimax_actions<RandomTree>(0, 2);
}

// The helpers stop with the first thread, whose budget it is: a search of
// Nim from 25 without a table (far too deep to finish in 300 evaluations)
// returns a legal take.
TEST(AlphaBeta, HelpersStopWithTheFirstThread) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    engine::Random rng(seed);
    engine::AlphaBeta<Nim> search(8, 0, 2);
    engine::SearchLimits limits;
    limits.iterations = 300;
    const int take = search.search(Nim{25, 0}, limits, rng, [](const Nim&) { return 0.5; });
    EXPECT_GE(take, 1);
    EXPECT_LE(take, 2);
    EXPECT_GE(search.evaluations(), 300);
  }
}

TEST(AlphaBeta, TranspositionsAreSearchedOnce) {
  // Nim from 25 searched until the win is proven: without the table the
  // lines that meet are searched again and again (the tree grows as the
  // Fibonacci numbers); with it, each pile about once a depth.
  const auto solve = [](auto root, std::int64_t& evaluations) {
    engine::Random rng(9);
    engine::AlphaBeta<decltype(root)> search;
    engine::SearchLimits limits;
    limits.iterations = 100'000'000;
    const int take = search.search(root, limits, rng, [](const auto&) { return 0.5; });
    evaluations = search.evaluations();
    return take;
  };
  std::int64_t plain = 0, hashed = 0;
  HashedNim root;
  root.pile = 25;
  EXPECT_EQ(solve(static_cast<Nim>(root), plain), 1);  // leave 24
  EXPECT_EQ(solve(root, hashed), 1);
  EXPECT_LT(hashed * 100, plain) << hashed << " against " << plain;
}

TEST(AlphaBeta, TheMoverDecidesWhoMaximisesNotTheDepth) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) EXPECT_EQ(best(TwoActionTurn{}, 100, seed), 0);
  TwoActionTurn after_a1;
  after_a1.apply(1);
  after_a1.apply(0);  // b = 0: player 1 takes c = 1 (0.5)
  EXPECT_EQ(best(after_a1, 100, 1), 1);
}

TEST(AlphaBeta, SearchesDeeperUntilTheGameEndsAndCountsItsEvaluations) {
  engine::Random rng(3);
  engine::AlphaBeta<Nim> search;
  engine::SearchLimits limits;
  limits.iterations = 1'000'000;
  int evaluations = 0;
  search.search(Nim{3, 0}, limits, rng, [&](const Nim&) {
    ++evaluations;
    return 0.5;
  });
  // The longest line takes 3 actions: depth 3 reaches every end, and
  // deeper would find the same. Evaluated (the ends are not): depth 1 the
  // piles 2 and 1 the root leaves; depth 2 pile 2's child 1; depth 3 the
  // same child, to order pile 2's children (then searched to the end).
  EXPECT_EQ(search.depth(), 3);
  EXPECT_EQ(search.evaluations(), evaluations);
  EXPECT_EQ(evaluations, 4);

  engine::AlphaBeta<Nim> bounded;
  limits.iterations = 7;
  bounded.search(Nim{40, 0}, limits, rng, [](const Nim&) { return 0.5; });
  EXPECT_EQ(bounded.evaluations(), 7);
}

TEST(AlphaBeta, FollowsTheEvaluationAtTheHorizon) {
  // One action deep, the evaluation alone decides: a pile of 3 left is worth
  // most to player 0.
  engine::Random rng(5);
  engine::AlphaBeta<Nim> search;
  engine::SearchLimits limits;
  limits.iterations = 2;  // the root's two children, depth 1 only
  const int take =
      search.search(Nim{5, 0}, limits, rng, [](const Nim& n) { return n.pile == 3 ? 0.9 : 0.1; });
  EXPECT_EQ(take, 2);
}

}  // namespace
