// Players of a game chosen at run time, as the match runners (selfplay,
// tournaments, the web's computer seats, Python's bots) hold them: a bot
// that picks an action's text for the player to move, and why a player gave
// none. Below the games, so that a game's folder can make such a player
// (Amazons' program: players) without the registry. A program of someone
// else plays its seat in the sandbox (sandbox/arena.hpp: ProgramSeat).
#pragma once

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

// A bot of a game chosen at run time: picks the text of a legal action for
// the player to move. It may keep a plan between calls.
class AnyBot {
 public:
  virtual ~AnyBot() = default;
  virtual std::string choose(const AnyState& state) = 0;
  // For a bot that thinks by the clock: `ms` a decision from now on.
  virtual void set_time_ms(int ms) = 0;
  // After choose: the player's fault if it gave no action (a program's).
  virtual std::optional<Fault> fault() const { return std::nullopt; }
};

}  // namespace engine
