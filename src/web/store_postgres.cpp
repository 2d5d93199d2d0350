// web::Store in PostgreSQL (libpq): several servers share one set of games.
// Every step is written by one statement that also tells the other servers
// (NOTIFY, delivered when it commits); each server's listening connection
// hears them on a thread of its own. Every text is stored as bytes (BYTEA):
// what a client sends need not be valid UTF-8, and may hold NULs.
#include <endian.h>
#include <libpq-fe.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <random>
#include <thread>
#include <utility>

#include "web/store.hpp"

namespace web {
namespace {

constexpr const char* kChannel = "gridgames_steps";

// Created once by whichever server comes first: the advisory lock keeps two
// servers starting together from creating the same table twice.
constexpr const char* kSchema = R"sql(
SET client_min_messages = warning;
SELECT pg_advisory_xact_lock(3311001);
CREATE TABLE IF NOT EXISTS games (
  id BYTEA PRIMARY KEY, game BYTEA NOT NULL, params BYTEA NOT NULL, seats BYTEA NOT NULL,
  options BYTEA NOT NULL, address BYTEA NOT NULL, created_ms BIGINT NOT NULL,
  finished_ms BIGINT);
CREATE INDEX IF NOT EXISTS games_finished ON games (finished_ms);
CREATE INDEX IF NOT EXISTS games_in_play ON games (address) WHERE finished_ms IS NULL;
CREATE TABLE IF NOT EXISTS steps (
  game_id BYTEA NOT NULL, seq BIGINT NOT NULL, kind BYTEA NOT NULL, player BIGINT NOT NULL,
  text BYTEA NOT NULL, at_ms BIGINT NOT NULL, PRIMARY KEY (game_id, seq));
CREATE TABLE IF NOT EXISTS holders (
  identity BYTEA NOT NULL, game_id BYTEA NOT NULL, token BYTEA NOT NULL,
  archived BIGINT NOT NULL DEFAULT 0, taken BIGSERIAL, PRIMARY KEY (identity, token));
CREATE INDEX IF NOT EXISTS holders_game ON holders (game_id);
CREATE TABLE IF NOT EXISTS seeks (game_id BYTEA PRIMARY KEY, created_ms BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS settings (name BYTEA PRIMARY KEY, value BYTEA NOT NULL);
CREATE TABLE IF NOT EXISTS records (
  kind BYTEA NOT NULL, key BYTEA NOT NULL, value BYTEA NOT NULL, PRIMARY KEY (kind, key));
)sql";

constexpr const char* kGameColumns =
    "SELECT id, game, params, seats, options, address, created_ms, finished_ms FROM games";
// A game's last activity: its last step's time, or its creation's.
constexpr const char* kActive =
    "GREATEST(created_ms, COALESCE((SELECT max(at_ms) FROM steps WHERE game_id = games.id), 0))";

// A parameter sent as bytes: BYTEA, TEXT (valid UTF-8 only), or BIGINT in
// network order.
struct Param {
  std::string bytes;
  Oid type;
};
constexpr Oid kBytea = 17, kBigint = 20, kText = 25;
Param bytes(const std::string& value) {
  return {value, kBytea};
}
Param text(const std::string& value) {
  return {value, kText};
}
Param number(std::int64_t value) {
  const std::uint64_t big = htobe64(static_cast<std::uint64_t>(value));
  std::string raw(sizeof big, '\0');
  std::memcpy(raw.data(), &big, sizeof big);
  return {raw, kBigint};
}

// A statement's result, its columns as bytes (every number a BIGINT).
class Result {
 public:
  explicit Result(PGresult* result) : result_(result) {}
  ~Result() { PQclear(result_); }
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  Result(Result&& other) noexcept : result_(std::exchange(other.result_, nullptr)) {}

  bool ok() const {
    const auto status = PQresultStatus(result_);
    return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
  }
  // The SQLSTATE of its error ("23505": a key that exists already).
  std::string state() const {
    const char* code = PQresultErrorField(result_, PG_DIAG_SQLSTATE);
    return code ? code : "";
  }
  int rows() const { return ok() ? PQntuples(result_) : 0; }
  bool null(int row, int column) const { return PQgetisnull(result_, row, column) != 0; }
  std::string text(int row, int column) const {
    return std::string(PQgetvalue(result_, row, column),
                       static_cast<std::size_t>(PQgetlength(result_, row, column)));
  }
  std::int64_t number(int row, int column) const {
    std::uint64_t big = 0;
    if (PQgetlength(result_, row, column) == sizeof big)
      std::memcpy(&big, PQgetvalue(result_, row, column), sizeof big);
    return static_cast<std::int64_t>(be64toh(big));
  }

