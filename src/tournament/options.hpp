// A tournament's options: what `gridgames tournament` is asked to play, read
// from its arguments (CLI11), and where it goes to Slurm.
#pragma once

#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/params.hpp"
#include "engine/players.hpp"
#include "engine/stats.hpp"
#include "sandbox/arena.hpp"
#include "sandbox/call.hpp"

namespace tournament {

struct Options {
  std::string game;
  std::vector<std::string> players;
  int games = 2;  // per encounter of two players: pairs of games, seats swapped
  int concurrency = 1;
  // The seed of the starts (a game's deal) and the bots: --seed, or drawn
  // from the system's random source (seed_drawn), so that no program can
  // know the deals beforehand; the standings and every record say it.
  std::uint64_t seed = 1;
  bool seed_drawn = false;
  int max_length = 0;
  int random_plies = 0;  // played at random at the start of each pair, the same for both games
  // The openings of --openings FILE (each a list of actions), played one a
  // pair (both games), in the file's order or in the seed's.
  std::vector<std::vector<std::string>> openings;
  std::string openings_file;
  bool shuffle_openings = false;
  int encounters = 1;  // how many encounters of two players share the pairs
  engine::Params params;
  std::optional<engine::Sprt> sprt;
  std::string records, pgn, sgf_dir;
  bool gauntlet = false;                // the first player against each of the others only
  bool resume = false;                  // go on from the records
  int slice = 0, slices = 1;            // play the pairs whose number % slices is slice
  std::vector<std::string> merge;       // count these records' pairs, play nothing
  sandbox::CallLimits limits;           // of program: players' calls
  sandbox::ConfinementRequest confine;  // and how they are confined
  // --clock BASE+INC: each seat's game clock at the start (and its
  // increment a decision); a seat whose clock runs out loses on time.
  std::optional<engine::SeatClock> clock;
};

// A program of someone else: "program:COMMAND" speaks the game's own file
// protocol where it has one (Amazons'), else the engine protocol
// (engine/protocol.hpp); "engine:COMMAND" the engine protocol in any game.
constexpr std::string_view kProgram = "program:";
constexpr std::string_view kEngine = "engine:";

// Whether a player is a program of someone else (played in the sandbox).
inline bool is_program(const std::string& player) {
  return player.starts_with(kProgram) || player.starts_with(kEngine);
}
// The command of such a player.
inline std::string program_command(const std::string& player) {
  return player.substr(player.find(':') + 1);
}

// Where a tournament goes to Slurm, and whether to wait for it.
struct Slurm {
  std::string dir;
  int tasks = 16;
  bool wait = false;
};

// "BASE+INC" in seconds (such as 60+0.5), or why not.
std::variant<engine::SeatClock, std::string> read_clock(const std::string& text);
// The clock as --clock gives it: "60+0.5".
std::string clock_text(const engine::SeatClock& clock);

// "elo0,elo1,alpha,beta", or why not.
std::variant<engine::Sprt, std::string> read_sprt(const std::string& text);

// The arguments of a tournament (those after "tournament") read into `o`;
// nullopt when they are good, else the exit code (after the reason).
std::optional<int> read_options(std::vector<std::string> args, Options& o, Slurm& slurm,
                                std::ostream& out = std::cout, std::ostream& err = std::cerr);

}  // namespace tournament
