#pragma once
// gridgames tournament: players of a game of two in a round robin (or a
// gauntlet), in pairs of games with the seats swapped, with Elo, pair
// statistics, an SPRT, records, program: players and Slurm
// (docs/tournaments.md).

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "engine/stats.hpp"

namespace tournament {

// A tournament's standings as values.
struct TournamentResult {
  struct Standing {
    std::string player;
    engine::Trinomial games;
    engine::EloEstimate elo;            // against the field, 95%
    std::map<std::string, int> faults;  // games lost by a fault, by its kind
  };
  struct Encounter {
    std::string first, second;
    engine::Pentanomial pairs;  // by the first player's points over a pair
    engine::EloEstimate elo;    // of the first player, from the pairs
  };
  std::vector<Standing> standings;
  std::vector<Encounter> encounters;
  std::string sprt;        // "H1" or "H0" when the SPRT decided
  std::uint64_t seed = 0;  // the one given, or the one drawn
};

// `gridgames tournament ARGS...` (argv[0] is "tournament").
int run_tournament(int argc, const char* const* argv);
// The same from its arguments (those after "tournament"), printing to
// `out` and `err`; with `result`, the standings as values too.
int run_tournament(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                   TournamentResult* result);

}  // namespace tournament
