// Where each pair of games starts: its parameters, its random plies or its
// opening of an --openings file, the same for both games of the pair.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "games/registry.hpp"
#include "tournament/options.hpp"

namespace tournament {

// The game's start for a pair (games::start_params): the same for both
// games of the pair.
engine::Params start_of_pair(const Options& o, const games::GameInfo& info, int pair);

// The pair's opening: --random-plies plies of actions drawn at random from
// the pair's seed (a ply ends when the player to move changes: an Amazons
// move and its shot, a Sword and Shield turn), marked as such in the record.
void play_random_plies(const Options& o, int pair, engine::AnyState& state,
                       nlohmann::json& actions);

// The opening of a pair (its index in the suite): the pairs of each
// encounter go through the suite in order, or in an order drawn from the
// seed, once each before any comes again.
std::size_t opening_of(const Options& o, int pair);

// The pair's opening of --openings, played as it is, marked in the record.
void play_opening(const Options& o, int pair, engine::AnyState& state, nlohmann::json& actions);

// Reads --openings FILE: an opening a line, its actions (the game's texts)
// separated by ";", "#" and what follows a comment; each checked from the
// start of the first pair. Empty, or why not.
std::string read_openings(Options& o, const games::GameInfo& info);

}  // namespace tournament
