// Every game under the contract, by name: how to make it from parameters, the
// bots that can play it, and the match runner (`gridgames selfplay`). Each
// game registers itself (src/games/<game>/register.cpp, listed by the build:
// gridgames_add_game in src/CMakeLists.txt); nothing here names a game.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/game.hpp"
#include "engine/players.hpp"

namespace sandbox {
struct ProgramSeat;  // sandbox/arena.hpp: where a program of others plays
}  // namespace sandbox
namespace engine::etf {
class Grammar;  // engine/etf.hpp: an ETF program's commands
}  // namespace engine::etf

namespace games {

// The largest budgets a searching bot can be given: iterations, milliseconds.
constexpr std::int64_t kMaxBotNodes = 1000000000;
constexpr int kMaxBotTimeMs = 3600000;

struct SelfplayOptions {
  int games = 10;
  std::uint64_t seed = 1;
  bool seed_drawn = false;  // not given: drawn from the system's random source, and said
  std::vector<std::string> bots = {"random"};
  int max_length = 0;  // 0: the game's own parameter or default
  engine::Params params;
  std::int64_t nodes = 0;  // thinking of searching bots: iterations per decision
  int time_ms = 0;         // or milliseconds per decision
  bool each_game = false;  // print each game's seats and results too
};

// A start of the random-simulation test (tests/contract/): the game's
// parameters, how many random games to play from them, and the length they
// must end within.
struct SimulationStart {
  engine::Params params;
  int games = 10;
  int bound = 1000;
};

// What kind of game it is, as learning libraries classify games (OpenSpiel's
// GameType): whether chance acts during play (the course simulations draw
// from their seeded generator as they go: sampled chance), whether a player
// may not see everything (RAIInet's links), and the range of the returns
// and whether they add up to the same in every game: games of two or more
// are zero-sum (engine::Returns); a game of one says its own.
struct GameFacts {
  bool chance = false;
  bool hidden = false;
  // Whether the rules have an undo of their own (Sword and Shield): a turn
  // of several actions is then played in the open, each taken back by it.
  bool undo = false;
  double min_return = -1.0;
  double max_return = 1.0;
  std::optional<double> return_sum = 0.0;  // nothing: the sum varies
};

// What `gridgames grade --compare board` knows of a game whose
// specification fixes its board display (RAIInet, Sword and Shield, the ETF
// games' boards): our rules replay a test
// and give each position they reach, and the positions another program
// printed are read from its output, however it words the rest.
struct BoardRun {
  // Each position reached, after the command that reached it ("" for the
  // start), consecutive repeats left out; a position is the board's rows
  // as read_boards gives them, "/" between rows.
  std::vector<std::pair<std::string, std::string>> positions;
  std::optional<int> winner;  // the winner's number from 1, once the game is over
  std::string problem;        // why the test cannot be replayed ("" when it was)
  std::string refused;        // the first command our rules refused ("" when none)
};
// A test drawn at random from what the specification alone defines, every
// command one our rules accept (`gridgames grade --random`).
struct RandomTest {
  std::vector<std::string> args;                           // the program's arguments
  std::vector<std::string> commands;                       // its standard input, a command a line
  std::vector<std::pair<std::string, std::string>> files;  // beside it: name, content
};
struct BoardRules {
  // The test's run by our rules: its arguments, its input, and the folder
  // its files (placements, sequence files) are in. Null for an ETF game:
  // its positions are read from the expected output (the oracle's
  // transcript, or our program's), each after the command echoed before it.
  BoardRun (*replay)(const std::vector<std::string>& args, std::string_view input,
                     const std::string& folder);
  // The positions a text draws, in order.
  std::vector<std::string> (*read_boards)(std::string_view text);
  // The winner it names, if it names one (its number from 1); null for a
  // game of one player.
  std::optional<int> (*read_winner)(std::string_view text);
  // A test drawn from `seed` with at most `most_actions` actions (null: the
  // game's random scripts are the ETF ones).
  RandomTest (*random_test)(std::uint64_t seed, int most_actions);
  // The display read_boards reads, in a few words for a program that draws
  // none ("eight rows of eight").
  const char* display;
};

// A game as every front end knows it. Each game registers one, in its
// folder's register.cpp (docs/adding-a-game.md); the list is all_games().
struct GameInfo {
  std::string name;  // also its program's: "sword-and-shield"
  std::string description;
  std::vector<engine::ParamSpec> params;
  // The state for these parameters (defaults filled in), or why not.
  std::variant<std::unique_ptr<engine::AnyState>, std::string> (*make)(
      const engine::Params& params);
  std::string title;              // as people write it: "Sword and Shield"
  std::vector<std::string> bots;  // the bot names this game has
  // Plays the matches; prints the results to `out` and violations to `err`.
  // Returns 0, or 1 on any violation of the contract, 2 on bad options.
  int (*selfplay)(const SelfplayOptions& options, std::ostream& out, std::ostream& err);
  // A bot by name for a state this entry made (nothing for an unknown name);
  // `options` gives its thinking (nodes or time_ms).
  std::unique_ptr<engine::AnyBot> (*make_bot)(std::string_view name, const SelfplayOptions& options,
                                              std::uint64_t seed);
  // Where the random-simulation test starts this game's random games, and
  // the test: the first violation of the contract or the invariants, if any.
  std::vector<SimulationStart> simulations;
  std::optional<std::string> (*simulate)(const SimulationStart& start, std::uint64_t seed);
  // For a game whose board's size is a parameter: the number of its fields
  // for these parameters, read before anything is built (0 if they are
  // not numbers), so that a front end can refuse a board too large.
  std::size_t (*fields)(const engine::Params& params) = nullptr;
  // For a game with a standard record format of its own (classic Amazons:
  // SGF): a finished game's record from its parameters and action texts,
  // played on `date` (YYYY-MM-DD), or nothing when these parameters have none.
  std::optional<std::string> (*sgf)(const engine::Params& params,
                                    const std::vector<std::string>& actions,
                                    const engine::Returns& returns, engine::EndedBy ended_by,
                                    const std::string& date) = nullptr;
  // For a game whose players may be programs of others speaking its file
  // protocol (Amazons' tournaments): a player that calls COMMAND (words,
  // split as a shell would without quoting) for each of its decisions.
  std::unique_ptr<engine::AnyBot> (*make_program)(const std::string& command,
                                                  const sandbox::ProgramSeat& seat) = nullptr;
  // For a game whose specification fixes a board display: what the grader
  // compares by position (nothing for the others).
  const BoardRules* board = nullptr;
  GameFacts facts = {};
  // How to play, for people (a front end's help): how an action is written
  // and what wins, in a few lines each ending in "\n"; from the state's
  // static help() where it has one (games/registry_entry.hpp).
  std::string help = {};
  // An ETF game's commands, every one its program reads (the grader's
  // random scripts); null for the other games.
  const engine::etf::Grammar& (*commands)() = nullptr;
  // For a game whose state's string can be read back directly (not by
  // playing its actions again in a program of its own): that state, or
  // nothing when the text is not one.
  std::unique_ptr<engine::AnyState> (*restore)(std::string_view text) = nullptr;
  // A quick game against the computer (the web's "Play the computer"): the
  // parameters of the game people know, and the bot that plays it (none
  // given: the defaults, and the first bot).
  struct Quick {
    engine::Params params;
    std::string bot;
  } quick = {};
};

// A round's start: the parameters given, with the round's own seed when
// the game has a seed parameter and none is given, (seed x 1000003 +
// round) mod 10^9, and the length limit when one is given (> 0) and the
// game has one. Matches (selfplay, tournaments) play every round of seats
// from its start.
engine::Params start_params(const std::vector<engine::ParamSpec>& specs, engine::Params given,
                            std::uint64_t seed, std::uint64_t round, int max_length);
// Adds each NAME=VALUE of `texts` to `params`; the first that is not one, if any.
std::optional<std::string> add_params(const std::vector<std::string>& texts,
                                      engine::Params& params);

// Every registered game, in the order of their names.
const std::vector<GameInfo>& all_games();
const GameInfo* find_game(std::string_view name);

}  // namespace games
