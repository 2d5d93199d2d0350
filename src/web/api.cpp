#include "web/api.hpp"

#include <algorithm>
#include <charconv>

#include "engine/words.hpp"
#include "web/assets.hpp"
#include "web/ratings.hpp"

namespace web {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr int kDefaultWaitMs = 20000;
constexpr int kMaxWaitMs = 25000;
constexpr std::size_t kMaxActionBytes = 200;
// A program's time for a decision where the game has no clock.
constexpr int kProgramMoveMs = 2000;

Response json_response(int status, const json& body) {
  return {status, "application/json", body.dump(-1, ' ', false, json::error_handler_t::replace)};
}

template <typename T>
Response answer(const Answer<T>& a) {
  if (const auto* refusal = std::get_if<Refusal>(&a))
    return Api::refusal(refusal->status, refusal->reason);
  return json_response(200, std::get<T>(a));
}

// The value of `name` in a query string (a=1&b=2), %-decoded.
std::optional<std::string> query_value(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? "" : query.substr(amp + 1);
    const std::size_t eq = pair.find('=');
    if (pair.substr(0, eq) != name) continue;
    const std::string_view raw = eq == std::string_view::npos ? "" : pair.substr(eq + 1);
    std::string value;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      int byte = 0;
      if (raw[i] == '%' && i + 2 < raw.size() &&
          std::from_chars(raw.data() + i + 1, raw.data() + i + 3, byte, 16).ptr ==
              raw.data() + i + 3) {
        value += static_cast<char>(byte);
        i += 2;
      } else {
        value += raw[i] == '+' ? ' ' : raw[i];
      }
    }
    return value;
  }
  return std::nullopt;
}

std::optional<std::uint64_t> whole_number(const std::string& text) {
  std::uint64_t n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return n;
}

bool is_hex_id(std::string_view text) {
  return !text.empty() && text.size() <= 32 && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
  });
}

bool is_name(std::string_view text) {
  return !text.empty() && text.size() <= 64 && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '-' || c == '_';
  });
}

// The host name of a Host header ("example.org:8080", "[::1]:80"), lower case.
std::string host_name(std::string_view host) {
  if (host.starts_with('[')) return std::string(host.substr(0, host.find(']') + 1));
  std::string name(host.substr(0, host.rfind(':')));
  if (host.find(':') == std::string_view::npos) name = host;
  return engine::lower_case(std::move(name));
}

// An IPv4 address (digits and dots) or an IPv6 one in brackets: no DNS name,
// so no DNS rebinding.
bool is_address(std::string_view name) {
  if (name.starts_with('[')) return name.ends_with(']');
  return !name.empty() && std::all_of(name.begin(), name.end(),
                                      [](char c) { return (c >= '0' && c <= '9') || c == '.'; });
}

bool is_json(const std::optional<std::string>& content_type) {
  if (!content_type) return false;
  std::string type = content_type->substr(0, content_type->find(';'));
  return engine::lower_case(std::string(engine::trim(type))) == "application/json";
}

// The Set-Cookie value that gives a browser its identity for a year;
// HttpOnly (no script reads it), SameSite=Lax (no other site's request
// sends it).
std::string identity_cookie(const std::string& identity) {
  return std::string(kIdentityCookie) + "=" + identity +
         "; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax";
}

// The session's cookie (the same terms), or its end (empty: Max-Age=0).
std::string session_cookie(const std::string& token) {
  return std::string(kSessionCookie) + "=" + token +
         "; Path=/; Max-Age=" + (token.empty() ? "0" : "31536000") + "; HttpOnly; SameSite=Lax";
}

}  // namespace

const std::vector<std::pair<std::string, std::string>>& security_headers() {
  static const std::vector<std::pair<std::string, std::string>> headers = {
      {"X-Content-Type-Options", "nosniff"},
      {"Content-Security-Policy",
       "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"},
      {"X-Frame-Options", "DENY"},
      {"Referrer-Policy", "no-referrer"},
      {"Cache-Control", "no-store"}};
  return headers;
}

