// Sword and Shield's commands: create, move, rotate, pass, the choice of a
// reaction, undo and quit. A refused command changes nothing.
#pragma once

#include <string>
#include <string_view>

#include "engine/history.hpp"
#include "games/sword-and-shield/game.hpp"

namespace sas {

class Session {
 public:
  explicit Session(Game game = Game()) : game_(std::move(game)) {}
  // The compact display (text::compact_display) instead of the full one.
  void set_compact(bool compact) { compact_ = compact; }

  // The display of the game as it stands.
  std::string display() const;
  // Runs one command line and returns what it prints.
  std::string execute(std::string_view line);
  bool finished() const { return quit_; }
  const Game& game() const { return game_; }

 private:
  std::optional<std::string> run(const std::vector<std::string_view>& words);

  Game game_;
  engine::History<Game> history_;
  std::size_t chain_start_ = 0;  // history size before the command that began the chain
  bool quit_ = false;
  bool compact_ = false;
};

}  // namespace sas
