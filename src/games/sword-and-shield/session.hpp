// Sword and Shield's commands: create, move, rotate, pass, the choice of a
// reaction, undo and quit. A refused command changes nothing.
#pragma once

#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "games/sword-and-shield/state.hpp"

namespace sword_and_shield {

class Session {
 public:
  // The text commands over the rules' state (sword_and_shield::State), which keeps undo
  // and takes back reactions without end.
  explicit Session(Position game = Position())
      : state_(std::move(game), std::numeric_limits<int>::max()) {}
  // The compact display (text::compact_display) instead of the full one.
  void set_compact(bool compact) { compact_ = compact; }

  // The display of the game as it stands.
  std::string display() const;
  // Runs one command line and returns what it prints.
  std::string execute(std::string_view line);
  // Plays an action (the computer's, typed) and returns what it prints, as
  // execute() does for its text.
  std::string apply(const State::Action& action);
  bool finished() const { return quit_; }
  const Position& game() const { return state_.game(); }
  const State& state() const { return state_; }

 private:
  // Whether a line is the state's to read (an action), not a command of the session.
  bool names_an_action(const std::vector<std::string_view>& words) const;

  State state_;
  bool quit_ = false;
  bool compact_ = false;
};

}  // namespace sword_and_shield