Api::Api(Matches& matches, std::vector<std::string> hosts)
    : matches_(matches),
      identities_(matches.identity_key()),
      accounts_(std::make_unique<Accounts>(matches.store())),
      courses_(std::make_unique<Courses>(matches.store())),
      hosts_(std::move(hosts)),
      catalogue_(Matches::catalogue().dump()) {
  for (std::string& h : hosts_) h = host_name(h);
}

// A bot's token (Authorization: Bearer TOKEN), else the session's cookie.
std::optional<Account> Api::account(const Request& request) const {
  if (const auto token = bearer(request)) return accounts_->bot_of(*token);
  const auto token = cookie_value(request.cookie.value_or(""), kSessionCookie);
  return token ? accounts_->signed_in(*token) : std::nullopt;
}

std::optional<std::string> Api::bearer(const Request& request) {
  constexpr std::string_view kBearer = "Bearer ";
  if (!request.authorization || !request.authorization->starts_with(kBearer)) return std::nullopt;
  return std::string(engine::trim(request.authorization->substr(kBearer.size())));
}

// Signed in: the account's identity; else the browser's.
std::optional<std::string> Api::identity(const Request& request) const {
  if (const auto signed_in = account(request)) return signed_in->identity;
  const auto value = cookie_value(request.cookie.value_or(""), kIdentityCookie);
  if (value && (identities_.genuine(*value) || matches_.known_identity(*value))) return value;
  return std::nullopt;
}

Response Api::refusal(int status, const std::string& reason) {
  return json_response(status, {{"error", reason}});
}

std::optional<Response> Api::refuse_host(const Request& request) const {
  if (!request.host) return std::nullopt;  // not a browser's request
  const std::string name = host_name(*request.host);
  if (is_address(name) || name == "localhost" ||
      std::find(hosts_.begin(), hosts_.end(), name) != hosts_.end()) {
    return std::nullopt;
  }
  return refusal(421, "this server does not serve the host \"" + engine::printable(name, 60) +
                          "\" (give it to gridgames serve with --allow-host)");
}

Handled Api::handle(const Request& request) const {
  if (auto refused = refuse_host(request)) return *refused;
  const std::string_view target = request.target;
  const std::size_t question = target.find('?');
  const std::string_view path = target.substr(0, question);
  const std::string_view query =
      question == std::string_view::npos ? "" : target.substr(question + 1);
  if (path.starts_with("/api/")) return api(request, path, query);
  if (request.method != "GET") return refusal(405, "this method is not allowed here");
  return page(request, path);
}

Response Api::page(const Request& request, std::string_view path) const {
  const auto html = [] {
    return Response{200, "text/html; charset=utf-8", std::string(asset("index.html"))};
  };
  if (path == "/" || path == "/account") return html();
  for (const std::string_view prefix : {"/play/", "/game/", "/ratings/"}) {
    if (path.starts_with(prefix) && is_name(path.substr(prefix.size()))) return html();
  }
  if (path.starts_with("/assets/")) {
    const std::string_view name = path.substr(8);
    const std::string_view text = is_name(name.substr(0, name.rfind('.'))) ? asset(name) : "";
    // Each file with its own type; the page itself is served at its addresses.
    const char* type = name.ends_with(".js")    ? "text/javascript; charset=utf-8"
                       : name.ends_with(".css") ? "text/css; charset=utf-8"
                                                : nullptr;
    if (!text.empty() && type) return {200, type, std::string(text)};
  }
  // A browser that asked for a page gets the page, which says there is
  // nothing here and shows the way back; other clients get JSON.
  if (request.accept && request.accept->find("text/html") != std::string::npos) {
    Response missing = html();
    missing.status = 404;
    return missing;
  }
  return refusal(404, "nothing at " + engine::printable(path, 80));
}

