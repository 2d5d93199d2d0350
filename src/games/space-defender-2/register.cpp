// Space Defender 2 in the registry: front ends play it in its ETF program's
// session (one copy of the game: the program's), started by play(...) and
// the setup of the chosen equipment.
#include "games/registry_entry.hpp"
#include "games/space-defender-2/boards.hpp"
#include "games/space-defender-2/session.hpp"
#include "games/space-defender-2/state.hpp"

namespace games {
namespace {

std::vector<std::string> sd2_start(const engine::Params& p) {
  std::vector<std::string> start;
  if (p.count("debug") && p.at("debug") == "1") start.push_back("toggle_debug_mode");
  start.push_back("play(" + p.at("row") + "," + p.at("column") + "," + p.at("g_threshold") + "," +
                  p.at("f_threshold") + "," + p.at("c_threshold") + "," + p.at("i_threshold") +
                  "," + p.at("p_threshold") + ")");
  for (const char* stage : {"weapon", "armour", "engine", "power"}) {
    start.push_back("setup_select(" + p.at(stage) + ")");
    start.push_back("setup_next(1)");
  }
  start.push_back("setup_next(1)");  // from the summary into the game
  return start;
}

// The grader's comparison by position: the boards of the expected output
// (the oracle's transcript), each after its command.
const BoardRules kBoards = {nullptr, &space_defender_2::read_boards, nullptr, nullptr,
                            "a line of column numbers, then a row a letter"};

}  // namespace

GameInfo register_space_defender_2() {
  GameInfo game = info<space_defender_2::State, &generic_bot<space_defender_2::State>,
                       &make_etf<space_defender_2::State, space_defender_2::Session,
                                 &space_defender_2::grammar, &sd2_start>>(
      "space-defender-2", "Space Defender 2", "a Starfighter against waves of enemies (one player)",
      {"random", "uct"},
      {{{{"max_length", "60"}, {"weapon", "2"}, {"power", "5"}}, 30, 60},
       // Pylons spawning most (the draw from 40 to 100 of 100), on a board
       // small enough to see them: the grader's random scripts start here too.
       {{{"max_length", "60"},
         {"row", "5"},
         {"column", "10"},
         {"g_threshold", "10"},
         {"f_threshold", "20"},
         {"c_threshold", "30"},
         {"i_threshold", "40"},
         {"p_threshold", "101"}},
        20,
        60}},
      // The score has no bound the rules set: 10^9 stands for none.
      GameFacts{.chance = true, .min_return = 0.0, .max_return = 1e9, .return_sum = std::nullopt});
  game.board = &kBoards;
  game.commands = &space_defender_2::grammar;
  return game;
}

}  // namespace games
