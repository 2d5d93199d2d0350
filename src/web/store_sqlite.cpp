// web::Store in an SQLite file (or in memory): embedded, for one server.
#include <sqlite3.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <random>

#include "web/store.hpp"

namespace web {
namespace {

constexpr const char* kSchema = R"sql(
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA busy_timeout = 5000;
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL, seats TEXT NOT NULL,
  options TEXT NOT NULL, address TEXT NOT NULL, created_ms INTEGER NOT NULL,
  finished_ms INTEGER);
CREATE TABLE IF NOT EXISTS steps (
  game_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, player INTEGER NOT NULL,
  text TEXT NOT NULL, at_ms INTEGER NOT NULL, PRIMARY KEY (game_id, seq));
CREATE TABLE IF NOT EXISTS holders (
  identity TEXT NOT NULL, game_id TEXT NOT NULL, token TEXT NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (identity, token));
CREATE TABLE IF NOT EXISTS seeks (game_id TEXT PRIMARY KEY, created_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS records (
  kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (kind, key));
)sql";

// A prepared statement, finalized when it goes.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &statement_, nullptr); }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  bool ok() const { return statement_ != nullptr; }
  void bind(int index, const std::string& text) {
    sqlite3_bind_text(statement_, index, text.data(), static_cast<int>(text.size()),
                      SQLITE_TRANSIENT);
  }
  void bind(int index, std::int64_t number) { sqlite3_bind_int64(statement_, index, number); }
  int step() { return sqlite3_step(statement_); }
  std::string text(int column) const {
    const auto* bytes = sqlite3_column_text(statement_, column);
    return bytes ? std::string(reinterpret_cast<const char*>(bytes),
                               static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)))
                 : std::string();
  }
  std::int64_t number(int column) const { return sqlite3_column_int64(statement_, column); }
  bool null(int column) const { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }

 private:
  sqlite3_stmt* statement_ = nullptr;
};

StoredGame game_row(const Statement& row) {
  StoredGame game;
  game.id = row.text(0);
  game.game = row.text(1);
  game.params = row.text(2);
  game.seats = row.text(3);
  game.options = row.text(4);
  game.address = row.text(5);
  game.created_ms = row.number(6);
  if (!row.null(7)) game.finished_ms = row.number(7);
  return game;
}

constexpr const char* kGameColumns =
    "SELECT id, game, params, seats, options, address, created_ms, finished_ms FROM games";

// The first row's first column of `sql`, or "" (with why in `error`).
std::string first_text(sqlite3* db, const char* sql, std::string& error) {
  Statement row(db, sql);
  if (!row.ok()) {
    error = sqlite3_errmsg(db);
    return "";
  }
  const int status = row.step();
  if (status == SQLITE_ROW) return row.text(0);
  if (status != SQLITE_DONE) error = sqlite3_errmsg(db);
  return "";
}

// Why an existing file cannot be used as our database, checked before
// anything is written to it: not a database, damaged pages
// (PRAGMA quick_check), or a database of something else.
std::optional<std::string> refuse_existing(sqlite3* db) {
  std::string error;
  const std::string check = first_text(db, "PRAGMA quick_check", error);
  if (!error.empty()) return error;
  if (check != "ok")
    return "the database is damaged (" + check +
           "); it was not changed: keep it for inspection and start on another file";
  const std::string tables = first_text(
      db,
      "SELECT group_concat(name) FROM (SELECT name FROM sqlite_schema WHERE type = 'table' "
      "ORDER BY name)",
      error);
  if (!error.empty()) return error;
  if (!tables.empty() && tables != "games,steps" && tables != "games,holders,steps" &&
      tables != "games,holders,seeks,steps" && tables != "games,holders,seeks,settings,steps" &&
      tables != "games,holders,records,seeks,settings,steps")
    return "a database of something else (its tables: " + tables + "); it was not changed";
  return std::nullopt;
}

// The games in an SQLite database, one connection, its calls one at a time.
class SqliteStore final : public Store {
 public:
  SqliteStore(sqlite3* db, bool lasting) : db_(db), lasting_(lasting) {}
  ~SqliteStore() override { sqlite3_close(db_); }

  bool lasting() const override { return lasting_; }