Handled Api::api(const Request& request, std::string_view path, std::string_view query) const {
  const bool post = request.method == "POST";
  if (const auto token = bearer(request); token && !accounts_->bot_of(*token))
    return refusal(401, "this bot token is not known (made by POST /api/bots)");
  if (post) {
    // A page of another site cannot send JSON without asking first (CORS),
    // and a browser says where a request comes from.
    if (!is_json(request.content_type))
      return refusal(415, "a POST's body must be JSON, sent as Content-Type: application/json");
    if (request.origin && request.host && *request.origin != "http://" + *request.host &&
        *request.origin != "https://" + *request.host) {
      return refusal(403, "requests from other sites are refused");
    }
  } else if (request.method != "GET") {
    return refusal(405, "this method is not allowed here");
  }
  const auto body = [&]() -> std::variant<json, Response> {
    json parsed = json::parse(request.body, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) return refusal(400, "the body is not JSON");
    if (!parsed.is_object()) return refusal(400, "the body must be a JSON object");
    return parsed;
  };
  if (path == "/api/games" && !post) return Response{200, "application/json", catalogue_};
  if (path.starts_with("/api/ratings/") && !post) return ratings(path, query);
  if (path == "/api/me" && !post) {
    const auto signed_in = account(request);
    return signed_in ? me(*signed_in) : refusal(401, "not signed in");
  }
  if (path == "/api/challenges" && !post) {
    const auto bot = account(request);
    if (!bot || !bot->bot) return refusal(401, "a bot's token is needed (Authorization: Bearer)");
    return json_response(200, matches_.challenges(bot->name));
  }
  if (path == "/api/accounts" || path == "/api/login" || path == "/api/logout" ||
      path == "/api/me/delete" || path == "/api/bots") {
    if (!post) return refusal(405, "this method is not allowed here");
    auto object = body();
    if (auto* refused = std::get_if<Response>(&object)) return *refused;
    // Those that hash a password run beside the event loops.
    if (path == "/api/logout" || path == "/api/bots")
      return accounts_api(request, path, std::get<json>(object));
    return Deferred{[this, request, path = std::string(path), fields = std::get<json>(object)] {
      return accounts_api(request, path, fields);
    }};
  }
  // A POST's body, or no fields for a GET.
  const auto fields = [&]() -> std::variant<json, Response> {
    return post ? body() : json::object();
  };
  if (path == "/api/courses" || path.starts_with("/api/courses/")) {
    auto object = fields();
    if (auto* refused = std::get_if<Response>(&object)) return *refused;
    return courses_api(request, path, std::get<json>(object));
  }
  if (path == "/api/lobby" && !post) return json_response(200, matches_.lobby());
  if (path == "/api/games" || path.starts_with("/api/lobby") || path.starts_with("/api/my-games")) {
    auto object = fields();
    if (auto* refused = std::get_if<Response>(&object)) return *refused;
    return games_api(request, path, std::get<json>(object));
  }
  if (!path.starts_with("/api/games/"))
    return refusal(404, "nothing at " + engine::printable(path, 80));
  auto routed = game_route(request, path, query);
  if (auto* wait = std::get_if<Wait>(&routed)) return std::move(*wait);
  return std::get<Response>(std::move(routed));
}

// A step of the game's flow that a seat takes by its token alone (undo,
// resign, draw, decline, cancel).
template <Answer<nlohmann::json> (Matches::*Step)(const std::string&, const std::string&)>
std::variant<Response, Wait> Api::seat_step(const Api& api, const GameCall& call) {
  return answer((api.matches_.*Step)(call.id, call.token));
}

