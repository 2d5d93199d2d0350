// The site's accounts: a name and a password, kept as an argon2id hash
// (libsodium's crypto_pwhash_str, never in clear and never logged), and the
// sessions signed in to it, each a random token in a cookie (kept only as
// its hash). An account's seats are held under an identity of its own
// ("account:NAME"), so that "Your games" follows it to any device; a
// browser that signs in brings the seats it held before. Wrong passwords
// are limited per address and per account from an address (web/login_limits.hpp,
// kept by each server, in memory), and a name that is no account's costs
// the same hash as a wrong password, so that neither the answer nor its
// time tells whether an account exists. The records are the store's
// (kinds "account" and "session"). Hashing takes tens of milliseconds: the
// server calls create, login and remove off its event loops.
#pragma once

#include <chrono>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "web/login_limits.hpp"
#include "web/matches.hpp"
#include "web/store.hpp"

namespace web {

struct Account {
  std::string name;  // as its owner wrote it
  std::string key;   // the name in lower case: one account a name, whatever the case
  std::string identity;
  std::vector<std::string> pools;  // the rating pools it has a rating in
  bool bot = false;                // a bot account: played by its owner's program
};

// Signed in: the account, and the session's token (the cookie's value).
struct Session {
  Account account;
  std::string token;
};

class Accounts {
 public:
  explicit Accounts(Store& store);

  // A new account, signed in; `browser`: the identity whose seats it takes.
  Answer<Session> create(const std::string& name, const std::string& password,
                         const std::string& address, const std::string& browser);
  Answer<Session> login(const std::string& name, const std::string& password,
                        const std::string& address, const std::string& browser);
  // The account a session's token is signed in to, if any.
  std::optional<Account> signed_in(const std::string& token) const;
  // A bot account of `owner` (a person's account), and its token: the
  // only way to act as it (Authorization: Bearer TOKEN).
  Answer<std::pair<Account, std::string>> make_bot(const Account& owner, const std::string& name);
  // The bot account a bot's token is, if any.
  std::optional<Account> bot_of(const std::string& token) const;
  // The account of a name, if there is one.
  std::optional<Account> find(const std::string& name) const;
  void logout(const std::string& token);
  // Deletes the account (its password asked again): its sessions, ratings
  // and seats held; its games stay, played by a nameless seat.
  Answer<nlohmann::json> remove(const std::string& token, const std::string& password,
                                const std::string& address);
  // Records that the account of `key` has a rating in `pool`.
  static void rated_in(Store& store, const std::string& key, const std::string& pool);

  // The identity under which an account's seats are held.
  static std::string identity_of(const std::string& key);
  // Why `name` cannot be an account's name, if it cannot.
  static std::optional<std::string> bad_name(const std::string& name);

 private:
  std::optional<Refusal> limited(const std::string& key, bool known, const std::string& address);
  void failed(const std::string& key, bool known, const std::string& address);
  Answer<Session> open_session(const Account& account, const std::string& browser);
  std::optional<nlohmann::json> record_of(const std::string& key) const;
  std::optional<Account> opened_by(const std::string& kind, const std::string& token) const;
  std::optional<Refusal> add_account(const nlohmann::json& record);
  std::optional<Refusal> check_password(const nlohmann::json& record, const std::string& password,
                                        const std::string& key, const std::string& address);

  Store& store_;
  mutable std::mutex mutex_;  // the counts below
  LoginLimits limits_;
  RecentCounts made_;  // accounts made lately, by the client's address
};

// An account's key: its name in lower case.
std::string account_key(std::string name);

// The name of the session cookie (gridgames_session=TOKEN).
inline constexpr const char* kSessionCookie = "gridgames_session";

}  // namespace web