  bool add_game(const StoredGame& g) override {
    const std::lock_guard lock(mutex_);
    return transaction([&] {
      return run("INSERT INTO games (id, game, params, seats, options, address, created_ms) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?)",
                 {g.id, g.game, g.params, g.seats, g.options, g.address}, {g.created_ms}) &&
             (!g.seek ||
              run("INSERT INTO seeks (game_id, created_ms) VALUES (?, ?)", {g.id}, {g.created_ms}));
    });
  }

  Written add_step(const std::string& id, const StoredStep& s) override {
    const std::lock_guard lock(mutex_);
    if (run("INSERT INTO steps (game_id, kind, text, seq, player, at_ms) VALUES (?, ?, ?, ?, ?, ?)",
            {id, s.kind, s.text}, {s.seq, s.player, s.at_ms}))
      return Written::Kept;
    return sqlite3_extended_errcode(db_) == SQLITE_CONSTRAINT_PRIMARYKEY ? Written::Taken
                                                                         : Written::Failed;
  }

  bool remove_step(const std::string& id, std::int64_t seq) override {
    const std::lock_guard lock(mutex_);
    return run("DELETE FROM steps WHERE game_id = ? AND seq = ?", {id}, {seq});
  }

  bool finish(const std::string& id, std::int64_t at_ms) override {
    const std::lock_guard lock(mutex_);
    return transaction([&] {
      return run("UPDATE games SET finished_ms = ?2 WHERE id = ?1 AND finished_ms IS NULL", {id},
                 {at_ms}) &&
             run("DELETE FROM seeks WHERE game_id = ?", {id}, {});
    });
  }

  std::vector<std::string> finished_before(std::int64_t at_ms, std::size_t limit) const override {
    const std::lock_guard lock(mutex_);
    Statement rows(db_, "SELECT id FROM games WHERE finished_ms < ? ORDER BY finished_ms LIMIT ?");
    rows.bind(1, at_ms);
    rows.bind(2, static_cast<std::int64_t>(limit));
    std::vector<std::string> ids;
    while (rows.step() == SQLITE_ROW) ids.push_back(rows.text(0));
    return ids;
  }

  bool remove_game(const std::string& id) override {
    const std::lock_guard lock(mutex_);
    return transaction([&] {
      return run("DELETE FROM steps WHERE game_id = ?", {id}, {}) &&
             run("DELETE FROM holders WHERE game_id = ?", {id}, {}) &&
             run("DELETE FROM seeks WHERE game_id = ?", {id}, {}) &&
             run("DELETE FROM games WHERE id = ?", {id}, {});
    });
  }

  bool hold(const StoredHolding& h) override {
    const std::lock_guard lock(mutex_);
    return run(
        "INSERT OR IGNORE INTO holders (identity, game_id, token, archived) VALUES (?, ?, ?, ?)",
        {h.identity, h.game_id, h.token}, {h.archived ? 1 : 0});
  }

  bool archive(const std::string& identity, const std::string& game_id) override {
    const std::lock_guard lock(mutex_);
    return run("UPDATE holders SET archived = 1 WHERE identity = ? AND game_id = ?",
               {identity, game_id}, {});
  }

  std::vector<StoredHolding> holdings_of(const std::string& identity) const override {
    const std::lock_guard lock(mutex_);
    Statement rows(db_,
                   "SELECT identity, game_id, token, archived FROM holders WHERE identity = ? "
                   "ORDER BY rowid");
    rows.bind(1, identity);
    std::vector<StoredHolding> held;
    while (rows.step() == SQLITE_ROW)
      held.push_back({rows.text(0), rows.text(1), rows.text(2), rows.number(3) != 0});
    return held;
  }

  std::size_t in_play_by(const std::string& address, std::int64_t since_ms) const override {
    const std::lock_guard lock(mutex_);
    Statement rows(db_,
                   "SELECT count(*) FROM games WHERE address = ? AND finished_ms IS NULL AND "
                   "max(created_ms, coalesce((SELECT max(at_ms) FROM steps WHERE game_id = "
                   "games.id), 0)) >= ?");
    rows.bind(1, address);
    rows.bind(2, since_ms);
    return rows.step() == SQLITE_ROW ? static_cast<std::size_t>(rows.number(0)) : 0;
  }