// A game's routes: /api/games/ID/VERB, by VERB: POST or GET, and the handler.
std::variant<Response, Wait> Api::game_route(const Request& request, std::string_view path,
                                             std::string_view query) const {
  using Reply = std::variant<Response, Wait>;
  using Handler = Reply (*)(const Api&, const GameCall&);
  struct Route {
    std::string_view verb;
    bool post;
    Handler handle;
  };
  static constexpr Route kGameRoutes[] = {
      {"", false, [](const Api& a, const GameCall& c) -> Reply { return a.view_or_wait(c); }},
      {"events", false, [](const Api& a, const GameCall& c) -> Reply { return a.events(c); }},
      {"record", false, [](const Api& a, const GameCall& c) { return Reply(a.record(c)); }},
      {"replay", false, [](const Api& a, const GameCall& c) { return Reply(a.replay(c)); }},
      {"guide", false,
       [](const Api& a, const GameCall& c) { return Reply(answer(a.matches_.guide(c.id))); }},
      {"request", false,
       [](const Api& a, const GameCall& c) {
         const std::string token = query_value(c.query, "token").value_or("");
         return Reply(answer(a.matches_.protocol_request(c.id, token, kProgramMoveMs)));
       }},
      {"hold", true, [](const Api& a, const GameCall& c) { return Reply(a.hold(c)); }},
      {"actions", true, [](const Api& a, const GameCall& c) { return Reply(a.act(c, false)); }},
      {"preview", true, [](const Api& a, const GameCall& c) { return Reply(a.act(c, true)); }},
      {"undo", true, &seat_step<&Matches::undo>},
      {"resign", true, &seat_step<&Matches::resign>},
      {"draw", true, &seat_step<&Matches::draw>},
      {"decline", true, &seat_step<&Matches::decline>},
      {"cancel", true, &seat_step<&Matches::cancel>},
      {"chat", true, [](const Api& a, const GameCall& c) { return Reply(a.chat(c)); }},
      {"mute", true, [](const Api& a, const GameCall& c) { return Reply(a.mute(c)); }},
      {"rematch", true,
       [](const Api& a, const GameCall& c) {
         return Reply(answer(a.matches_.rematch(c.id, c.token, c.request.client)));
       }},
  };
  const std::string_view rest = path.substr(std::string_view("/api/games/").size());
  const std::string id(rest.substr(0, rest.find('/')));
  const std::string_view verb = rest.size() > id.size() ? rest.substr(id.size() + 1) : "";
  const Route* route = nullptr;
  for (const Route& r : kGameRoutes)
    if (r.verb == verb) route = &r;
  if (!is_hex_id(id) || !route) return refusal(404, "nothing at " + engine::printable(path, 80));
  if (route->post != (request.method == "POST"))
    return refusal(405, "this method is not allowed here");
  GameCall call{request, id, query, "", nullptr};
  if (!route->post) return route->handle(*this, call);
  const json fields = json::parse(request.body, nullptr, /*allow_exceptions=*/false);
  if (fields.is_discarded()) return refusal(400, "the body is not JSON");
  if (!fields.is_object()) return refusal(400, "the body must be a JSON object");
  const auto token = fields.find("token");
  if (token == fields.end() || !token->is_string())
    return refusal(400, "the body needs \"token\": your seat's token");
  call.token = token->get<std::string>();
  call.body = &fields;
  return route->handle(*this, call);
}

Response Api::record(const GameCall& call) const {
  const std::string format = query_value(call.query, "format").value_or("json");
  if (format == "json") return answer(matches_.record(call.id));
  if (format != "sgf") return refusal(400, "a record's format is json or sgf");
  auto sgf = matches_.record_sgf(call.id);
  if (const auto* refused = std::get_if<Refusal>(&sgf))
    return refusal(refused->status, refused->reason);
  return Response{200, "application/x-go-sgf; charset=utf-8", std::get<std::string>(sgf)};
}

Response Api::replay(const GameCall& call) const {
  const auto step = whole_number(query_value(call.query, "step").value_or("0"));
  if (!step) return refusal(400, "\"step\" is a whole number");
  return answer(
      matches_.replay(call.id, static_cast<std::size_t>(std::min<std::uint64_t>(*step, 1u << 30))));
}

// Server-sent events: each version of the view as it comes.
std::variant<Response, Wait> Api::events(const GameCall& call) const {
  const std::string token = query_value(call.query, "token").value_or("");
  const auto first = matches_.view_text(call.id, token);
  if (const auto* refused = std::get_if<Refusal>(&first))
    return refusal(refused->status, refused->reason);
  // Resumed: the version the browser has (its EventSource's last id, or
  // the page's ?after=); its view is sent only if the game is elsewhere.
  const auto has =
      call.request.last_event_id ? call.request.last_event_id : query_value(call.query, "after");
  std::uint64_t after = 0;
  if (has) {
    const auto number = whole_number(*has);
    if (!number) return refusal(400, "\"after\" and Last-Event-ID are whole numbers");
    after = *number;
  }
  return Wait{call.id, token, after, Clock::now() + kEventHeartbeat, true};
}

