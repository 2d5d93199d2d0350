// engine::Mcts against small games of the contract's Playable whose best
// moves are known: two-player Nim, and a three-player game where max^n must
// foresee the second player's own interest.
#include "engine/mcts.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "nim.hpp"

namespace {

// Player 0 picks a branch, then player 1 picks a leaf; fixed returns for three players.
struct Branches {
  using Action = int;
  int first = -1, second = -1;
  int players() const { return 3; }
  int to_move() const { return over() ? engine::kNoPlayer : first < 0 ? 0 : 1; }
  bool over() const { return second >= 0; }
  void legal_actions(std::vector<int>& out) const {
    out.clear();
    if (!over()) out = {0, 1};
  }
  void apply(int a) { (first < 0 ? first : second) = a; }
  engine::Returns returns() const {
    static constexpr double kLeaves[2][2][3] = {{{0.9, 0.1, 0.0}, {0.1, 0.8, 0.1}},
                                                {{0.5, 0.5, 0.0}, {0.4, 0.4, 0.2}}};
    engine::Returns r{};
    for (int p = 0; p < 3; ++p) r[static_cast<std::size_t>(p)] = kLeaves[first][second][p];
    return r;
  }
};
static_assert(engine::Playable<Branches>);

template <typename G>
int best(const G& game, std::int64_t iterations, std::uint64_t seed) {
  engine::Random rng(seed);
  engine::Mcts<G> mcts(0.7);
  engine::SearchLimits limits;
  limits.iterations = iterations;
  return mcts.search(game, limits, rng, engine::RandomPlayout{});
}

TEST(Mcts, FindsTheWinningNimMoves) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    for (const NimCase& c : kWinningNimMoves)
      EXPECT_EQ(best(c.position, 3000, seed), c.take) << c.why;
  }
}

TEST(Mcts, ForeseesEachPlayersOwnInterestWithThreePlayers) {
  EXPECT_EQ(best(Branches{}, 2000, 1), 1);  // branch 0 would give player 0 only 0.1
  Branches after_first{1, -1};
  EXPECT_EQ(best(after_first, 2000, 2), 0);  // player 1 takes its 0.5
}

TEST(Mcts, CountsItsIterations) {
  engine::Random rng(9);
  engine::Mcts<Nim> mcts;
  engine::SearchLimits limits;
  limits.iterations = 123;
  mcts.search(Nim{6, 0}, limits, rng, engine::RandomPlayout{});
  EXPECT_EQ(mcts.iterations(), 123);
}

// A budget of iterations beyond memory (a billion nodes would take tens of
// GB) is not reserved at once: the search stops at its deadline, its tree
// small, instead of failing to allocate.
TEST(Mcts, ReservesNoMoreThanAMillionNodesForAHugeBudget) {
  engine::Random rng(9);
  engine::Mcts<Nim> mcts;
  engine::SearchLimits limits;
  limits.iterations = 1000000000;
  limits.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(20);
  mcts.search(Nim{6, 0}, limits, rng, engine::RandomPlayout{});
  EXPECT_LT(mcts.iterations(), limits.iterations);
  EXPECT_LE(mcts.memory_bytes(), std::size_t{200} << 20);
}

TEST(Mcts, SearchDeadlineIsNineTenthsOfTheTimeEvenForHugeTimes) {
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(engine::search_deadline(start, 1000) - start, std::chrono::milliseconds(900));
  EXPECT_EQ(engine::search_deadline(start, 999999999) - start,
            std::chrono::milliseconds(899999999));
}

// One choice among 100, worth 1 for action 7 and 0.3 for the others.
struct Wide {
  using Action = int;
  int chosen = -1;
  int players() const { return 1; }
  int to_move() const { return over() ? engine::kNoPlayer : 0; }
  bool over() const { return chosen >= 0; }
  void legal_actions(std::vector<int>& out) const {
    out.clear();
    for (int a = 0; a < 100 && !over(); ++a) out.push_back(a);
  }
  void apply(int a) { chosen = a; }
  engine::Returns returns() const { return {chosen == 7 ? 1.0 : 0.3}; }
};
static_assert(engine::Playable<Wide>);

int root_children(double widening, std::int64_t iterations, int& best) {
  engine::Random rng(3);
  engine::Mcts<Wide> mcts(0.7, widening);
  engine::SearchLimits limits;
  limits.iterations = iterations;
  const auto prior = [](const Wide&, int a) { return a == 7 ? 0.9 : 0.5; };
  best = mcts.search(Wide{}, limits, rng, engine::RandomPlayout{}, prior);
  int children = 0;
  mcts.for_each_root_child([&](int, std::uint32_t, double) { ++children; });
  return children;
}

TEST(Mcts, WideningLimitsTheChildrenToTheSquareRootOfTheVisits) {
  int best = -1;
  EXPECT_EQ(root_children(0, 99, best), 96);  // without: nearly every action once
  EXPECT_EQ(root_children(1, 99, best), 10);  // at most sqrt(99 + 1)
  EXPECT_EQ(best, 7);                         // the prior's first, searched most
  EXPECT_EQ(root_children(2, 99, best), 20);
}

// A root child's value is its player's mean, its prior counted as
// kPriorVisits visits: (1 n + 0.9 k) / (n + k) for action 7, (0.3 n + 0.5 k) /
// (n + k) for the others.
TEST(Mcts, RootChildrenGiveTheirMeanValueWithThePriorAsVisits) {
  engine::Random rng(3);
  engine::Mcts<Wide> mcts(0.7, 1);
  engine::SearchLimits limits;
  limits.iterations = 99;
  const auto prior = [](const Wide&, int a) { return a == 7 ? 0.9 : 0.5; };
  mcts.search(Wide{}, limits, rng, engine::RandomPlayout{}, prior);
  constexpr double k = engine::Mcts<Wide>::kPriorVisits;
  std::uint32_t visits = 0;
  mcts.for_each_root_child([&](int action, std::uint32_t n, double value) {
    visits += n;
    const double expected = action == 7 ? (n + 0.9 * k) / (n + k) : (0.3 * n + 0.5 * k) / (n + k);
    EXPECT_NEAR(value, expected, 1e-6) << action << " after " << n << " visits";
  });
  EXPECT_EQ(visits, 99u);
}

