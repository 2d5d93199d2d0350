// The games a web server is playing: each made from the registry's entry,
// its seats (people with secret tokens, or bots), what happened so far as
// each seat may see it, and a version that grows with every change so that
// browsers can wait for the next one. Thread-safe; nothing here speaks HTTP.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "games/registry.hpp"

namespace web {

struct Limits {
  std::size_t max_games = 200;
  std::chrono::seconds idle{30 * 60};  // a game nobody touched for this long is dropped
  int bot_time_ms = 500;               // a bot's thinking a decision
};

// A refusal of a request: the HTTP status and the reason, for the client.
struct Refusal {
  int status;
  std::string reason;
};

template <typename T>
using Answer = std::variant<T, Refusal>;

class Matches {
 public:
  explicit Matches(Limits limits);
  ~Matches();
  Matches(const Matches&) = delete;
  Matches& operator=(const Matches&) = delete;

  // {"games": [...]}: each game with its parameters and bots.
  static nlohmann::json catalogue();
  // Starts a game from {"game", "params", "seats"}; answers {"id", "seats"}.
  Answer<nlohmann::json> create(const nlohmann::json& request);
  // The view of the seat holding `token`; waits up to `wait` for a version
  // after `after` when one is given.
  Answer<nlohmann::json> view(const std::string& id, const std::string& token,
                              std::optional<std::uint64_t> after, std::chrono::milliseconds wait);
  // Plays `action` (an action's text; in the ETF games also a query such as
  // `status`) for the seat.
  Answer<nlohmann::json> act(const std::string& id, const std::string& token,
                             const std::string& action);
  // Takes back the seat's own last action, in games that have undo.
  Answer<nlohmann::json> undo(const std::string& id, const std::string& token);

  std::size_t size() const;
  // Answers every waiting view at once and stops the bots: the server is
  // stopping.
  void stop();

 private:
  struct Seat {
    int player = 0;
    std::string token;                  // empty for a bot
    std::string bot;                    // the bot's name, or empty for a person
    std::shared_ptr<games::AnyBot> ai;  // shared with the bot thread while it thinks
  };
  struct Match {
    std::string id;
    const games::GameInfo* info = nullptr;
    engine::Params params;  // every parameter, as given or by default
    std::unique_ptr<engine::AnyState> state;
    std::vector<Seat> seats;
    // What happened: an entry an action (or undo), as each player saw it:
    // {"player", "action", "events": [lines]}.
    std::vector<std::vector<nlohmann::json>> log;
    std::vector<int> movers;  // who played each undoable action, last last
    std::uint64_t version = 1;
    std::chrono::steady_clock::time_point touched;
  };

  Answer<Match*> find(const std::string& id, const std::string& token, int& player);
  nlohmann::json view_of(const Match& match, int player) const;
  std::optional<Refusal> play(Match& match, int player, const std::string& action);
  void record(Match& match, int player, const std::string& action);
  void changed(Match& match);
  void drop_idle();
  void bot_loop();

  Limits limits_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, std::unique_ptr<Match>, std::less<>> matches_;
  std::deque<std::string> bot_turns_;  // ids of games where a bot is to move
  bool stopping_ = false;
  std::thread bot_thread_;
};

}  // namespace web
