// Players of a game chosen at run time, as the match runners (selfplay,
// tournaments, the web's computer seats, Python's bots) hold them: a bot
// that picks an action's text for the player to move, and why a player gave
// none. Below the games, so that a game's folder can make such a player
// (Amazons' program: players) without the registry. A program of someone
// else plays its seat in the sandbox (sandbox/arena.hpp: ProgramSeat).
#pragma once

#include <algorithm>
#include <optional>
#include <string>

#include "engine/game.hpp"

namespace engine {

// Why a player could not give an action, which loses it the game: a
// program that crashed or broke a limit ("crash"), ran out of time
// ("time"), or answered with a move the rules refuse ("illegal action").
struct Fault {
  std::string kind;
  std::string detail;  // in words, for people
};

// A seat's game clock before its decision: the time it has left, and what
// each decision adds once made (Fischer's increment). A decision is an
// action of the contract: a turn of several actions (Amazons' move and
// shot) is charged to its first, which thinks, and gains an increment an
// action.
struct SeatClock {
  int remaining_ms = 0;
  int increment_ms = 0;
};

// The time a decision takes of `clock` when about `decisions_left` are to
// come and each takes its even share: what is left shared out, and the
// increment, never more than half of what is left (the rest keeps the seat
// from losing on time while the share runs over; at least 1 ms).
inline int even_share_ms(const SeatClock& clock, int decisions_left) {
  const long long left = std::max(0, clock.remaining_ms);
  const long long share = left / std::max(1, decisions_left) + std::max(0, clock.increment_ms);
  return static_cast<int>(std::max(1LL, std::min(share, left / 2)));
}

// How many decisions a bot that knows nothing of its game's length expects
// to come (a share of 1/30 of what is left: the common choice of chess
// engines without a moves-to-go).
inline constexpr int kDecisionsLeftUnknown = 30;

// A bot of a game chosen at run time: picks the text of a legal action for
// the player to move. It may keep a plan between calls.
class AnyBot {
 public:
  virtual ~AnyBot() = default;
  virtual std::string choose(const AnyState& state) = 0;
  // For a bot that thinks by the clock: `ms` a decision from now on.
  virtual void set_time_ms(int ms) = 0;
  // Under a game clock, before each decision: what it has. A bot that knows
  // its game spends it as it sees fit; by default an even share.
  virtual void set_clock(const SeatClock& clock) {
    set_time_ms(even_share_ms(clock, kDecisionsLeftUnknown));
  }
  // After choose: the player's fault if it gave no action (a program's).
  virtual std::optional<Fault> fault() const { return std::nullopt; }
};

}  // namespace engine
