#include "web/accounts.hpp"

#include <sodium.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "engine/words.hpp"
#include "games/registry.hpp"
#include "web/matches_shared.hpp"

namespace web {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kShortestPassword = 8, kLongestPassword = 256;
constexpr std::size_t kShortestName = 3, kLongestName = 20;
constexpr int kAccountsPerAddress = 5;  // made in 15 minutes
constexpr std::size_t kAddressesRemembered = 100000;
constexpr std::size_t kBotsPerOwner = 5;
constexpr std::size_t kSessionsKept = 20;  // per account: the oldest signed out

// A session's token as the store keeps it: its BLAKE2b hash, in hex.
std::string hashed(const std::string& token) {
  unsigned char digest[32];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()),
                     token.size(), nullptr, 0);
  char text[2 * sizeof digest + 1];
  sodium_bin2hex(text, sizeof text, digest, sizeof digest);
  return text;
}

Account account_of(const json& record) {
  Account account;
  account.name = record.value("name", "");
  account.key = account_key(account.name);
  account.identity = Accounts::identity_of(account.key);
  account.pools = record.value("pools", std::vector<std::string>{});
  account.bot = record.value("bot", false);
  return account;
}

// A name as it reads: lower case, without separators ("Player-1" and
// "player_1" read as "player1").
std::string name_skeleton(const std::string& name) {
  std::string skeleton;
  for (const char c : engine::lower_case(name))
    if (c != '-' && c != '_' && c != ' ') skeleton += c;
  return skeleton;
}

// The names seats go by, which no account may take (a line from an account
// called Green would pass for the Green seat's): every game's sides, as its
// views name them, Player 1 to 8, and the spectators.
const std::set<std::string>& seat_names_taken() {
  static const std::set<std::string> names = [] {
    std::set<std::string> taken = {"spectator", "aspectator", "spectators"};
    for (int p = 1; p <= 8; ++p) taken.insert("player" + std::to_string(p));
    for (const games::GameInfo& game : games::all_games()) {
      auto made = game.make({});
      if (const auto* state = std::get_if<std::unique_ptr<engine::AnyState>>(&made))
        for (const std::string& seat : seat_names(**state)) taken.insert(name_skeleton(seat));
    }
    return taken;
  }();
  return names;
}

const Refusal kWrong{401, "wrong username or password"};
const Refusal kUnsaved{503, "the account could not be saved; try again"};

}  // namespace

std::string account_key(std::string name) {
  return engine::lower_case(std::move(name));
}

Accounts::Accounts(Store& store) : store_(store), made_(kAddressesRemembered) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
}

std::string Accounts::identity_of(const std::string& key) {
  return "account:" + key;
}

std::optional<std::string> Accounts::bad_name(const std::string& name) {
  if (name.size() < kShortestName || name.size() > kLongestName)
    return "a username has 3 to 20 characters";
  const bool allowed = std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '-' || c == '_';
  });
  if (!allowed || !std::isalnum(static_cast<unsigned char>(name[0])))
    return "a username has letters, digits, - and _ only, and starts with a letter or digit";
  if (seat_names_taken().contains(name_skeleton(name)))
    return "\"" + name + "\" is the name of a seat (a side of a game, or Player N): choose another";
  return std::nullopt;
}

std::optional<json> Accounts::record_of(const std::string& key) const {
  const auto text = store_.record("account", key);
  if (!text) return std::nullopt;
  json record = json::parse(*text, nullptr, false);
  if (!record.is_object()) return std::nullopt;
  return record;
}

// Wrong passwords lately: this address must wait before trying again.
std::optional<Refusal> Accounts::limited(const std::string& key, bool known,
                                         const std::string& address) {
  const std::lock_guard lock(mutex_);
  const auto wait = limits_.wait(key, known, address, Clock::now());
  if (wait <= Clock::duration::zero()) return std::nullopt;
  const auto seconds = std::chrono::ceil<std::chrono::seconds>(wait).count();
  return Refusal{429, "too many wrong passwords from here: try again in " +
                          std::to_string(seconds) + (seconds == 1 ? " second" : " seconds")};
}

void Accounts::failed(const std::string& key, bool known, const std::string& address) {
  const std::lock_guard lock(mutex_);
  limits_.failed(key, known, address, Clock::now());
}