// A seat's (or a watcher's) view, at once or when it changes (a long poll).
std::variant<Response, Wait> Api::view_or_wait(const GameCall& call) const {
  const std::string token = query_value(call.query, "token").value_or("");
  bool waits = false;
  std::uint64_t after = 0, wait_ms = kDefaultWaitMs;
  for (const auto& [name, value] : {std::pair{"after", &after}, std::pair{"wait", &wait_ms}}) {
    const auto text = query_value(call.query, name);
    if (!text) continue;
    const auto number = whole_number(*text);
    if (!number) return refusal(400, "\"after\" and \"wait\" are whole numbers");
    *value = *number;
    waits = waits || value == &after;
  }
  // The view rendered once for every client of this seat (the event
  // streams' too). A read: nothing is written, no identity given; a page
  // that opens a seat's link holds it by POST .../hold.
  const auto view = matches_.view_text(call.id, token);
  if (const auto* refused = std::get_if<Refusal>(&view))
    return refusal(refused->status, refused->reason);
  const Matches::ViewText& seen = std::get<Matches::ViewText>(view);
  if (!waits || seen.version > after) return shared_view(seen);
  auto ms = std::min<std::uint64_t>(wait_ms, kMaxWaitMs);
  // A clock that runs out ends the game: the wait ends then at the latest.
  if (seen.clock_left_ms)
    ms = std::min<std::uint64_t>(
        ms, static_cast<std::uint64_t>(std::max<std::int64_t>(0, *seen.clock_left_ms) + 20));
  return Wait{call.id, token, after, Clock::now() + std::chrono::milliseconds(ms)};
}

// A line of chat, signed with the account's name when signed in.
Response Api::chat(const GameCall& call) const {
  const auto text = call.body->find("text");
  if (text == call.body->end() || !text->is_string())
    return refusal(400, "the body needs \"text\": the line to say");
  const auto signed_in = account(call.request);
  return answer(matches_.chat(call.id, call.token, text->get<std::string>(),
                              signed_in ? signed_in->name : "", call.request.client));
}

// {"player": N, "muted": true or false}: a seat mutes another's chat or hears it again.
Response Api::mute(const GameCall& call) const {
  const auto other = call.body->find("player");
  if (other == call.body->end() || !other->is_number_integer())
    return refusal(400, "the body needs \"player\": the seat to mute (from 0)");
  const auto muted = call.body->find("muted");
  if (muted != call.body->end() && !muted->is_boolean())
    return refusal(400, "\"muted\" is true or false");
  const long long seat = other->get<long long>();
  if (seat < 0 || seat > 64) return refusal(400, "\"player\" is another seat's number (from 0)");
  return answer(matches_.mute(call.id, call.token, static_cast<int>(seat),
                              muted == call.body->end() || muted->get<bool>()));
}

// A seat's link opened: this browser holds the seat.
Response Api::hold(const GameCall& call) const {
  const std::optional<std::string> known = identity(call.request);
  const std::string holder = known ? *known : identities_.issue();
  Response held = answer(matches_.hold(holder, call.id, call.token));
  if (!known && held.status == 200) held.set_cookie = identity_cookie(holder);
  return held;
}

// One action ("action"), or the steps of one turn together ("actions"):
// played, or only previewed.
Response Api::act(const GameCall& call, bool preview) const {
  const json& fields = *call.body;
  std::vector<std::string> actions;
  if (const auto action = fields.find("action"); action != fields.end() && action->is_string()) {
    actions.push_back(action->get<std::string>());
  } else if (const auto list = fields.find("actions"); list != fields.end() && list->is_array()) {
    for (const json& item : *list) {
      if (!item.is_string()) return refusal(400, "\"actions\" is a list of actions' texts");
      actions.push_back(item.get<std::string>());
    }
  } else {
    return refusal(400, "the body needs \"action\": an action's text, or \"actions\": a list");
  }
  for (const std::string& action : actions)
    if (action.size() > kMaxActionBytes) return refusal(400, "the action is too long");
  if (preview) return answer(matches_.preview(call.id, call.token, actions));
  return answer(matches_.act(call.id, call.token, actions));
}

