// web::Matches: what a bot account's program is asked (the engine
// protocol's request, engine/protocol.hpp): its owner's bridge
// (`gridgames bot`) gives it to the program on its owner's machine and
// plays the answer like any seat.
#include <algorithm>

#include "engine/protocol.hpp"
#include "web/matches.hpp"
#include "web/matches_shared.hpp"

namespace web {
namespace {

using nlohmann::json;

// A decision's time with a clock: a twentieth of what is left and most of
// the increment, never all that is left.
constexpr std::int64_t kClockShare = 20, kMarginMs = 200, kLeastMs = 100;

}  // namespace

Answer<json> Matches::protocol_request(const std::string& id, const std::string& token,
                                       int default_ms) {
  const std::lock_guard lock(mutex_);
  int player = 0;
  auto found = find_seat(id, token, player);
  if (auto* refusal = std::get_if<Refusal>(&found)) return *refusal;
  Match& match = *std::get<Match*>(found);
  tick(match);  // a clock that ran out ends the game first
  if (over(match)) return Refusal{409, "the game is over"};
  if (open_seats(match) > 0) return Refusal{409, "the game waits for an opponent"};
  if (match.state->to_move() != player) return Refusal{409, "it is not your turn"};
  std::int64_t move_ms = default_ms;
  std::optional<engine::SeatClock> clock;
  if (match.clocks) {
    const std::int64_t left = left_ms(match, player);
    move_ms = std::min(left / kClockShare + match.clocks->increment_ms * 8 / 10, left - kMarginMs);
    move_ms = std::max(move_ms, kLeastMs);
    clock = engine::SeatClock{static_cast<int>(std::max<std::int64_t>(0, left - kMarginMs)),
                              static_cast<int>(match.clocks->increment_ms)};
  }
  std::vector<std::string> moves;
  moves.reserve(match.actions.size());
  for (const auto& [mover, action] : match.actions) moves.push_back(action);
  return engine::protocol_request(match.info->name, match.params, *match.state, moves,
                                  static_cast<int>(move_ms), clock, match.version);
}

}  // namespace web
