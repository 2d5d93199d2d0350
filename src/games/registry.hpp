// Every game under the contract, by name: how to make it from parameters, the
// bots that can play it, and the match runner (`gridgames selfplay`). The one
// place above the games that knows them all.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"

namespace games {

struct SelfplayOptions {
  int games = 10;
  std::uint64_t seed = 1;
  std::vector<std::string> bots = {"random"};
  int max_length = 0;  // 0: the game's own parameter or default
  engine::Params params;
  std::int64_t nodes = 0;  // thinking of searching bots: iterations per decision
  int time_ms = 0;         // or milliseconds per decision
};

struct GameInfo {
  engine::GameEntry entry;
  std::vector<std::string> bots;  // the bot names this game has
  // Plays the matches; prints the results to `out` and violations to `err`.
  // Returns 0, or 1 on any violation of the contract, 2 on bad options.
  int (*selfplay)(const SelfplayOptions& options, std::ostream& out, std::ostream& err);
};

const std::vector<GameInfo>& all_games();
const GameInfo* find_game(std::string_view name);

}  // namespace games
