// Texel's method for the classic Amazons evaluation's weights
// (docs/computer-players.md): self-play games give positions and their
// results; the weights are those whose win chance, sigmoid(score / 3),
// best predicts the results (the least log loss: a logistic regression,
// convex in the weights, solved by Newton's method).
//   amazons_tune GAMES NODES SEED
// Plays GAMES games from the standard start after 2 to 4 random turns (so
// not the opening suite's positions, on which the weights are then tested),
// the AI at NODES evaluations a decision with the current weights, on both
// cores; every position after the random turns counts, labelled with who
// won. Every fifth game is held out: the loss of the current and the
// fitted weights is printed on both parts, then the fitted weights.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

#include "games/amazons/ai/ai.hpp"

namespace {

using amazons::ClassicTerms;
using amazons::ClassicWeights;
using amazons::kClassicTerms;

constexpr std::size_t kWeights = 3 * kClassicTerms;

struct Sample {
  ClassicTerms terms;
  double first_won;  // 1 when the first player won
  bool held_out;
};

// One game's positions (after the random turns) and result.
std::vector<Sample> play_game(int game, std::int64_t nodes, std::uint64_t seed) {
  amazons::Board board = amazons::standard_board();
  const int first = board.players().front().id;
  amazons::AiOptions options;
  options.rules = amazons::RuleSet::Standard;
  options.book = false;
  options.nodes = nodes;
  options.seed = seed * 1000003 + static_cast<std::uint64_t>(game);
  const int random_turns = 2 + game % 3;
  std::vector<ClassicTerms> positions;
  int to_move = first;
  for (int turn = 0; amazons::can_move(board, to_move); ++turn) {
    options.brain = turn < random_turns ? amazons::Brain::Random : amazons::Brain::Strong;
    if (turn >= random_turns)
      positions.push_back(amazons::classic_terms(amazons::FastGame(board, to_move, options.rules)));
    const auto played = amazons::ai_turn(board, to_move, options);
    if (!played || amazons::play_turn(board, to_move, *played)) std::abort();
    to_move = to_move == first ? board.players().back().id : first;
  }
  const double first_won = to_move == first ? 0.0 : 1.0;  // who cannot move loses
  std::vector<Sample> samples;
  for (const ClassicTerms& t : positions) samples.push_back({t, first_won, game % 5 == 4});
  return samples;
}

// The sample's terms in the weights' layout: its stage's five, zeros elsewhere.
std::array<double, kWeights> features(const ClassicTerms& t) {
  std::array<double, kWeights> x{};
  const auto stage = static_cast<std::size_t>(amazons::classic_stage(t.progress));
  for (std::size_t i = 0; i < kClassicTerms; ++i)
    x[stage * kClassicTerms + i] = t.values[i] / amazons::kClassicScale;
  return x;
}

double win_chance(const std::array<double, kWeights>& w, const std::array<double, kWeights>& x) {
  double z = 0;
  for (std::size_t i = 0; i < kWeights; ++i) z += w[i] * x[i];
  return 1.0 / (1.0 + std::exp(-z));
}

double log_loss(const std::vector<Sample>& samples, const std::array<double, kWeights>& w,
                bool held_out) {
  double loss = 0;
  int n = 0;
  for (const Sample& s : samples) {
    if (s.held_out != held_out) continue;
    const double p = std::clamp(win_chance(w, features(s.terms)), 1e-12, 1 - 1e-12);
    loss -= s.first_won * std::log(p) + (1 - s.first_won) * std::log(1 - p);
    ++n;
  }
  return n ? loss / n : 0;
}

// One Newton step on the training samples' log loss, with a ridge that
// pulls the weights towards `prior` (a stage with few positions keeps its
// weights, and separable positions cannot send them to infinity), halved
// until the penalized loss falls.
void newton_step(const std::vector<Sample>& samples, const std::array<double, kWeights>& prior,
                 std::array<double, kWeights>& w) {
  std::array<std::array<double, kWeights + 1>, kWeights> system{};  // [H | g]
  double n = 0;
  for (const Sample& s : samples) {
    if (s.held_out) continue;
    const auto x = features(s.terms);
    const double p = win_chance(w, x);
    for (std::size_t i = 0; i < kWeights; ++i) {
      system[i][kWeights] += (p - s.first_won) * x[i];
      for (std::size_t j = 0; j < kWeights; ++j) system[i][j] += p * (1 - p) * x[i] * x[j];
    }
    ++n;
  }
  const double ridge = 1e-3 * n;
  const auto penalized = [&](const std::array<double, kWeights>& v) {
    double d = 0;
    for (std::size_t i = 0; i < kWeights; ++i) d += (v[i] - prior[i]) * (v[i] - prior[i]);
    return log_loss(samples, v, false) * n + 0.5 * ridge * d;
  };
  for (std::size_t i = 0; i < kWeights; ++i) {
    system[i][i] += ridge;
    system[i][kWeights] += ridge * (w[i] - prior[i]);
  }
  // Gaussian elimination with partial pivoting.
  for (std::size_t c = 0; c < kWeights; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < kWeights; ++r)
      if (std::abs(system[r][c]) > std::abs(system[pivot][c])) pivot = r;
    std::swap(system[c], system[pivot]);
    for (std::size_t r = 0; r < kWeights; ++r) {
      if (r == c) continue;
      const double f = system[r][c] / system[c][c];
      for (std::size_t k = c; k <= kWeights; ++k) system[r][k] -= f * system[c][k];
    }
  }
  const double before = penalized(w);
  for (double step = 1; step > 1e-6; step /= 2) {
    std::array<double, kWeights> next = w;
    for (std::size_t i = 0; i < kWeights; ++i) next[i] -= step * system[i][kWeights] / system[i][i];
    if (penalized(next) < before) {
      w = next;
      return;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: amazons_tune GAMES NODES SEED\n");
    return 2;
  }
  const int games = std::atoi(argv[1]);
  const std::int64_t nodes = std::atoll(argv[2]);
  const auto seed = static_cast<std::uint64_t>(std::atoll(argv[3]));
  if (games < 5 || nodes < 1) {
    std::fprintf(stderr, "amazons_tune: GAMES at least 5, NODES at least 1\n");
    return 2;
  }
  std::vector<Sample> samples;
  std::mutex guard;
  std::vector<std::thread> workers;
  for (int t = 0; t < 2; ++t) {
    workers.emplace_back([&, t] {
      for (int g = t; g < games; g += 2) {
        auto played = play_game(g, nodes, seed);
        const std::lock_guard lock(guard);
        samples.insert(samples.end(), played.begin(), played.end());
      }
    });
  }
  for (std::thread& w : workers) w.join();
  std::array<double, kWeights> w{};
  for (std::size_t s = 0; s < 3; ++s)
    for (std::size_t i = 0; i < kClassicTerms; ++i)
      w[s * kClassicTerms + i] = amazons::kClassicWeights[s][i];
  std::printf("%zu positions from %d games (NODES %lld, SEED %llu)\n", samples.size(), games,
              static_cast<long long>(nodes), static_cast<unsigned long long>(seed));
  std::printf("current weights: log loss %.4f (training), %.4f (held out)\n",
              log_loss(samples, w, false), log_loss(samples, w, true));
  const std::array<double, kWeights> prior = w;
  for (int step = 0; step < 20; ++step) newton_step(samples, prior, w);
  std::printf("fitted weights:  log loss %.4f (training), %.4f (held out)\n",
              log_loss(samples, w, false), log_loss(samples, w, true));
  std::printf("{{");
  for (std::size_t s = 0; s < 3; ++s) {
    std::printf("%s{", s ? ",\n  " : "");
    for (std::size_t i = 0; i < kClassicTerms; ++i)
      std::printf("%s%.3f", i ? ", " : "", w[s * kClassicTerms + i]);
    std::printf("}");
  }
  std::printf("}}\n");
  return 0;
}
