// Any game of the registry at a terminal: its actions as the game writes
// them, and undo, board, moves, help, quit. A refused command changes
// nothing. The program (terminal.hpp) adds the options and the computer.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/any_state.hpp"
#include "games/registry.hpp"

namespace terminal {

class Session {
 public:
  Session(const games::GameInfo& game, std::unique_ptr<engine::AnyState> state);

  // The game as the player to move sees it (every player once it is over):
  // the players take turns at one terminal.
  std::string display() const;
  // Runs one command line and returns what it prints.
  std::string execute(std::string_view line);
  // Plays an action (the computer's, or typed) and returns what it prints.
  std::string apply(std::string_view action);
  // Takes back the last action while the game is not over (a finished game
  // is a record); whether there was one to take back.
  bool undo();
  bool finished() const { return quit_; }
  const engine::AnyState& state() const { return *state_; }

 private:
  // Whose eyes the display and the events are seen through.
  int viewer() const;
  std::string help() const;

  const games::GameInfo& game_;
  std::unique_ptr<engine::AnyState> state_;
  std::vector<std::unique_ptr<engine::AnyState>> before_;  // for undo
  bool quit_ = false;
};

// A seat's name for people: the view's `players[seat].name` (docs/views.md),
// else "Player N" from 1.
std::string seat_name(const engine::AnyState& state, int seat);

}  // namespace terminal
