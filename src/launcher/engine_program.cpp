#include "launcher/engine_program.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <string>

#include "engine/protocol.hpp"
#include "engine/words.hpp"
#include "games/registry.hpp"

namespace launcher {
namespace {

// The time a bot thinks when its name gives no budget: most of the
// decision's, less what starting and answering cost.
constexpr int kStartMarginMs = 100;

int refuse(const std::string& why) {
  std::cerr << "gridgames engine: " << why << "\n";
  return 2;
}

}  // namespace

int run_engine(int argc, const char* const* argv) {
  CLI::App app{
      "One of our bots as a program of the engine protocol (docs/engine-protocol.md): reads a "
      "request on standard input, prints the bot's action.",
      "gridgames engine"};
  std::string game, bot;
  app.add_option("game", game, "the game")->required();
  app.add_option("bot", bot, "the bot: NAME, NAME@N (N iterations) or NAME@Nms")->required();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  const games::GameInfo* info = games::find_game(game);
  if (!info) return refuse("no game \"" + game + "\"");
  std::string line;
  if (!std::getline(std::cin, line) || engine::trim(line).empty())
    return refuse("no request on standard input");
  auto parsed = engine::parse_protocol_request(line);
  if (const auto* why = std::get_if<std::string>(&parsed)) return refuse(*why);
  const engine::ProtocolRequest& request = std::get<engine::ProtocolRequest>(parsed);
  if (request.game != info->name)
    return refuse("the request is for " + request.game + ", not " + info->name);
  auto made = info->make(request.params);
  if (const auto* why = std::get_if<std::string>(&made)) return refuse(*why);
  auto state = std::get<std::unique_ptr<engine::AnyState>>(std::move(made));
  for (const std::string& move : request.moves) {
    if (state->over()) return refuse("the game is over before the move \"" + move + "\"");
    if (const auto refused = state->apply(move)) return refuse("\"" + move + "\": " + *refused);
  }
  if (state->over()) return refuse("the game is over: there is nothing to play");
  if (state->to_move() != request.player)
    return refuse("the request's player " + std::to_string(request.player) +
                  " is not the player to move, " + std::to_string(state->to_move()));
  games::SelfplayOptions thinking;
  if (bot.find('@') == std::string::npos && request.move_ms > 0)
    thinking.time_ms = std::max(1, request.move_ms * 7 / 10 - kStartMarginMs);
  // The same request, the same answer: seeded by the game's length.
  auto player = info->make_bot(bot, thinking, 0x9e3779b97f4a7c15ULL ^ request.moves.size());
  if (!player) return refuse("no bot \"" + bot + "\" for " + info->name);
  // Under a game clock the bot spends it as it sees fit, less this call's start.
  if (request.clock && bot.find('@') == std::string::npos)
    player->set_clock(
        {std::max(1, request.clock->remaining_ms - kStartMarginMs), request.clock->increment_ms});
  std::cout << player->choose(*state) << "\n";
  return 0;
}

}  // namespace launcher
