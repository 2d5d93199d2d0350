// web::Matches: the computer seats' threads and their share of the time.
#include <algorithm>

#include "web/matches.hpp"
#include "web/matches_shared.hpp"

namespace web {
namespace {

using nlohmann::json;

}  // namespace

// Queues the game for a bot thread if a bot is to move and none is thinking
// for it already (a bot thinks for one decision at a time).
void Matches::queue_bot(Match& match) {
  const auto& state = *match.state;
  if (!replaying_ && !over(match) && !match.thinking &&
      !match.seats[static_cast<std::size_t>(state.to_move())].bot.empty() &&
      bot_queued_.insert(match.id).second) {
    bot_turns_.push_back(match.id);
    bots_wake_.notify_one();
  }
}

// A bot's time a decision: bot_time_ms when the bots have a thread each, a
// fair share when more are waiting, so that the bots of one game never hold
// another's up for long (at least 20 ms).
int Matches::bot_share_ms() const {
  const int threads = static_cast<int>(bot_threads_.size());
  const int waiting = static_cast<int>(bot_turns_.size()) + bots_thinking_;
  return std::max(20, limits_.bot_time_ms * threads / std::max(threads, waiting));
}

void Matches::bot_loop() {
  std::unique_lock lock(mutex_);
  while (true) {
    bots_wake_.wait(lock, [&] { return stopping_ || !bot_turns_.empty(); });
    if (stopping_) return;
    const std::string id = bot_turns_.front();
    bot_turns_.pop_front();
    bot_queued_.erase(id);
    auto at = matches_.find(id);
    if (at == matches_.end() || over(*at->second) || at->second->thinking) continue;
    Match& match = *at->second;
    const int player = match.state->to_move();
    const std::shared_ptr<engine::AnyBot> bot = match.seats[static_cast<std::size_t>(player)].ai;
    if (!bot) continue;
    const auto state = match.state->clone();
    const std::uint64_t version = match.version;
    bot->set_time_ms(bot_share_ms());
    ++bots_thinking_;
    match.thinking = true;
    lock.unlock();  // think without holding the games
    const std::string action = bot->choose(*state);
    lock.lock();
    --bots_thinking_;
    at = matches_.find(id);
    if (at == matches_.end()) continue;
    at->second->thinking = false;
    if (at->second->version == version) {
      play(*at->second, player, action);
    } else {
      queue_bot(*at->second);  // the game changed meanwhile (an undo): think again
    }
  }
}

}  // namespace web