 private:
  PGresult* result_;
};

// The connection string as it may be shown: without its password.
std::string shown(const std::string& connection) {
  const auto scheme = connection.find("://");
  const auto at = connection.find('@');
  if (scheme == std::string::npos || at == std::string::npos) return connection;
  const auto colon = connection.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) return connection;
  return connection.substr(0, colon + 1) + "***" + connection.substr(at);
}

// A name for this server's notices, which it does not take as news: 64
// random bits.
std::string server_name() {
  std::random_device device;
  return std::to_string(device()) + "-" + std::to_string(device());
}

std::string error_of(PGconn* connection) {
  std::string why = PQerrorMessage(connection);
  while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
  return why;
}

class PostgresStore final : public Store {
 public:
  PostgresStore(std::string connection, PGconn* db)
      : connection_(std::move(connection)), db_(db), server_(server_name()) {
    if (::pipe(stop_) != 0) stop_[0] = stop_[1] = -1;
    listener_ = std::thread([this] { listen(); });
  }

  ~PostgresStore() override {
    stopping_ = true;
    if (stop_[1] >= 0) (void)!::write(stop_[1], "x", 1);
    listener_.join();
    for (const int fd : stop_)
      if (fd >= 0) ::close(fd);
    PQfinish(db_);
  }

  bool add_game(const StoredGame& g) override {
    return run("WITH made AS (INSERT INTO games (id, game, params, seats, options, address, "
               "created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id) "
               "INSERT INTO seeks (game_id, created_ms) SELECT id, $7 FROM made WHERE $8 = 1",
               {bytes(g.id), bytes(g.game), bytes(g.params), bytes(g.seats), bytes(g.options),
                bytes(g.address), number(g.created_ms), number(g.seek ? 1 : 0)})
        .ok();
  }

  Written add_step(const std::string& id, const StoredStep& s) override {
    const Result added =
        run("WITH added AS (INSERT INTO steps (game_id, seq, kind, player, text, at_ms) "
            "VALUES ($1, $2, $3, $4, $5, $6) RETURNING seq) "
            "SELECT pg_notify('gridgames_steps', $7) FROM added",
            {bytes(id), number(s.seq), bytes(s.kind), number(s.player), bytes(s.text),
             number(s.at_ms), text(server_ + " " + id)});
    if (added.ok()) return Written::Kept;
    return added.state() == "23505" ? Written::Taken : Written::Failed;
  }

  bool remove_step(const std::string& id, std::int64_t seq) override {
    return run("DELETE FROM steps WHERE game_id = $1 AND seq = $2", {bytes(id), number(seq)}).ok();
  }

  bool finish(const std::string& id, std::int64_t at_ms) override {
    return run("WITH closed AS (DELETE FROM seeks WHERE game_id = $1) "
               "UPDATE games SET finished_ms = $2 WHERE id = $1 AND finished_ms IS NULL",
               {bytes(id), number(at_ms)})
        .ok();
  }

  std::vector<std::string> finished_before(std::int64_t at_ms, std::size_t limit) const override {
    return texts(run("SELECT id FROM games WHERE finished_ms < $1 ORDER BY finished_ms LIMIT $2",
                     {number(at_ms), number(static_cast<std::int64_t>(limit))}));
  }

  bool remove_game(const std::string& id) override {
    return run("WITH s AS (DELETE FROM steps WHERE game_id = $1), "
               "h AS (DELETE FROM holders WHERE game_id = $1), "
               "k AS (DELETE FROM seeks WHERE game_id = $1) "
               "DELETE FROM games WHERE id = $1",
               {bytes(id)})
        .ok();
  }

