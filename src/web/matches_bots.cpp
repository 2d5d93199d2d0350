// web::Matches: the computer seats' threads and their share of the time.
#include <algorithm>
#include <climits>

#include "web/matches.hpp"
#include "web/matches_shared.hpp"

namespace web {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

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

// A game read from the store, or taken up to date with it: where a bot is
// to move, this server's bot plays at once if no other server shares the
// store; else the server that gave the bot its turn plays it, and this one
// only if the game is still where it is after a while (that server may be
// gone): three times the bot's time, and two seconds, from the last step.
void Matches::await_bot(Match& match) {
  if (!store_->shared()) return queue_bot(match);
  const auto& state = *match.state;
  if (over(match) || match.seats[static_cast<std::size_t>(state.to_move())].bot.empty()) return;
  const std::int64_t grace = 3 * static_cast<std::int64_t>(limits_.bot_time_ms) + 2000;
  const std::int64_t wait = std::max<std::int64_t>(0, match.last_step_ms + grace - now_ms());
  bots_due_.emplace(Clock::now() + std::chrono::milliseconds(wait), match.id, match.version);
  bots_wake_.notify_one();
}

// The bots due now (under the games' lock) queued, if their games are still
// where they were.
void Matches::bots_due() {
  const auto now = Clock::now();
  while (!bots_due_.empty() && std::get<0>(*bots_due_.begin()) <= now) {
    const auto [when, id, version] = *bots_due_.begin();
    bots_due_.erase(bots_due_.begin());
    const auto at = matches_.find(id);
    if (at != matches_.end() && at->second->version == version) queue_bot(*at->second);
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

// A bot's time for its decision in `match`: its share of the threads, and
// under a game clock never more than an even share of what its player has
// left (engine::even_share_ms), so that it keeps to any time control it can
// (a bullet game of 1+0 holds 120 decisions of 500 ms, fewer than a long
// RAIInet game's).
int Matches::bot_time_ms(const Match& match, int player) const {
  const int share = bot_share_ms();
  if (!match.clocks) return share;
  const std::int64_t left = std::min<std::int64_t>(left_ms(match, player), INT_MAX);
  const engine::SeatClock clock{static_cast<int>(left),
                                static_cast<int>(match.clocks->increment_ms)};
  return std::min(share, engine::even_share_ms(clock, engine::kDecisionsLeftUnknown));
}

void Matches::bot_loop() {
  std::unique_lock lock(mutex_);
  while (true) {
    if (stopping_) return;
    bots_due();
    if (bot_turns_.empty()) {
      // Woken by a turn, a bot due sooner, or the first due's time.
      if (bots_due_.empty()) {
        bots_wake_.wait(lock);
      } else {
        const Clock::time_point first = std::get<0>(*bots_due_.begin());  // a copy: it may go
        bots_wake_.wait_until(lock, first);
      }
      continue;
    }
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
    bot->set_time_ms(bot_time_ms(match, player));
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
      raced_.clear();
      play(*at->second, player, action);
      // Another server's bot played first (this one's was late): its move taken.
      if (!raced_.empty()) catch_up(*at->second);
    } else {
      queue_bot(*at->second);  // the game changed meanwhile (an undo): think again
    }
  }
}

}  // namespace web