namespace {

// A hash that no password matches, verified for a name that has no
// account: the same work as a wrong password's (made once, on first need).
const std::string& dummy_hash() {
  static const std::string hash = [] {
    char made[crypto_pwhash_STRBYTES];
    const std::string never = secret() + secret();
    if (crypto_pwhash_str(made, never.data(), never.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
      return std::string();
    return std::string(made);
  }();
  return hash;
}

}  // namespace

std::optional<Refusal> Accounts::check_password(const json& record, const std::string& password,
                                                const std::string& key,
                                                const std::string& address) {
  if (auto refusal = limited(key, true, address)) return refusal;
  const std::string hash = record.value("hash", "");
  if (hash.empty() ||
      crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) != 0) {
    failed(key, true, address);
    return kWrong;
  }
  const std::lock_guard lock(mutex_);
  limits_.succeeded(key, address);
  return std::nullopt;
}

Answer<Session> Accounts::create(const std::string& name, const std::string& password,
                                 const std::string& address, const std::string& browser) {
  if (auto why = bad_name(name)) return Refusal{400, *why};
  if (password.size() < kShortestPassword || password.size() > kLongestPassword)
    return Refusal{400, "a password has 8 to 256 characters"};
  // Making an account costs a hash, as a wrong password does: limited too.
  {
    const std::lock_guard lock(mutex_);
    const std::string block = LoginLimits::client_block(address);
    if (made_.count(block, Clock::now()) >= kAccountsPerAddress)
      return Refusal{429, "too many accounts made from here: try again in 15 minutes"};
    made_.add(block, Clock::now());
  }
  char hash[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(hash, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    return Refusal{503, "the server is short of memory; try again"};
  // Its id tells it from an account of the same name deleted before.
  const json record = {{"name", name}, {"hash", hash}, {"id", secret()}, {"created_ms", now_ms()}};
  if (auto refusal = add_account(record)) return *refusal;
  return open_session(account_of(record), browser);
}

Answer<Session> Accounts::login(const std::string& name, const std::string& password,
                                const std::string& address, const std::string& browser) {
  const std::string key = account_key(name);
  const auto record = bad_name(name) ? std::nullopt : record_of(key);
  if (!record) {
    // The same answer, the same hash's work and a failure counted as for a
    // wrong password.
    if (auto refusal = limited(key, false, address)) return *refusal;
    const std::string& hash = dummy_hash();
    const int no_account = crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size());
    (void)no_account;
    failed(key, false, address);
    return kWrong;
  }
  if (auto refusal = check_password(*record, password, key, address)) return *refusal;
  return open_session(account_of(*record), browser);
}

Answer<Session> Accounts::open_session(const Account& account, const std::string& browser) {
  const std::string token = secret() + secret();
  const auto record = record_of(account.key).value_or(json::object());
  const json session = {
      {"account", account.key}, {"id", record.value("id", "")}, {"created_ms", now_ms()}};
  if (store_.put_record("session", hashed(token), session.dump(), false) != Written::Kept)
    return kUnsaved;
  // The account's sessions, the oldest past kSessionsKept closed.
  std::vector<std::string> closed;
  store_.update_record("account", account.key, [&](const std::optional<std::string>& text) {
    json changed = text ? json::parse(*text, nullptr, false) : json();
    if (!changed.is_object()) return std::optional<std::string>();
    auto sessions = changed.value("sessions", std::vector<std::string>{});
    sessions.push_back(hashed(token));
    closed.clear();
    while (sessions.size() > kSessionsKept) {
      closed.push_back(sessions.front());
      sessions.erase(sessions.begin());
    }
    changed["sessions"] = sessions;
    return std::optional<std::string>(changed.dump());
  });
  for (const std::string& old : closed) store_.remove_record("session", old);
  // The seats this browser held come along.
  if (!browser.empty() && browser != account.identity) {
    for (const StoredHolding& h : store_.holdings_of(browser))
      store_.hold({account.identity, h.game_id, h.token, h.archived});
  }
  return Session{account, token};
}

// The account a token opens: the record of `kind` under the token's hash
// names the account and its id (an account of that name made later has
// another id, and is not opened).
std::optional<Account> Accounts::opened_by(const std::string& kind,
                                           const std::string& token) const {
  if (token.empty()) return std::nullopt;
  const auto key = store_.record(kind, hashed(token));
  if (!key) return std::nullopt;
  const json parsed = json::parse(*key, nullptr, false);
  if (!parsed.is_object()) return std::nullopt;
  const auto record = record_of(parsed.value("account", ""));
  if (!record || record->value("id", "") != parsed.value("id", "-")) return std::nullopt;
  return account_of(*record);
}

// A new account's record, unless its name is taken.
std::optional<Refusal> Accounts::add_account(const json& record) {
  switch (
      store_.put_record("account", account_key(record.value("name", "")), record.dump(), true)) {
    case Written::Taken:
      return Refusal{409, "that username is taken"};
    case Written::Failed:
      return kUnsaved;
    case Written::Kept:
      break;
  }
  return std::nullopt;
}

std::optional<Account> Accounts::signed_in(const std::string& token) const {
  return opened_by("session", token);
}

Answer<std::pair<Account, std::string>> Accounts::make_bot(const Account& owner,
                                                           const std::string& name) {
  if (owner.bot) return Refusal{403, "a bot cannot make bots"};
  if (auto why = bad_name(name)) return Refusal{400, *why};
  auto record = record_of(owner.key);
  if (!record) return Refusal{401, "not signed in"};
  auto bots = record->value("bots", std::vector<std::string>{});
  if (bots.size() >= kBotsPerOwner)
    return Refusal{409, "an account has " + std::to_string(kBotsPerOwner) + " bots at most"};
  const std::string token = secret() + secret();
  const json bot = {{"name", name},           {"bot", true},
                    {"owner", owner.key},     {"id", secret()},
                    {"token", hashed(token)}, {"created_ms", now_ms()}};
  if (auto refusal = add_account(bot)) return *refusal;
  const json key = {{"account", account_key(name)}, {"id", bot["id"]}};
  if (store_.put_record("bot-token", hashed(token), key.dump(), false) != Written::Kept)
    return kUnsaved;
  store_.update_record("account", owner.key, [&name](const std::optional<std::string>& text) {
    json changed = text ? json::parse(*text, nullptr, false) : json();
    if (!changed.is_object()) return std::optional<std::string>();
    auto owned = changed.value("bots", std::vector<std::string>{});
    owned.push_back(account_key(name));
    changed["bots"] = owned;
    return std::optional<std::string>(changed.dump());
  });
  return std::pair{account_of(bot), token};
}

std::optional<Account> Accounts::bot_of(const std::string& token) const {
  auto bot = opened_by("bot-token", token);
  return bot && bot->bot ? bot : std::nullopt;
}

std::optional<Account> Accounts::find(const std::string& name) const {
  if (bad_name(name)) return std::nullopt;
  const auto record = record_of(account_key(name));
  if (!record) return std::nullopt;
  return account_of(*record);
}

void Accounts::logout(const std::string& token) {
  store_.remove_record("session", hashed(token));
}

Answer<json> Accounts::remove(const std::string& token, const std::string& password,
                              const std::string& address) {
  const auto account = signed_in(token);
  if (!account) return Refusal{401, "not signed in"};
  const auto record = record_of(account->key);
  if (!record) return Refusal{401, "not signed in"};
  if (auto refusal = check_password(*record, password, account->key, address)) return *refusal;
  for (const std::string& session : record->value("sessions", std::vector<std::string>{}))
    store_.remove_record("session", session);
  for (const std::string& bot : record->value("bots", std::vector<std::string>{})) {
    const auto bot_record = record_of(bot);
    if (!bot_record) continue;
    store_.remove_record("bot-token", bot_record->value("token", ""));
    for (const std::string& pool : bot_record->value("pools", std::vector<std::string>{}))
      store_.remove_record("rating " + pool, bot);
    store_.forget_holdings(identity_of(bot));
    store_.remove_record("account", bot);
  }
  for (const std::string& pool : account->pools)
    store_.remove_record("rating " + pool, account->key);
  store_.forget_holdings(account->identity);
  if (!store_.remove_record("account", account->key)) return kUnsaved;
  return json{{"deleted", account->name}};
}

void Accounts::rated_in(Store& store, const std::string& key, const std::string& pool) {
  store.update_record(
      "account", key,
      [&pool](const std::optional<std::string>& text) -> std::optional<std::string> {
        if (!text) return std::nullopt;  // no account (a guest's seat is never rated)
        json record = json::parse(*text, nullptr, false);
        if (!record.is_object()) return std::nullopt;
        auto pools = record.value("pools", std::vector<std::string>{});
        if (std::find(pools.begin(), pools.end(), pool) != pools.end()) return std::nullopt;
        pools.push_back(pool);
        record["pools"] = pools;
        return record.dump();
      });
}

}  // namespace web
