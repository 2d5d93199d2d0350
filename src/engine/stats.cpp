#include "engine/stats.hpp"

#include <cmath>
#include <limits>

namespace engine {

namespace {

constexpr double kZ95 = 1.959963984540054;  // the normal quantile of 97.5%
// Normalized Elo per unit of (score - 0.5) / sigma a game: 800 / ln 10.
constexpr double kNeloPerT = 347.43558552260146;

// The mean and variance of a distribution of scores, each counted `n` times
// and `prior` times more.
template <std::size_t N>
std::pair<double, double> mean_and_variance(const std::array<double, N>& score,
                                            const std::array<std::int64_t, N>& n, double prior) {
  std::array<double, N> weight{};
  double total = 0;
  for (std::size_t i = 0; i < N; ++i) {
    weight[i] = static_cast<double>(n[i]) + prior;
    total += weight[i];
  }
  double mean = 0, variance = 0;
  for (std::size_t i = 0; i < N; ++i) mean += weight[i] / total * score[i];
  for (std::size_t i = 0; i < N; ++i)
    variance += weight[i] / total * (score[i] - mean) * (score[i] - mean);
  return {mean, variance};
}

EloEstimate interval(double mean, double variance, std::int64_t units) {
  const double se = std::sqrt(variance / static_cast<double>(units));
  return {elo_of_score(mean), elo_of_score(mean - kZ95 * se), elo_of_score(mean + kZ95 * se)};
}

constexpr std::array<double, 5> kPairScores = {0, 0.25, 0.5, 0.75, 1};

}  // namespace

double elo_of_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400 * std::log10(1 / score - 1);
}

EloEstimate estimate(const Trinomial& games) {
  if (games.games() == 0) return {};
  const auto [mean, variance] =
      mean_and_variance<3>({1, 0.5, 0}, {games.wins, games.draws, games.losses}, 0);
  return interval(mean, variance, games.games());
}

EloEstimate estimate(const Pentanomial& pairs) {
  if (pairs.count() == 0) return {};
  const auto [mean, variance] = mean_and_variance<5>(kPairScores, pairs.pairs, 0);
  return interval(mean, variance, pairs.count());
}

double Sprt::lower() const {
  return std::log(beta / (1 - alpha));
}

double Sprt::upper() const {
  return std::log((1 - beta) / alpha);
}

// The generalized SPRT's normal approximation (M. Van den Bergh): with the
// pairs' mean score m and variance v (a game's mean over its pair), and the
// means m0, m1 that elo0 and elo1 give in normalized Elo (m_i = 0.5 +
// elo_i / (800 / ln 10) * sqrt(2 v)), LLR = N (m1 - m0) (2m - m0 - m1) / (2v).
// m and v are taken with half a pair more of each kind (fishtest adds 0.001):
// a few lopsided pairs have next to no variance, which would decide at once
// (one won pair accepted H1 at 0,100); so it takes seven.
double Sprt::llr(const Pentanomial& pairs) const {
  if (pairs.count() == 0) return 0;
  const auto [mean, variance] = mean_and_variance<5>(kPairScores, pairs.pairs, 0.5);
  const double sigma_game = std::sqrt(2 * variance);
  const double m0 = 0.5 + elo0 / kNeloPerT * sigma_game;
  const double m1 = 0.5 + elo1 / kNeloPerT * sigma_game;
  return static_cast<double>(pairs.count()) * (m1 - m0) * (2 * mean - m0 - m1) / (2 * variance);
}

Sprt::Decision Sprt::decide(const Pentanomial& pairs) const {
  const double l = llr(pairs);
  if (l >= upper()) return Decision::AcceptH1;
  if (l <= lower()) return Decision::AcceptH0;
  return Decision::Continue;
}

}  // namespace engine
