#include "python/bot.hpp"

#include "engine/words.hpp"

namespace gridgames_python {

int Bot::step(const State&) {
  throw py::type_error("a Bot subclass defines step(state)");
}

NativeBot::NativeBot(const std::string& name, const Game& game, std::uint64_t seed,
                     std::int64_t nodes, int time_ms)
    : game_name_(game.name()) {
  games::SelfplayOptions thinking;
  thinking.nodes = nodes;
  thinking.time_ms = time_ms;
  bot_ = game.info().make_bot(name, thinking, seed);
  if (!bot_) {
    std::string bots;
    for (const std::string& b : game.info().bots) bots += (bots.empty() ? "" : ", ") + b;
    throw py::value_error("no bot \"" + engine::printable(name) + "\" for " + game_name_ +
                          " (its bots: " + bots + ")");
  }
}

std::string NativeBot::choose(const State& state) {
  return think(state).first;
}

int NativeBot::step(const State& state) {
  return think(state).second;
}

std::pair<std::string, int> NativeBot::think(const State& state) {
  if (state.game().name() != game_name_) throw py::value_error("this bot plays " + game_name_);
  if (state.is_terminal()) throw py::value_error("the game is over");
  if (thinking_.exchange(true))
    throw std::runtime_error("this bot is thinking in another thread: make a bot for each thread");
  struct Done {
    std::atomic<bool>& flag;
    ~Done() { flag = false; }
  } done{thinking_};
  const auto copy = state.any().clone();  // the caller's state may change meanwhile
  py::gil_scoped_release free;
  std::string text = bot_->choose(*copy);
  const int id = copy->id_of(text).value_or(kInvalidAction);
  return {std::move(text), id};
}

}  // namespace gridgames_python
