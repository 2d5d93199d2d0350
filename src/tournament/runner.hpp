// Plays a tournament's pairs (in threads), counts them into the standings,
// Elo and the SPRT, writes the records, and reads them back (--resume,
// --merge).
#pragma once

#include <ostream>

#include "games/registry.hpp"
#include "tournament/options.hpp"
#include "tournament/play.hpp"
#include "tournament/tournament.hpp"

namespace tournament {

// Plays (or, with --merge, counts) the tournament of `o`, printing each pair
// and the standings; with `result`, the standings as values too. Its exit
// status.
int run_pairs(const Options& o, const games::GameInfo& info, const Programs& programs,
              std::ostream& out, std::ostream& err, TournamentResult* result);

}  // namespace tournament
