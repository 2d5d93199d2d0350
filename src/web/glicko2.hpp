// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a
// player's rating, its deviation (how sure it is) and its volatility (how
// much the player's strength moves), updated from the games of a rating
// period. The site makes each rated game a period of its own, as lichess
// does, so that a rating moves as soon as a game ends.
#pragma once

#include <vector>

namespace web::glicko2 {

struct Rating {
  double rating = 1500.0;
  double deviation = 350.0;
  double volatility = 0.06;
};

// One game of the period: the opponent's rating before it, and the score
// (1 a win, 0.5 a draw, 0 a loss).
struct Game {
  Rating opponent;
  double score = 0.0;
};

// The system's constant tau: how much volatility may change (0.3 to 1.2;
// the paper's example takes 0.5, as the site does).
inline constexpr double kTau = 0.5;

// The player's rating after the period's games (none: only the deviation
// grows).
Rating updated(const Rating& player, const std::vector<Game>& games, double tau = kTau);

}  // namespace web::glicko2