  std::vector<std::string> seeks(std::size_t limit) const override {
    const std::lock_guard lock(mutex_);
    Statement rows(db_, "SELECT game_id FROM seeks ORDER BY created_ms DESC LIMIT ?");
    rows.bind(1, static_cast<std::int64_t>(limit));
    std::vector<std::string> ids;
    while (rows.step() == SQLITE_ROW) ids.push_back(rows.text(0));
    return ids;
  }

  bool close_seek(const std::string& id) override {
    const std::lock_guard lock(mutex_);
    return run("DELETE FROM seeks WHERE game_id = ?", {id}, {});
  }

  std::vector<StoredGame> recent(std::size_t limit) const override {
    const std::lock_guard lock(mutex_);
    // The most recent activity: the last step's time, or the creation's.
    Statement rows(db_, (std::string(kGameColumns) +
                         " ORDER BY max(created_ms, coalesce((SELECT max(at_ms) FROM steps"
                         " WHERE game_id = games.id), 0)) DESC LIMIT ?")
                            .c_str());
    rows.bind(1, static_cast<std::int64_t>(limit));
    std::vector<StoredGame> games;
    while (rows.step() == SQLITE_ROW) games.push_back(game_row(rows));
    for (StoredGame& game : games) game.steps = steps(game.id, 0);
    return games;
  }

  std::optional<StoredGame> load(const std::string& id) const override {
    const std::lock_guard lock(mutex_);
    Statement rows(db_, (std::string(kGameColumns) + " WHERE id = ?").c_str());
    rows.bind(1, id);
    if (rows.step() != SQLITE_ROW) return std::nullopt;
    StoredGame game = game_row(rows);
    game.steps = steps(id, 0);
    return game;
  }

  std::vector<StoredStep> steps_from(const std::string& id, std::int64_t seq) const override {
    const std::lock_guard lock(mutex_);
    return steps(id, seq);
  }

  bool forget_holdings(const std::string& identity) override {
    const std::lock_guard lock(mutex_);
    return run("DELETE FROM holders WHERE identity = ?", {identity}, {});
  }

  Written put_record(const std::string& kind, const std::string& key, const std::string& value,
                     bool only_new) override {
    const std::lock_guard lock(mutex_);
    if (run(only_new ? "INSERT INTO records (kind, key, value) VALUES (?, ?, ?)"
                     : "INSERT OR REPLACE INTO records (kind, key, value) VALUES (?, ?, ?)",
            {kind, key, value}, {}))
      return Written::Kept;
    return sqlite3_extended_errcode(db_) == SQLITE_CONSTRAINT_PRIMARYKEY ? Written::Taken
                                                                         : Written::Failed;
  }

  std::optional<std::string> record(const std::string& kind,
                                    const std::string& key) const override {
    const std::lock_guard lock(mutex_);
    Statement row(db_, "SELECT value FROM records WHERE kind = ? AND key = ?");
    row.bind(1, kind);
    row.bind(2, key);
    if (row.step() != SQLITE_ROW) return std::nullopt;
    return row.text(0);
  }

  bool replace_record(const std::string& kind, const std::string& key, const std::string& expected,
                      const std::string& value) override {
    const std::lock_guard lock(mutex_);
    return run("UPDATE records SET value = ? WHERE kind = ? AND key = ? AND value = ?",
               {value, kind, key, expected}, {}) &&
           sqlite3_changes(db_) == 1;
  }

  bool remove_record(const std::string& kind, const std::string& key) override {
    const std::lock_guard lock(mutex_);
    return run("DELETE FROM records WHERE kind = ? AND key = ?", {kind, key}, {});
  }

  std::vector<std::pair<std::string, std::string>> records(const std::string& kind) const override {
    const std::lock_guard lock(mutex_);
    Statement rows(db_, "SELECT key, value FROM records WHERE kind = ? ORDER BY key");
    rows.bind(1, kind);
    std::vector<std::pair<std::string, std::string>> found;
    while (rows.step() == SQLITE_ROW) found.emplace_back(rows.text(0), rows.text(1));
    return found;
  }

  std::string secret_key() override {
    const std::lock_guard lock(mutex_);
    run("INSERT OR IGNORE INTO settings (name, value) VALUES ('identity_key', ?)", {random_key()},
        {});
    Statement row(db_, "SELECT value FROM settings WHERE name = 'identity_key'");
    return row.step() == SQLITE_ROW ? row.text(0) : "";
  }

