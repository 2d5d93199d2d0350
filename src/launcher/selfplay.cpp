#include "launcher/selfplay.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

#include "engine/random.hpp"
#include "engine/words.hpp"
#include "games/registry.hpp"

namespace launcher {

int run_selfplay(int argc, const char* const* argv) {
  games::SelfplayOptions o;
  std::string game;
  std::string bots = "random";
  std::vector<std::string> params;
  std::string game_names;
  for (const games::GameInfo& g : games::all_games()) {
    game_names += (game_names.empty() ? "" : ", ") + g.name + " (bots: ";
    for (std::size_t i = 0; i < g.bots.size(); ++i) game_names += (i ? ", " : "") + g.bots[i];
    game_names += ")";
  }
  CLI::App app{
      "Plays games between bots through the game contract, the seats rotating from\n"
      "game to game, checking the contract at every step. Games: " +
          game_names,
      "gridgames selfplay"};
  app.add_option("game", game, "the game")->required();
  app.add_option("--games", o.games, "games to play")->check(CLI::Range(1, 10000000));
  app.add_option("--seed", o.seed,
                 "the seed of the games (deals) and bots; without it, one drawn from the "
                 "system's random source, and said");
  app.add_option("--bots", bots,
                 "the bots, comma-separated, seated in turn; NAME@N or NAME@Nms gives one its "
                 "own iterations or milliseconds a decision");
  app.add_option("--max-length", o.max_length, "the length limit of games that need one")
      ->check(CLI::Range(1, 10000000));
  app.add_option("--param", params, "a game parameter NAME=VALUE (repeatable)");
  app.add_option("--nodes", o.nodes, "search iterations per decision of searching bots")
      ->check(CLI::Range(std::int64_t{1}, games::kMaxBotNodes));
  app.add_option("--time", o.time_ms, "milliseconds per decision of searching bots")
      ->check(CLI::Range(1, games::kMaxBotTimeMs));
  app.add_flag("--each-game", o.each_game,
               "print a line for each game: its start's seed, each seat's bot and result, its "
               "length");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (app.count("--seed") == 0) {
    o.seed = engine::system_seed();
    o.seed_drawn = true;
  }
  const games::GameInfo* info = games::find_game(game);
  if (!info) {
    std::cerr << "gridgames selfplay: unknown game \"" << game << "\"; the games are " << game_names
              << "\n";
    return 2;
  }
  o.bots = engine::split_on(bots, ',');
  if (const auto wrong = games::add_params(params, o.params)) {
    std::cerr << "gridgames selfplay: --param " << *wrong << ": write it as NAME=VALUE\n";
    return 2;
  }
  return info->selfplay(o, std::cout, std::cerr);
}

}  // namespace launcher