// The requests that make or find games for a browser: a game created, the
// lobby's seeks and joins, "my games". A browser without an identity gets
// one with the answer to what it writes (never to a read).
Response Api::games_api(const Request& request, std::string_view path, const json& body) const {
  const std::optional<std::string> known = identity(request);
  const bool post = request.method == "POST";
  const std::string identity = known ? *known : post ? identities_.issue() : "";
  const auto given = [&](Response response) {
    if (!known && post) response.set_cookie = identity_cookie(identity);
    return response;
  };
  const std::optional<Account> signed_in = account(request);
  const std::string name = signed_in ? signed_in->name : "";
  const bool bot = signed_in && signed_in->bot;
  if (path == "/api/games") return given(answer(matches_.create(body, request.client, identity)));
  if (path == "/api/lobby") {
    // A challenge: its opponent is a bot account.
    if (const auto opponent = body.find("opponent");
        opponent != body.end() && opponent->is_string()) {
      const auto found = accounts_->find(opponent->get<std::string>());
      if (!found || !found->bot)
        return refusal(404, "no bot \"" + engine::printable(opponent->get<std::string>()) + "\"");
    }
    return given(answer(matches_.seek(body, request.client, identity, name, bot)));
  }
  if (path == "/api/my-games") {
    if (post) return refusal(405, "this method is not allowed here");
    return json_response(200, known ? matches_.my_games(*known) : json{{"games", json::array()}});
  }
  // /api/lobby/ID/join, /api/my-games/ID/archive
  const bool lobby = path.starts_with("/api/lobby/");
  if (!lobby && !path.starts_with("/api/my-games/"))  // "/api/lobbyx" too
    return refusal(404, "nothing at " + engine::printable(path, 80));
  std::string_view rest = path.substr(lobby ? 11 : 14);
  const std::string id(rest.substr(0, rest.find('/')));
  const std::string_view verb = rest.size() > id.size() ? rest.substr(id.size() + 1) : "";
  if (!is_hex_id(id) || verb != (lobby ? "join" : "archive"))
    return refusal(404, "nothing at " + engine::printable(path, 80));
  if (!post) return refusal(405, "this method is not allowed here");
  return given(
      answer(lobby ? matches_.join(id, identity, name, bot) : matches_.archive(id, identity)));
}

// Accounts: made, signed in to, signed out of, deleted.
Response Api::accounts_api(const Request& request, std::string_view path, const json& body) const {
  const auto token = cookie_value(request.cookie.value_or(""), kSessionCookie);
  if (path == "/api/logout") {
    if (token) accounts_->logout(*token);
    Response out = json_response(200, {{"signed_out", true}});
    out.set_cookie = session_cookie("");
    return out;
  }
  const auto text = [&](const char* field) {
    const auto found = body.find(field);
    return found != body.end() && found->is_string() ? found->get<std::string>() : std::string();
  };
  if (path == "/api/bots") {
    const auto owner = account(request);
    if (!owner) return refusal(401, "sign in to make a bot");
    if (auto full = matches_.charge_storage(request.client, owner->name, kStoredBotBytes))
      return refusal(full->status, full->reason);
    const auto made = accounts_->make_bot(*owner, text("name"));
    if (const auto* refused = std::get_if<Refusal>(&made))
      return refusal(refused->status, refused->reason);
    const auto& [bot, bot_token] = std::get<std::pair<Account, std::string>>(made);
    return json_response(201, {{"name", bot.name}, {"token", bot_token}});
  }
  const std::string password = text("password");
  if (path == "/api/me/delete") {
    Response out = answer(accounts_->remove(token.value_or(""), password, request.client));
    if (out.status == 200) out.set_cookie = session_cookie("");
    return out;
  }
  const std::string username = text("username");
  if (username.empty() || password.empty())
    return refusal(400, "the body needs \"username\" and \"password\"");
  // A browser's seats come along: its own identity (never an account's).
  const auto browser = cookie_value(request.cookie.value_or(""), kIdentityCookie);
  const std::string held = browser && identities_.genuine(*browser) ? *browser : "";
  const auto session = path == "/api/accounts"
                           ? accounts_->create(username, password, request.client, held)
                           : accounts_->login(username, password, request.client, held);
  if (const auto* refused = std::get_if<Refusal>(&session))
    return refusal(refused->status, refused->reason);
  const Session& opened = std::get<Session>(session);
  Response out = me(opened.account);
  if (path == "/api/accounts") out.status = 201;
  out.set_cookie = session_cookie(opened.token);
  return out;
}

