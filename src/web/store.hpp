// The web server's games on disk: each game as it was created and every
// step taken in it since, each written before it is acknowledged, so that a
// server restarted on the same database (even after kill -9) goes on where
// it was, and finished games stay there for their replay and record. Two
// kinds behind one interface: an SQLite file (store_sqlite.cpp: embedded,
// one server), or a PostgreSQL database (store_postgres.cpp) that several
// servers share, each told of the steps the others write.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace web {

// One step of a game, in the order taken: "play" (an action's or a
// query's text), "undo", "resign", "draw" (an offer, or its acceptance),
// "decline", "join", "timeout", "rematch". Its number is unique in the
// game: two servers cannot both write the same one.
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
  bool seek = false;  // waits in the lobby for opponents (until close_seek)
};

// A seat a browser holds (its identity, the long random value of its
// cookie): the game's id and the seat's token, set aside once archived.
struct StoredHolding {
  std::string identity;
  std::string game_id;
  std::string token;
  bool archived = false;
};

// What became of a step written: kept, refused because another server
// wrote a step of that number first (read it, then try again), or not
// written at all.
enum class Written { Kept, Taken, Failed };

class Store {
 public:
  // Opens the games' database: a PostgreSQL connection string
  // (postgresql://... or postgres://...), else an SQLite file (created,
  // with its folder, if missing; readable by its owner only). Or says why
  // it cannot.
  static std::variant<std::unique_ptr<Store>, std::string> open(const std::string& where);
  // A database in memory only: its games end with the server.
  static std::unique_ptr<Store> memory();

  virtual ~Store() = default;
  Store() = default;
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Each write is durable when it succeeds.
  virtual bool add_game(const StoredGame& game) = 0;
  virtual Written add_step(const std::string& id, const StoredStep& step) = 0;
  // Takes back a step that changed nothing (its number is not used again).
  virtual bool remove_step(const std::string& id, std::int64_t seq) = 0;
  // The game ended at `at_ms` (kept for the retention of finished games);
  // it leaves the lobby.
  virtual bool finish(const std::string& id, std::int64_t at_ms) = 0;
  // The games that ended before `at_ms`, oldest first, at most `limit`.
  virtual std::vector<std::string> finished_before(std::int64_t at_ms, std::size_t limit) const = 0;
  // Removes a game, its steps and who held its seats.
  virtual bool remove_game(const std::string& id) = 0;
  // A browser holds a seat (kept once: holding it again changes nothing).
  virtual bool hold(const StoredHolding& holding) = 0;
  // The browser's seats of the game, set aside.
  virtual bool archive(const std::string& identity, const std::string& game_id) = 0;
  // The seats a browser holds, in the order it took them.
  virtual std::vector<StoredHolding> holdings_of(const std::string& identity) const = 0;
  // How many games created by `address` are in play: not finished, and
  // created or played since `since_ms`.
  virtual std::size_t in_play_by(const std::string& address, std::int64_t since_ms) const = 0;
  // The seeks with a seat still open, newest first, at most `limit`.
  virtual std::vector<std::string> seeks(std::size_t limit) const = 0;
  // Every seat of the seek is taken: it leaves the lobby.
  virtual bool close_seek(const std::string& id) = 0;
  // The games with their steps: the `limit` most recently active.
  virtual std::vector<StoredGame> recent(std::size_t limit) const = 0;
  virtual std::optional<StoredGame> load(const std::string& id) const = 0;
  // The game's steps from number `seq` on, in order.
  virtual std::vector<StoredStep> steps_from(const std::string& id, std::int64_t seq) const = 0;

  // Forgets every seat `identity` held (an account deleted).
  virtual bool forget_holdings(const std::string& identity) = 0;

  // Small records of the site's people (accounts, sessions, ratings): a
  // text each (JSON), by kind and key. Written: Kept, or Taken when
  // `only_new` and the key has one already.
  virtual Written put_record(const std::string& kind, const std::string& key,
                             const std::string& value, bool only_new) = 0;
  virtual std::optional<std::string> record(const std::string& kind,
                                            const std::string& key) const = 0;
  // The record's text made `value` only if it is still `expected` (what
  // another server wrote meanwhile is not written over); whether it was.
  virtual bool replace_record(const std::string& kind, const std::string& key,
                              const std::string& expected, const std::string& value) = 0;
  // The record changed by `change` (given its text, or nothing when there
  // is none; it gives the new text, or nothing to leave it), made again
  // from what is there when another server wrote it in between (at most a
  // few times); the text written, or nothing.
  std::optional<std::string> update_record(
      const std::string& kind, const std::string& key,
      const std::function<std::optional<std::string>(const std::optional<std::string>&)>& change);
  virtual bool remove_record(const std::string& kind, const std::string& key) = 0;
  // Every record of a kind: its key and text, by key.
  virtual std::vector<std::pair<std::string, std::string>> records(
      const std::string& kind) const = 0;

  // The secret of the servers sharing this store (64 hex digits, made by
  // the first that asks), with which they sign the identities they issue;
  // empty when it cannot be read.
  virtual std::string secret_key() = 0;

  // Whether other servers write the same games (and this one hears of it).
  virtual bool shared() const { return false; }
  // Whether the games outlive the server (false: a store in memory, whose
  // games dropped from the server's memory are removed from it too).
  virtual bool lasting() const { return true; }
  // `news` is called, from the store's own thread, with a game's id when
  // another server wrote steps of it, and with "" when the news may have
  // been missed (every game may have changed). Empty: no more calls (it
  // returns once a call under way is over).
  virtual void on_news(std::function<void(const std::string& id)> news) { (void)news; }
};

// The SQLite file at `path` (store_sqlite.cpp), or why it cannot be used.
std::variant<std::unique_ptr<Store>, std::string> open_sqlite(const std::string& path);
// The PostgreSQL database of `connection` (store_postgres.cpp).
std::variant<std::unique_ptr<Store>, std::string> open_postgres(const std::string& connection);
// 256 bits from the system's generator, as 64 hex digits: a store's secret.
std::string random_key();
// Whether `where` names a PostgreSQL database rather than a file.
bool is_postgres(const std::string& where);

// Where `gridgames serve` keeps its games unless told: $XDG_STATE_HOME (or
// ~/.local/state) /gridgames/web.sqlite.
std::string default_store_path();

}  // namespace web
