#include "web/glicko2.hpp"

#include <cmath>
#include <numbers>

namespace web::glicko2 {
namespace {

constexpr double kScale = 173.7178;    // Glicko's scale to Glicko-2's
constexpr double kConvergence = 1e-6;  // the paper's epsilon
constexpr int kMostIterations = 100;   // the iteration converges in a few

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, by the Illinois algorithm.
double new_volatility(double phi, double sigma, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  double low = a, high = 0.0;
  if (delta * delta > phi * phi + v) {
    high = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0.0 && k < kMostIterations) ++k;
    high = a - k * tau;
  }
  double f_low = f(low), f_high = f(high);
  // (A, B) in the paper: A the new guess's side, B the other.
  double A = low, B = high, fA = f_low, fB = f_high;
  for (int i = 0; i < kMostIterations && std::abs(B - A) > kConvergence; ++i) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0.0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2.0;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2.0);
}

}  // namespace

Rating updated(const Rating& player, const std::vector<Game>& games, double tau) {
  const double mu = (player.rating - 1500.0) / kScale;
  const double phi = player.deviation / kScale;
  if (games.empty()) {
    const double grown = std::sqrt(phi * phi + player.volatility * player.volatility);
    return {player.rating, grown * kScale, player.volatility};
  }
  double inverse_v = 0.0, sum = 0.0;
  for (const Game& game : games) {
    const double mu_j = (game.opponent.rating - 1500.0) / kScale;
    const double phi_j = game.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    inverse_v += g(phi_j) * g(phi_j) * e * (1.0 - e);
    sum += g(phi_j) * (game.score - e);
  }
  const double v = 1.0 / inverse_v;
  const double sigma = new_volatility(phi, player.volatility, v, v * sum, tau);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double new_phi = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double new_mu = mu + new_phi * new_phi * sum;
  return {new_mu * kScale + 1500.0, new_phi * kScale, sigma};
}

}  // namespace web::glicko2