 private:
  bool run(const char* sql, const std::vector<std::string>& texts,
           const std::vector<std::int64_t>& numbers) const {
    Statement statement(db_, sql);
    if (!statement.ok()) return false;
    int index = 1;
    for (const std::string& t : texts) statement.bind(index++, t);
    for (const std::int64_t n : numbers) statement.bind(index++, n);
    return statement.step() == SQLITE_DONE;
  }

  // `writes` all, or none of them.
  template <typename Writes>
  bool transaction(Writes writes) {
    if (!run("BEGIN", {}, {})) return false;
    if (writes() && run("COMMIT", {}, {})) return true;
    run("ROLLBACK", {}, {});
    return false;
  }

  std::vector<StoredStep> steps(const std::string& id, std::int64_t from) const {
    Statement rows(db_,
                   "SELECT seq, kind, player, text, at_ms FROM steps WHERE game_id = ? AND "
                   "seq >= ? ORDER BY seq");
    rows.bind(1, id);
    rows.bind(2, from);
    std::vector<StoredStep> steps;
    while (rows.step() == SQLITE_ROW) {
      steps.push_back({rows.number(0), rows.text(1), static_cast<int>(rows.number(2)), rows.text(3),
                       rows.number(4)});
    }
    return steps;
  }

  sqlite3* db_;
  bool lasting_;
  mutable std::mutex mutex_;
};

// Creates the tables, adding what a database of an earlier version lacks.
std::optional<std::string> set_up(sqlite3* db, bool existed) {
  std::string unused;
  const bool had_games =
      existed &&
      !first_text(db, "SELECT name FROM sqlite_schema WHERE name = 'games'", unused).empty();
  // A database of an earlier version has no finished_ms: it gets one.
  const bool has_finished =
      !first_text(db, "SELECT name FROM pragma_table_info('games') WHERE name = 'finished_ms'",
                  unused)
           .empty();
  const std::string schema =
      std::string(kSchema) +
      (had_games && !has_finished ? "ALTER TABLE games ADD COLUMN finished_ms INTEGER;" : "");
  char* message = nullptr;
  if (sqlite3_exec(db, schema.c_str(), nullptr, nullptr, &message) == SQLITE_OK)
    return std::nullopt;
  const std::string why = message ? message : "cannot set the database up";
  sqlite3_free(message);
  return why + " (is it a gridgames database?)";
}

}  // namespace

std::variant<std::unique_ptr<Store>, std::string> open_sqlite(const std::string& path) {
  std::error_code error;
  const std::filesystem::path file(path);
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), error);
  if (std::filesystem::is_directory(file, error)) return path + ": is a directory";
  const bool existed = std::filesystem::exists(file, error);
  sqlite3* db = nullptr;
  const int opened =
      sqlite3_open_v2(path.c_str(), &db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  if (opened != SQLITE_OK) {
    const std::string why = db ? sqlite3_errmsg(db) : sqlite3_errstr(opened);
    sqlite3_close(db);
    return path + ": " + why;
  }
  auto why = existed ? refuse_existing(db) : std::nullopt;
  if (!why) why = set_up(db, existed);
  if (why) {
    sqlite3_close(db);
    return path + ": " + *why;
  }
  ::chmod(path.c_str(), 0600);  // the seats' tokens are secrets
  return std::unique_ptr<Store>(new SqliteStore(db, true));
}

std::unique_ptr<Store> Store::memory() {
  sqlite3* db = nullptr;
  sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr);
  set_up(db, false);
  return std::unique_ptr<Store>(new SqliteStore(db, false));
}

std::variant<std::unique_ptr<Store>, std::string> Store::open(const std::string& where) {
  return is_postgres(where) ? open_postgres(where) : open_sqlite(where);
}

std::string random_key() {
  std::random_device device;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string key;
  for (int i = 0; i < 8; ++i) {
    const std::uint32_t bits = device();
    for (int shift = 28; shift >= 0; shift -= 4) key += kHex[(bits >> shift) & 0xf];
  }
  return key;
}

bool is_postgres(const std::string& where) {
  return where.rfind("postgresql://", 0) == 0 || where.rfind("postgres://", 0) == 0;
}

std::string default_store_path() {
  const char* state = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  const std::string base = state && *state ? state
                           : home && *home ? std::string(home) + "/.local/state"
                                           : ".";
  return base + "/gridgames/web.sqlite";
}

}  // namespace web
