// RAIInet's commands (raiinet.txt "Interactions"): move, abilities, ability,
// board, sequence, quit. Every line gets its answer; a wrong one is refused
// with the reason and the same player goes on.
#pragma once

#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/raiinet/state.hpp"

namespace raiinet {

class Session {
 public:
  static constexpr int kMaxSequenceDepth = 16;
  using Observer = std::function<void(const Position&)>;
  // Two people at one terminal: called when the turn passes to `next` (0 or
  // 1), with what the command printed so far, before `next`'s secrets show.
  using Handover = std::function<void(const std::string& so_far, int next)>;

  // A text layer over the rules' state, with no length limit.
  explicit Session(Position game)
      : state_(State::of_game(std::move(game), std::numeric_limits<int>::max())) {}

  // Runs one command line and returns what it prints.
  std::string execute(std::string_view line);
  // Where the files of `sequence` commands typed at the top are (the
  // current folder without it).
  void set_folder(std::string folder) { folder_ = std::move(folder); }
  // Plays an action (the computer's, typed) and returns what it prints, as
  // execute() does for its text.
  std::string apply(const State::Action& action);
  // The display for the player whose turn it is.
  std::string board() const;
  bool finished() const { return finished_; }
  const Position& game() const { return state_.game(); }
  const State& state() const { return state_; }
  // Called after every change of the game (displays other than the text).
  void add_observer(Observer observer) { observers_.push_back(std::move(observer)); }
  void set_handover(Handover handover) { handover_ = std::move(handover); }
  // Against the computer: every display is this player's, whoever is to move.
  void set_viewer(int player) { viewer_ = player; }

 private:
  // `folder`: where the sequence file that holds the line is ("" at the top).
  std::string run(std::string_view line, int depth, const std::string& folder = "");
  std::string sequence(const std::vector<std::string_view>& words, int depth,
                       const std::string& folder);

  State state_;
  std::string folder_;
  bool finished_ = false;
  std::vector<Observer> observers_;
  Handover handover_;
  std::optional<int> viewer_;
};

}  // namespace raiinet