Response Api::courses_api(const Request& request, std::string_view path, const json& body) const {
  const auto who = account(request);
  if (!who) return refusal(401, "sign in to use courses");
  const bool post = request.method == "POST";
  const auto text = [&](const char* field) {
    const auto found = body.find(field);
    return found != body.end() && found->is_string() ? found->get<std::string>() : std::string();
  };
  if (path == "/api/courses") {
    if (!post) return json_response(200, courses_->mine(*who));
    Response made = answer(courses_->create(*who, text("name")));
    if (made.status == 200) made.status = 201;
    return made;
  }
  const std::string_view rest = path.substr(std::string_view("/api/courses/").size());
  const std::string id(rest.substr(0, rest.find('/')));
  const std::string_view verb = rest.size() > id.size() ? rest.substr(id.size() + 1) : "";
  const bool known = verb.empty() || verb == "join" || verb == "staff";
  if (!is_hex_id(id) || !known) return refusal(404, "nothing at " + engine::printable(path, 80));
  if (post != !verb.empty()) return refusal(405, "this method is not allowed here");
  if (verb.empty()) return answer(courses_->view(*who, id));
  if (verb == "join") return answer(courses_->join(*who, id, text("code")));
  const auto added = accounts_->find(text("username"));
  if (!added) return refusal(404, "no account \"" + engine::printable(text("username"), 40) + "\"");
  return answer(courses_->add_staff(*who, id, *added));
}

// {"username", "ratings": [{"game", "variant", "rating", "rd", "games"}]}.
Response Api::me(const Account& account) const {
  json ratings = json::array();
  for (const std::string& pool : account.pools) {
    const PlayerRating rated = rating_of(matches_.store(), pool, account.key, account.name);
    const std::size_t space = pool.find(' ');
    ratings.push_back({{"game", pool.substr(0, space)},
                       {"variant", space == std::string::npos ? "" : pool.substr(space + 1)},
                       {"rating", std::lround(rated.rating.rating)},
                       {"rd", std::lround(rated.rating.deviation)},
                       {"games", rated.games}});
  }
  return json_response(200, {{"username", account.name}, {"ratings", ratings}});
}

// GET /api/ratings/GAME[?variant=cols=8 rows=8]: the pool's players, best first.
Response Api::ratings(std::string_view path, std::string_view query) const {
  const std::string game(path.substr(std::string_view("/api/ratings/").size()));
  if (!games::find_game(game)) return refusal(404, "no game \"" + engine::printable(game) + "\"");
  const std::string variant = query_value(query, "variant").value_or("");
  if (variant.size() > 200) return refusal(400, "the variant is too long");
  return json_response(200, ratings_table(matches_.store(), game, variant));
}

bool Api::ready(const Wait& wait) const {
  return Clock::now() >= wait.deadline || matches_.stopping() ||
         matches_.version(wait.id).value_or(wait.after + 1) > wait.after;
}

std::optional<Matches::ViewText> Api::view_text(const Wait& wait) const {
  auto view = matches_.view_text(wait.id, wait.token);
  if (auto* text = std::get_if<Matches::ViewText>(&view)) return std::move(*text);
  return std::nullopt;
}

// A long poll's answer: the view shared by every watcher of its kind.
Response Api::resume(const Wait& wait) const {
  const auto view = matches_.view_text(wait.id, wait.token);
  if (const auto* refused = std::get_if<Refusal>(&view))
    return refusal(refused->status, refused->reason);
  return shared_view(std::get<Matches::ViewText>(view));
}

Response Api::shared_view(const Matches::ViewText& view) {
  return {200, "application/json", "", "", view.text};
}

}  // namespace web