// Player 0 picks a branch, then player 1 one of 20 replies. Branch 0 is
// worth 0.6 to player 0 whatever the reply; branch 1 is worth 0.8 unless
// player 1 finds reply 19, the one its prior ranks last.
struct Refutation {
  using Action = int;
  int branch = -1, reply = -1;
  int players() const { return 2; }
  int to_move() const { return over() ? engine::kNoPlayer : branch < 0 ? 0 : 1; }
  bool over() const { return reply >= 0; }
  void legal_actions(std::vector<int>& out) const {
    out.clear();
    for (int a = 0; a < (branch < 0 ? 2 : 20) && !over(); ++a) out.push_back(a);
  }
  void apply(int a) { (branch < 0 ? branch : reply) = a; }
  engine::Returns returns() const {
    const double mine = branch == 0 ? 0.6 : reply == 19 ? 0.0 : 0.8;
    return {mine, 1.0 - mine};
  }
};
static_assert(engine::Playable<Refutation>);

int branch_with_opponent_cap(std::uint32_t opponent_children) {
  engine::Random rng(5);
  engine::Mcts<Refutation> mcts(0.7, 0, opponent_children);
  engine::SearchLimits limits;
  limits.iterations = 2000;
  const auto prior = [](const Refutation& g, int a) {
    return g.branch < 0 ? 0.5 : 0.5 - a / 100.0;
  };
  return mcts.search(Refutation{}, limits, rng, engine::RandomPlayout{}, prior);
}

TEST(Mcts, OpponentChildrenCapsTheOpponentsRepliesToThePriorsFirst) {
  EXPECT_EQ(branch_with_opponent_cap(0), 0);   // every reply searched: 19 refutes branch 1
  EXPECT_EQ(branch_with_opponent_cap(19), 1);  // the prior's first 19 only: 19 never tried
  EXPECT_EQ(branch_with_opponent_cap(20), 0);
}

// Player 0 takes 0.6 (choice 0) or guesses a hidden coin (choice 1, then a
// door: the coin's door wins). It cannot see the coin, so the guess is worth
// 0.5; in a world where the coin is known it looks worth 1. With
// doors_differ, the doors open after the guess are the coin's and door 2
// (worth 0.55), so a door's legality depends on the world.
struct Coin {
  using Action = int;
  int hidden = 0;
  bool doors_differ = false;
  int choice = -1, door = -1;
  int illegal_applies = 0;  // actions applied that were not legal
  int players() const { return 2; }
  int to_move() const { return over() ? engine::kNoPlayer : 0; }
  bool over() const { return choice == 0 || door >= 0; }
  void legal_actions(std::vector<int>& out) const {
    out.clear();
    if (over()) return;
    if (choice < 0) {
      out = {0, 1};
    } else {
      out = doors_differ ? std::vector<int>{hidden, 2} : std::vector<int>{0, 1};
    }
  }
  void apply(int a) {
    std::vector<int> legal;
    legal_actions(legal);
    if (std::find(legal.begin(), legal.end(), a) == legal.end()) ++illegal_applies;
    (choice < 0 ? choice : door) = a;
  }
  engine::Returns returns() const {
    const double mine = choice == 0 ? 0.6 : door == 2 ? 0.55 : door == hidden ? 1.0 : 0.0;
    return {mine, 1.0 - mine};
  }
};
static_assert(engine::Playable<Coin>);

// A world of `root`: the coin tossed afresh, the illegal actions counted in
// `illegal` (from the leaves' copies).
int search_coin_worlds(const Coin& root, std::int64_t* iterations = nullptr,
                       int* illegal = nullptr) {
  engine::Random rng(3);
  engine::Mcts<Coin> mcts(0.7);
  engine::SearchLimits limits;
  limits.iterations = 2000;
  int illegal_applies = 0;
  const auto evaluate = [&](Coin& leaf, engine::Random& r) {
    const engine::Returns values = engine::RandomPlayout{}(leaf, r);
    illegal_applies += leaf.illegal_applies;
    return values;
  };
  const int best = mcts.search_worlds(
      root, limits, rng, evaluate, [](const Coin&, int) { return 0.5; },
      [](const Coin& game, engine::Random& r) {
        Coin world = game;
        world.hidden = static_cast<int>(r.below(2));
        return world;
      });
  if (iterations) *iterations = mcts.iterations();
  if (illegal) *illegal = illegal_applies;
  return best;
}

TEST(Mcts, SearchWorldsValuesAChoiceOverTheWorldsNotInEach) {
  EXPECT_EQ(best(Coin{0}, 2000, 1), 1);  // one world, the coin known: guess
  EXPECT_EQ(best(Coin{1}, 2000, 1), 1);
  EXPECT_EQ(search_coin_worlds(Coin{0}), 0);  // over the worlds the guess is worth 0.5
}

TEST(Mcts, SearchWorldsPassesOverActionsIllegalInItsWorld) {
  std::int64_t iterations = 0;
  int illegal = -1;
  search_coin_worlds(Coin{0, true}, &iterations, &illegal);
  EXPECT_EQ(iterations, 2000);
  EXPECT_EQ(illegal, 0);
}

}  // namespace
