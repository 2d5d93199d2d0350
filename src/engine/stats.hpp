#pragma once
// Match statistics: Elo from results with a 95% interval, over games
// (trinomial) or pairs of games with the seats swapped (pentanomial), and
// a sequential probability ratio test on pairs in normalized Elo, as
// fishtest and fastchess run it (docs/tournaments.md gives the formulas).
#include <array>
#include <cstdint>

namespace engine {

// A player's games: wins, draws and losses.
struct Trinomial {
  std::int64_t wins = 0, draws = 0, losses = 0;
  std::int64_t games() const { return wins + draws + losses; }
  // Adds a game from its points: 1, 0.5 or 0.
  void add(double points) { ++(points > 0.5 ? wins : points < 0.5 ? losses : draws); }
};

// Pairs of games from one start with the seats swapped, counted by the
// first player's score over the pair: 0, 0.5, 1, 1.5 or 2 points.
struct Pentanomial {
  std::array<std::int64_t, 5> pairs{};
  std::int64_t count() const { return pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4]; }
  // Adds a pair from the first player's points in each game (1, 0.5, 0).
  void add(double first, double second) {
    ++pairs[static_cast<std::size_t>(2 * (first + second) + 0.5)];
  }
};

// An Elo difference and its 95% interval (the normal approximation of the
// mean score); infinite when every game is won or lost.
struct EloEstimate {
  double elo = 0, low = 0, high = 0;
};

// -400 log10(1/s - 1): the Elo difference whose expected score is s.
double elo_of_score(double score);
EloEstimate estimate(const Trinomial& games);
EloEstimate estimate(const Pentanomial& pairs);

// The test of H0: normalized Elo elo0 against H1: elo1, with error rates
// alpha (accepting H1 when H0 holds) and beta (the other way).
struct Sprt {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  enum class Decision : std::uint8_t { Continue, AcceptH0, AcceptH1 };
  double lower() const;  // log(beta / (1 - alpha)): H0 accepted at or below
  double upper() const;  // log((1 - beta) / alpha): H1 accepted at or above
  // The log-likelihood ratio of the pairs so far (0 before any).
  double llr(const Pentanomial& pairs) const;
  Decision decide(const Pentanomial& pairs) const;
};

}  // namespace engine
