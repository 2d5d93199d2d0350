// The web server's games on disk (SQLite): each game as it was created and
// every step taken in it since, each written before it is acknowledged, so
// that a server restarted on the same file (even after kill -9) goes on
// where it was, and finished games stay there for their replay and record.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

struct sqlite3;

namespace web {

// One step of a game, in the order taken: "play" (an action's or a
// query's text), "undo", "resign", "draw" (an offer, or its acceptance).
struct StoredStep {
  std::int64_t seq = 0;
  std::string kind;
  int player = 0;
  std::string text;
  std::int64_t at_ms = 0;  // wall-clock milliseconds since 1970
};

struct StoredGame {
  std::string id;
  std::string game;     // the registry's name
  std::string params;   // JSON: every parameter, the seed included
  std::string seats;    // JSON: [{"player", "token"} or {"player", "bot"}]
  std::string options;  // JSON: the rest of the game's settings (clock, rematch of, ...)
  std::string address;  // of the client that created it
  std::int64_t created_ms = 0;
  std::optional<std::int64_t> finished_ms;  // when it ended, once it has
  std::vector<StoredStep> steps;
};

// A seat a browser holds (its identity, the long random value of its
// cookie): the game's id and the seat's token, set aside once archived.
struct StoredHolding {
  std::string identity;
  std::string game_id;
  std::string token;
  bool archived = false;
};

class Store {
 public:
  // Opens the database at `path` (created, with its folder, if missing;
  // readable by its owner only), or says why it cannot.
  static std::variant<std::unique_ptr<Store>, std::string> open(const std::string& path);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Each write is durable when it returns true.
  bool add_game(const StoredGame& game);
  bool add_step(const std::string& id, const StoredStep& step);
  bool remove_step(const std::string& id, std::int64_t seq);
  // The game ended at `at_ms` (kept for the retention of finished games).
  bool finish(const std::string& id, std::int64_t at_ms);
  // The games that ended before `at_ms`, oldest first, at most `limit`.
  std::vector<std::string> finished_before(std::int64_t at_ms, std::size_t limit) const;
  // Removes a game, its steps and who held its seats.
  bool remove_game(const std::string& id);
  // A browser holds a seat (kept once: holding it again changes nothing).
  bool hold(const StoredHolding& holding);
  // The browser's seats of the game, set aside.
  bool archive(const std::string& identity, const std::string& game_id);
  // Every seat held, in the order they were taken.
  std::vector<StoredHolding> holdings() const;
  // The games with their steps: the `limit` most recently active.
  std::vector<StoredGame> recent(std::size_t limit) const;
  std::optional<StoredGame> load(const std::string& id) const;

 private:
  explicit Store(sqlite3* db) : db_(db) {}
  bool run(const char* sql, const std::vector<std::string>& texts,
           const std::vector<std::int64_t>& numbers) const;
  std::vector<StoredStep> steps_of(const std::string& id) const;

  sqlite3* db_;
};

// Where `gridgames serve` keeps its games unless told: $XDG_STATE_HOME (or
// ~/.local/state) /gridgames/web.sqlite.
std::string default_store_path();

}  // namespace web
