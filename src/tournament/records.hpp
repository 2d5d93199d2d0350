// A tournament's records: each action as the JSON lines keep it, and the
// games as PGN (Ordo, BayesElo).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/any_state.hpp"
#include "tournament/options.hpp"
#include "tournament/play.hpp"

namespace tournament {

// An action of a game's record: who played it, its text, its time, and the
// game's notation of it where the game has one (classic Amazons: d1-d7).
nlohmann::json action_record(const engine::AnyState& state, int player, const std::string& action,
                             long long ms);

// The PGN of a game: its tags and, where the game has a notation, its moves,
// as Ordo and BayesElo read them.
std::string pgn_of(const Options& o, const Played& p, int round);

}  // namespace tournament
