// pyspiel's Bot: a base that Python classes derive from (OpenSpiel's
// MCTSBot does), and the games' own bots behind it.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <utility>

#include "games/registry.hpp"
#include "python/spiel.hpp"

namespace gridgames_python {

// What pyspiel.Bot offers; Python subclasses override step (and the rest as
// they need).
class Bot {
 public:
  virtual ~Bot() = default;
  virtual int step(const State& state);
  virtual void restart() {}
  virtual void restart_at(const State&) {}
  virtual void inform_action(const State&, int /*player*/, int /*action*/) {}
  virtual bool provides_policy() { return false; }
  virtual bool provides_force_action() { return false; }
};

// A bot of the game (random, uct, ai, ...). One search at a time: a second
// thread asking while it thinks is told so (RuntimeError); it thinks on a
// copy of the state, so that the state may change meanwhile.
class NativeBot : public Bot {
 public:
  NativeBot(const std::string& name, const Game& game, std::uint64_t seed, std::int64_t nodes,
            int time_ms);
  int step(const State& state) override;
  // The text of the action it chooses; the search runs without the GIL.
  std::string choose(const State& state);

 private:
  // The action it chooses for `state` as it is now: its text and its id.
  std::pair<std::string, int> think(const State& state);
  std::string game_name_;
  std::unique_ptr<engine::AnyBot> bot_;
  std::atomic<bool> thinking_ = false;
};

}  // namespace gridgames_python