  std::string secret_key() override {
    run("INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        {bytes("identity_key"), bytes(random_key())});
    const Result row = run("SELECT value FROM settings WHERE name = $1", {bytes("identity_key")});
    return row.rows() == 1 ? row.text(0, 0) : "";
  }

  bool forget_holdings(const std::string& identity) override {
    return run("DELETE FROM holders WHERE identity = $1", {bytes(identity)}).ok();
  }

  Written put_record(const std::string& kind, const std::string& key, const std::string& value,
                     bool only_new) override {
    const Result put =
        run(only_new ? "INSERT INTO records (kind, key, value) VALUES ($1, $2, $3)"
                     : "INSERT INTO records (kind, key, value) VALUES ($1, $2, $3) "
                       "ON CONFLICT (kind, key) DO UPDATE SET value = EXCLUDED.value",
            {bytes(kind), bytes(key), bytes(value)});
    if (put.ok()) return Written::Kept;
    return put.state() == "23505" ? Written::Taken : Written::Failed;
  }

  std::optional<std::string> record(const std::string& kind,
                                    const std::string& key) const override {
    const Result row =
        run("SELECT value FROM records WHERE kind = $1 AND key = $2", {bytes(kind), bytes(key)});
    if (row.rows() != 1) return std::nullopt;
    return row.text(0, 0);
  }

  bool replace_record(const std::string& kind, const std::string& key, const std::string& expected,
                      const std::string& value) override {
    return run("UPDATE records SET value = $1 WHERE kind = $2 AND key = $3 AND value = $4 "
               "RETURNING 1",
               {bytes(value), bytes(kind), bytes(key), bytes(expected)})
               .rows() == 1;
  }

  bool remove_record(const std::string& kind, const std::string& key) override {
    return run("DELETE FROM records WHERE kind = $1 AND key = $2", {bytes(kind), bytes(key)}).ok();
  }

  std::vector<std::pair<std::string, std::string>> records(const std::string& kind) const override {
    const Result rows =
        run("SELECT key, value FROM records WHERE kind = $1 ORDER BY key", {bytes(kind)});
    std::vector<std::pair<std::string, std::string>> found;
    for (int r = 0; r < rows.rows(); ++r) found.emplace_back(rows.text(r, 0), rows.text(r, 1));
    return found;
  }

  bool hold(const StoredHolding& h) override {
    return run("INSERT INTO holders (identity, game_id, token, archived) VALUES ($1, $2, $3, $4) "
               "ON CONFLICT DO NOTHING",
               {bytes(h.identity), bytes(h.game_id), bytes(h.token), number(h.archived ? 1 : 0)})
        .ok();
  }

  bool archive(const std::string& identity, const std::string& game_id) override {
    return run("UPDATE holders SET archived = 1 WHERE identity = $1 AND game_id = $2",
               {bytes(identity), bytes(game_id)})
        .ok();
  }

  std::vector<StoredHolding> holdings_of(const std::string& identity) const override {
    const Result rows =
        run("SELECT identity, game_id, token, archived FROM holders WHERE identity = $1 "
            "ORDER BY taken",
            {bytes(identity)});
    std::vector<StoredHolding> held;
    for (int r = 0; r < rows.rows(); ++r)
      held.push_back({rows.text(r, 0), rows.text(r, 1), rows.text(r, 2), rows.number(r, 3) != 0});
    return held;
  }

  std::size_t in_play_by(const std::string& address, std::int64_t since_ms) const override {
    const Result count = run(std::string("SELECT count(*) FROM games WHERE address = $1 AND "
                                         "finished_ms IS NULL AND ") +
                                 kActive + " >= $2",
                             {bytes(address), number(since_ms)});
    return count.rows() ? static_cast<std::size_t>(count.number(0, 0)) : 0;
  }

  std::vector<std::string> seeks(std::size_t limit) const override {
    return texts(run("SELECT game_id FROM seeks ORDER BY created_ms DESC LIMIT $1",
                     {number(static_cast<std::int64_t>(limit))}));
  }

  bool close_seek(const std::string& id) override {
    return run("DELETE FROM seeks WHERE game_id = $1", {bytes(id)}).ok();
  }

  std::vector<StoredGame> recent(std::size_t limit) const override {
    const Result rows = run(std::string(kGameColumns) + " ORDER BY " + kActive + " DESC LIMIT $1",
                            {number(static_cast<std::int64_t>(limit))});
    std::vector<StoredGame> games;
    for (int r = 0; r < rows.rows(); ++r) games.push_back(game_row(rows, r));
    for (StoredGame& game : games) game.steps = steps_from(game.id, 0);
    return games;
  }

  std::optional<StoredGame> load(const std::string& id) const override {
    const Result rows = run(std::string(kGameColumns) + " WHERE id = $1", {bytes(id)});
    if (rows.rows() == 0) return std::nullopt;
    StoredGame game = game_row(rows, 0);
    game.steps = steps_from(id, 0);
    return game;
  }

  std::vector<StoredStep> steps_from(const std::string& id, std::int64_t seq) const override {
    const Result rows =
        run("SELECT seq, kind, player, text, at_ms FROM steps WHERE game_id = $1 AND seq >= $2 "
            "ORDER BY seq",
            {bytes(id), number(seq)});
    std::vector<StoredStep> steps;
    for (int r = 0; r < rows.rows(); ++r) {
      steps.push_back({rows.number(r, 0), rows.text(r, 1), static_cast<int>(rows.number(r, 2)),
                       rows.text(r, 3), rows.number(r, 4)});
    }
    return steps;
  }

  bool shared() const override { return true; }

  void on_news(std::function<void(const std::string& id)> news) override {
    const std::lock_guard lock(news_mutex_);
    news_ = std::move(news);
  }

 private:
  static StoredGame game_row(const Result& rows, int r) {
    StoredGame game;
    game.id = rows.text(r, 0);
    game.game = rows.text(r, 1);
    game.params = rows.text(r, 2);
    game.seats = rows.text(r, 3);
    game.options = rows.text(r, 4);
    game.address = rows.text(r, 5);
    game.created_ms = rows.number(r, 6);
    if (!rows.null(r, 7)) game.finished_ms = rows.number(r, 7);
    return game;
  }

  static std::vector<std::string> texts(const Result& rows) {
    std::vector<std::string> all;
    for (int r = 0; r < rows.rows(); ++r) all.push_back(rows.text(r, 0));
    return all;
  }

  // One statement, its parameters and results as bytes. A connection lost
  // (the database restarted) is made again for the next statement; a
  // statement is not sent twice, since a write may have been done.
  Result run(const std::string& sql, const std::vector<Param>& params) const {
    const std::lock_guard lock(mutex_);
    if (PQstatus(db_) != CONNECTION_OK) PQreset(db_);
    std::vector<const char*> values;
    std::vector<int> lengths, formats;
    std::vector<Oid> types;
    for (const Param& p : params) {
      values.push_back(p.bytes.data());
      lengths.push_back(static_cast<int>(p.bytes.size()));
      formats.push_back(1);
      types.push_back(p.type);
    }
    return Result(PQexecParams(db_, sql.c_str(), static_cast<int>(params.size()), types.data(),
                               values.data(), lengths.data(), formats.data(), 1));
  }

  // The listening connection's thread: every step another server writes
  // is news of its game; a connection lost is made again (every second
  // until it can be), and then everything may be news.
  void listen() {
    PGconn* listening = nullptr;
    bool first = true;
    while (!stopping_) {
      if (!listening || PQstatus(listening) != CONNECTION_OK) {
        PQfinish(listening);
        listening = PQconnectdb(connection_.c_str());
        const bool listens =
            PQstatus(listening) == CONNECTION_OK &&
            Result(PQexec(listening, (std::string("LISTEN ") + kChannel).c_str())).ok();
        if (!listens) {
          pollfd stop{stop_[0], POLLIN, 0};
          ::poll(&stop, 1, 1000);
          continue;
        }
        if (!std::exchange(first, false)) tell("");
      }
      pollfd waits[2] = {{PQsocket(listening), POLLIN, 0}, {stop_[0], POLLIN, 0}};
      if (::poll(waits, 2, -1) < 0 || waits[1].revents) continue;
      if (!PQconsumeInput(listening)) continue;  // the connection is made again
      while (PGnotify* notice = PQnotifies(listening)) {
        const std::string payload = notice->extra;
        PQfreemem(notice);
        const auto space = payload.find(' ');
        if (space != std::string::npos && payload.compare(0, space, server_) != 0)
          tell(payload.substr(space + 1));
      }
    }
    PQfinish(listening);
  }

  void tell(const std::string& id) {
    const std::lock_guard lock(news_mutex_);
    if (news_) news_(id);
  }

  std::string connection_;
  PGconn* db_;
  mutable std::mutex mutex_;  // the statements' connection, one at a time
  std::string server_;        // this server's name in its notices
  std::mutex news_mutex_;
  std::function<void(const std::string&)> news_;
  std::atomic<bool> stopping_ = false;
  int stop_[2] = {-1, -1};  // a pipe: written to stop the listening thread
  std::thread listener_;
};

}  // namespace

std::variant<std::unique_ptr<Store>, std::string> open_postgres(const std::string& connection) {
  PGconn* db = PQconnectdb(connection.c_str());
  if (PQstatus(db) != CONNECTION_OK) {
    const std::string why = error_of(db);
    PQfinish(db);
    return shown(connection) + ": " + why;
  }
  const Result made(PQexec(db, kSchema));
  // Tables of these names but not ours (another program's) are not used.
  const Result ours(PQexec(db,
                           "SELECT g.id, g.game, g.params, g.seats, g.options, g.address, "
                           "g.created_ms, g.finished_ms, s.seq, s.kind, s.player, s.text, s.at_ms, "
                           "h.identity, h.token, h.archived, h.taken, k.created_ms, c.name, "
                           "c.value FROM games g, steps s, holders h, seeks k, settings c "
                           "LIMIT 0"));
  if (!made.ok() || !ours.ok()) {
    const std::string why = error_of(db);
    PQfinish(db);
    return shown(connection) + ": " + why + " (is it a gridgames database?)";
  }
  return std::unique_ptr<Store>(new PostgresStore(connection, db));
}

}  // namespace web
