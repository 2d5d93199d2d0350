// Connect Four's commands at a terminal: drops, undo, board, help, quit. A
// refused command changes nothing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "games/connect-four/state.hpp"

namespace connect_four {

class Session {
 public:
  explicit Session(State state = State()) : state_(state) {}

  // The display of the game as it stands.
  std::string display() const;
  // Runs one command line and returns what it prints.
  std::string execute(std::string_view line);
  // Plays an action (the computer's, typed) and returns what it prints.
  std::string apply(const State::Action& action);
  // Takes back the last drop, while the game is not over (a finished game
  // is a record); whether there was one to take back.
  bool undo();
  bool finished() const { return quit_; }
  const State& state() const { return state_; }

 private:
  State state_;
  std::vector<State> before_;  // the states before each drop, for undo
  bool quit_ = false;
};

}  // namespace connect_four
