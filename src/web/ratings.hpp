// The site's ratings: Glicko-2 (glicko2.hpp), one for each account in each
// pool, a pool being a game and its variant (the parameters that differ
// from the defaults: classic Amazons is "amazons rules=standard", the
// extended game on 8 x 8 "amazons cols=8 rows=8"). A rated game of two accounts updates both when
// it ends, each from the other's rating before it. Kept in the store
// (kind "rating POOL", key the account's).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "games/registry.hpp"
#include "web/glicko2.hpp"
#include "web/store.hpp"

namespace web {

struct PlayerRating {
  std::string name;  // the account's, as its owner writes it
  glicko2::Rating rating;
  int games = 0;
};

// The pool of a game played with `params` (the seed and what deals left out).
std::string rating_pool(const games::GameInfo& info, const engine::Params& params);

// The account's rating in the pool (a new player's: 1500, deviation 350).
PlayerRating rating_of(const Store& store, const std::string& pool, const std::string& key,
                       const std::string& name);

// Records a rated game of two accounts that ended with `score_first` for
// the first (1, 0.5 or 0); answers the two ratings after it.
std::pair<PlayerRating, PlayerRating> rate_game(Store& store, const std::string& pool,
                                                const std::pair<std::string, std::string>& keys,
                                                const std::pair<std::string, std::string>& names,
                                                double score_first);

// {"game", "variant", "players": [{"username", "rating", "rd", "games"}]}:
// best first.
nlohmann::json ratings_table(const Store& store, const std::string& game,
                             const std::string& variant);

}  // namespace web
