// One game of a pair, its players bots or other people's confined programs
// (program:COMMAND), and the confinement those programs play in.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "games/registry.hpp"
#include "sandbox/arena.hpp"
#include "tournament/options.hpp"

namespace tournament {

using nlohmann::json;

// One game's outcome as the tournament keeps it.
struct Played {
  int pair = 0, game = 0;     // which pair, and 0 or 1 within it
  int first = 0, second = 0;  // the players in seats 1 and 2
  double first_points = 0.5;  // 1, 0.5 or 0
  std::string verdict;        // "win" or "draw" by the rules, else the loser's fault's kind
  std::string reason;         // how it ended: "rules", or the loser's fault in words
  json record;                // the JSON line
  bool interrupted = false;   // the tournament was stopped (a signal) during the game
  // Lost by the loser's fault (crash, time, illegal action), not by the rules.
  bool by_fault() const { return reason != "rules"; }
};

// Where program: players play: a folder for each seat of each game in the
// tournament's temporary folder, confined (engine/arena.hpp).
struct Programs {
  std::unique_ptr<sandbox::CallArena> arena;
};

// Plays one game: seat 1 `first`, seat 2 `second`. A player whose action
// the rules refuse loses the game ("illegal action"), as does a program
// that crashes or runs out of time.
Played play_game(const Options& o, const games::GameInfo& info, const Programs& programs, int pair,
                 int game, int first, int second);

// The folder and the confinement of the program: players, if there are
// any; false (and why) if they cannot be confined as asked.
bool prepare_programs(const Options& o, Programs& programs, std::ostream& err);

}  // namespace tournament
