// web::Matches: the players' clocks.
#include <algorithm>
#include <utility>

#include "web/matches.hpp"
#include "web/matches_shared.hpp"

namespace web {
namespace {

using nlohmann::json;

}  // namespace

// The time control {"minutes", "increment_seconds"}, each player's clock full.
void Matches::start_clocks(Match& match, const json& clock) {
  Match::Clocks c;
  c.increment_ms = std::llround(clock.value("increment_seconds", 0.0) * 1000);
  c.left_ms.assign(static_cast<std::size_t>(match.state->players()),
                   std::llround(clock.value("minutes", 0.0) * 60000));
  c.moved.assign(c.left_ms.size(), false);
  match.clocks = c;
}

// The time of the step being taken, or now.
std::int64_t Matches::time_ms() const {
  return step_ms_ ? *step_ms_ : now_ms();
}

// Whether the clock of the player to move runs: it has moved before.
bool Matches::clock_runs(const Match& match) {
  const auto& c = *match.clocks;
  return c.running >= 0 && c.moved[static_cast<std::size_t>(c.running)];
}

// The clocks after a change: the time used is taken from the player whose
// clock ran, who gains the increment when the turn passes on; a player's
// first move costs nothing and starts its clock.
void Matches::tick(Match& match) {
  if (!match.clocks) return;
  auto& c = *match.clocks;
  const std::int64_t t = time_ms();
  const int next = over(match) ? -1 : match.state->to_move();
  if (c.running >= 0) {
    const auto at = static_cast<std::size_t>(c.running);
    if (c.moved[at]) {
      c.left_ms[at] -= t - c.since_ms;
      if (next != c.running && next >= 0) c.left_ms[at] += c.increment_ms;
    }
    if (next != c.running) c.moved[at] = true;
  }
  c.running = next;
  c.since_ms = t;
}

// Ends the game if the clock that runs has run out: that player loses.
void Matches::flag(Match& match) {
  if (!match.clocks || !clock_runs(match) || over(match)) return;
  const auto& c = *match.clocks;
  const int loser = c.running;
  if (c.left_ms[static_cast<std::size_t>(loser)] - (time_ms() - c.since_ms) > 0) return;
  if (!persist(match, "timeout", loser, "")) {
    // Another server wrote a step first (its own timeout, or a move in
    // time): taken here instead.
    if (!std::exchange(raced_, "").empty()) catch_up(match);
    return;
  }
  lose(match, loser, "ran out of time", engine::EndedBy::Time);
}

// A player's milliseconds left now.
std::int64_t Matches::left_ms(const Match& match, int player) const {
  const auto& c = *match.clocks;
  const auto at = static_cast<std::size_t>(player);
  std::int64_t ms = c.left_ms[at];
  if (player == c.running && c.moved[at]) ms -= time_ms() - c.since_ms;
  return std::max<std::int64_t>(0, ms);
}

// Each player's milliseconds left now.
json Matches::clocks_json(const Match& match) const {
  json left = json::array();
  for (int p = 0; p < static_cast<int>(match.clocks->left_ms.size()); ++p)
    left.push_back(left_ms(match, p));
  return left;
}

}  // namespace web
