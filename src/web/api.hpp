// What the web server answers, apart from the network: the pages and the JSON
// API (docs/web.md) as a function from a parsed request to a response, or to
// a wait for the game's next change (a long poll). The transport
// (server.cpp) and the fuzz target of HTTP handling both call it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "web/accounts.hpp"
#include "web/courses.hpp"
#include "web/identity.hpp"
#include "web/matches.hpp"

namespace web {

struct Request {
  std::string method;  // "GET", "POST", ...
  std::string target;  // the path and query, as sent
  std::optional<std::string> host;
  std::optional<std::string> origin;
  std::optional<std::string> content_type;
  std::optional<std::string> accept;
  std::optional<std::string> cookie;  // the Cookie header, as sent
  // The Authorization header, as sent ("Bearer TOKEN": a bot account's).
  std::optional<std::string> authorization;
  // An event stream's resumption: the version of the last event the
  // browser's EventSource had (the `id:` of server-sent events).
  std::optional<std::string> last_event_id;
  std::string body;
  std::string client;  // the client's address
};

struct Response {
  int status = 200;
  std::string content_type;
  std::string body;
  std::string set_cookie = {};  // a Set-Cookie header's value, if any
  // The body when it is shared with other answers (a view's rendering):
  // then `body` is empty.
  std::shared_ptr<const std::string> shared_body = {};

  const std::string& text() const { return shared_body ? *shared_body : body; }
};

// The name of the cookie that identifies a browser: a long random value the
// server sets, under which it keeps the games the browser holds a seat in.
inline constexpr const char* kIdentityCookie = "gridgames_browser";

// A stream of events says something this often, so that proxies keep it
// and the page can tell that it has every version: an event named
// "version" whose data is the game's version.
inline constexpr std::chrono::seconds kEventHeartbeat{15};

// A view asked for with `after`: answered when the game changes after that
// version, or when `deadline` passes. With `stream`, a stream of
// server-sent events instead (GET .../events): first the view unless the
// client has its version already (`after`: the Last-Event-ID it resumes
// from, or ?after=), then every version of the view as it comes, each
// with its version as the event's id, and the version alone at
// `deadline` when nothing came, on one connection.
struct Wait {
  std::string id;
  std::string token;
  std::uint64_t after = 0;
  std::chrono::steady_clock::time_point deadline;
  bool stream = false;
};

// An answer that takes work too slow for an event loop (a password's hash,
// sign-up, sign-in and deletion): the transport runs `work` in its pool
// beside the loops (web/slow_work.hpp) and sends what it returns.
struct Deferred {
  std::function<Response()> work;
};
using Handled = std::variant<Response, Wait, Deferred>;

// The headers every answer carries: no sniffing, no framing by other sites,
// scripts and styles only from here.
const std::vector<std::pair<std::string, std::string>>& security_headers();

class Api {
 public:
  // `hosts`: the host names served besides IP addresses and localhost.
  Api(Matches& matches, std::vector<std::string> hosts);

  Handled handle(const Request& request) const;
  // The answer to a wait, now (its game changed, its time is up, or the
  // server is stopping).
  Response resume(const Wait& wait) const;
  // The view a wait watches as its text, shared by every watcher of its
  // kind (asking also ends a game whose clock ran out); nothing if the game
  // is gone or the token no longer one of its.
  std::optional<Matches::ViewText> view_text(const Wait& wait) const;
  // Whether a wait can be answered yet.
  bool ready(const Wait& wait) const;
  bool matches_stopping() const { return matches_.stopping(); }

  static Response refusal(int status, const std::string& reason);
  // A view's answer, its text shared with every other.
  static Response shared_view(const Matches::ViewText& view);

 private:
  std::optional<Response> refuse_host(const Request& request) const;
  Handled api(const Request& request, std::string_view path, std::string_view query) const;
  Response games_api(const Request& request, std::string_view path,
                     const nlohmann::json& body) const;
  Response accounts_api(const Request& request, std::string_view path,
                        const nlohmann::json& body) const;
  // /api/courses and /api/courses/ID[/join|/staff] (docs/courses.md).
  Response courses_api(const Request& request, std::string_view path,
                       const nlohmann::json& body) const;
  Response ratings(std::string_view path, std::string_view query) const;
  Response me(const Account& account) const;
  Response page(const Request& request, std::string_view path) const;
  // A request to one game, /api/games/ID/VERB: its routes (api.cpp's
  // kGameRoutes), each a method and a handler of the call.
  struct GameCall {
    const Request& request;
    std::string id;
    std::string_view query;
    std::string token;                     // a POST's: the body's seat token
    const nlohmann::json* body = nullptr;  // a POST's body
  };
  std::variant<Response, Wait> game_route(const Request& request, std::string_view path,
                                          std::string_view query) const;
  std::variant<Response, Wait> view_or_wait(const GameCall& call) const;
  std::variant<Response, Wait> events(const GameCall& call) const;
  Response record(const GameCall& call) const;
  Response replay(const GameCall& call) const;
  Response hold(const GameCall& call) const;
  Response chat(const GameCall& call) const;
  Response mute(const GameCall& call) const;
  Response act(const GameCall& call, bool preview) const;
  template <Answer<nlohmann::json> (Matches::*Step)(const std::string&, const std::string&)>
  static std::variant<Response, Wait> seat_step(const Api& api, const GameCall& call);
  // The browser's identity, if its cookie holds one these servers issued
  // (or one issued before identities were signed, which holds seats).
  std::optional<std::string> identity(const Request& request) const;
  // The account the request's session is signed in to, or whose bot's
  // token it carries, if any.
  std::optional<Account> account(const Request& request) const;
  // The token of "Authorization: Bearer TOKEN", if the request has one.
  static std::optional<std::string> bearer(const Request& request);

  Matches& matches_;
  Identities identities_;
  std::unique_ptr<Accounts> accounts_;
  std::unique_ptr<Courses> courses_;
  std::vector<std::string> hosts_;
  std::string catalogue_;  // the list of games never changes: made once
};

}  // namespace web
