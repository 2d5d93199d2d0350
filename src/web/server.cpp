#include "web/server.hpp"

#include <httplib.h>
#include <signal.h>
#include <sys/socket.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <thread>

#include "engine/words.hpp"
#include "web/assets.hpp"

namespace web {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxBody = 64 * 1024;
constexpr int kMaxWaitMs = 25000;
constexpr int kThreads = 128;  // a connection holds a thread while it is kept alive
constexpr int kBacklog = 256;

void send_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(body.dump(), "application/json");
}

void send_refusal(httplib::Response& res, const Refusal& refusal) {
  send_json(res, refusal.status, {{"error", refusal.reason}});
}

template <typename T>
void send_answer(httplib::Response& res, const Answer<T>& answer) {
  if (const auto* refusal = std::get_if<Refusal>(&answer)) {
    send_refusal(res, *refusal);
  } else {
    send_json(res, 200, std::get<T>(answer));
  }
}

// The JSON object of a request body, or why not.
std::variant<json, Refusal> body_object(const httplib::Request& req) {
  json body = json::parse(req.body, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded()) return Refusal{400, "the body is not JSON"};
  if (!body.is_object()) return Refusal{400, "the body must be a JSON object"};
  return body;
}

std::optional<std::string> string_field(const json& body, const char* name) {
  const auto at = body.find(name);
  if (at == body.end() || !at->is_string()) return std::nullopt;
  return at->get<std::string>();
}

bool is_loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1";
}

}  // namespace

Server::Server(ServeOptions options)
    : options_(std::move(options)),
      matches_(options_.limits),
      http_(std::make_unique<httplib::Server>()) {
  http_->new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
  http_->set_socket_options([this](int socket) {
    const int yes = 1;
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    socket_ = socket;
  });
  http_->set_keep_alive_max_count(1000);
  http_->set_payload_max_length(kMaxBody);
  http_->set_read_timeout(10, 0);
  http_->set_keep_alive_timeout(30);
  routes();
}

Server::~Server() = default;

int Server::bind() {
  const int port = options_.port == 0 ? http_->bind_to_any_port(options_.host)
                   : http_->bind_to_port(options_.host, options_.port) ? options_.port
                                                                       : -1;
  // The library listens with a backlog of 5, and many browsers (or the load
  // test's clients) connecting at once would be turned away: listen again
  // with a longer one.
  if (port > 0 && socket_ >= 0) ::listen(socket_, kBacklog);
  return port;
}

void Server::run() {
  http_->listen_after_bind();
}

void Server::stop() {
  // A stop before run() has begun would be lost: wait for it to begin.
  while (!http_->is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  matches_.stop();
  http_->stop();
}

void Server::routes() {
  httplib::Server& s = *http_;
  s.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                         {"Content-Security-Policy", "default-src 'self'; img-src 'self' data:"},
                         {"Referrer-Policy", "no-referrer"}});
  const auto page = [](const httplib::Request&, httplib::Response& res) {
    res.set_content(std::string(asset("index.html")), "text/html; charset=utf-8");
  };
  s.Get("/", page);
  s.Get(R"(/play/[a-z0-9-]+)", page);
  s.Get(R"(/game/[0-9a-f]+)", page);
  s.Get(R"(/assets/([a-z0-9_-]+\.(js|css)))",
        [](const httplib::Request& req, httplib::Response& res) {
          const std::string name = req.matches[1];
          const std::string_view text = asset(name);
          if (text.empty()) return send_json(res, 404, {{"error", "no such asset"}});
          res.set_content(std::string(text),
                          name.ends_with(".js") ? "text/javascript; charset=utf-8" : "text/css");
        });
  s.Get("/api/games", [](const httplib::Request&, httplib::Response& res) {
    send_json(res, 200, Matches::catalogue());
  });
  s.Post("/api/games", [this](const httplib::Request& req, httplib::Response& res) {
    auto body = body_object(req);
    if (auto* refusal = std::get_if<Refusal>(&body)) return send_refusal(res, *refusal);
    send_answer(res, matches_.create(std::get<json>(body)));
  });
  s.Get(R"(/api/games/([0-9a-f]{1,32}))",
        [this](const httplib::Request& req, httplib::Response& res) {
          std::optional<std::uint64_t> after;
          int wait_ms = 20000;
          try {
            if (req.has_param("after")) after = std::stoull(req.get_param_value("after"));
            if (req.has_param("wait"))
              wait_ms = std::clamp(std::stoi(req.get_param_value("wait")), 0, kMaxWaitMs);
          } catch (const std::exception&) {
            return send_refusal(res, {400, "\"after\" and \"wait\" are whole numbers"});
          }
          send_answer(res, matches_.view(req.matches[1], req.get_param_value("token"), after,
                                         std::chrono::milliseconds(wait_ms)));
        });
  s.Post(R"(/api/games/([0-9a-f]{1,32})/(actions|undo))",
         [this](const httplib::Request& req, httplib::Response& res) {
           auto body = body_object(req);
           if (auto* refusal = std::get_if<Refusal>(&body)) return send_refusal(res, *refusal);
           const json& object = std::get<json>(body);
           const auto token = string_field(object, "token");
           if (!token)
             return send_refusal(res, {400, "the body needs \"token\": your seat's token"});
           if (req.matches[2] == "undo")
             return send_answer(res, matches_.undo(req.matches[1], *token));
           const auto action = string_field(object, "action");
           if (!action)
             return send_refusal(res, {400, "the body needs \"action\": an action's text"});
           if (action->size() > 200) return send_refusal(res, {400, "the action is too long"});
           send_answer(res, matches_.act(req.matches[1], *token, *action));
         });
  s.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    const std::string reason = res.status == 413 ? "the body is too large (at most 64 KiB)"
                               : res.status == 404
                                   ? "nothing at " + engine::printable(req.path.substr(0, 80))
                               : res.status == 405 ? "this method is not allowed here"
                                                   : "bad request";
    send_json(res, res.status, {{"error", reason}});
  });
  s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    send_json(res, 500, {{"error", "the server failed on this request"}});
  });
}

int run_serve(int argc, char** argv) {
  CLI::App app{"Serves the five games to web browsers: gridgames serve [OPTIONS]",
               "gridgames serve"};
  ServeOptions options;
  int idle_minutes = 30;
  app.add_option("--host", options.host, "the address to listen on (loopback unless asked)");
  app.add_option("--port", options.port, "the port; any free one when not given")
      ->check(CLI::Range(0, 65535));
  app.add_option("--max-games", options.limits.max_games, "games kept at once")
      ->check(CLI::Range(1, 100000));
  app.add_option("--idle-minutes", idle_minutes, "a game untouched this long is dropped")
      ->check(CLI::Range(1, 10000));
  app.add_option("--bot-ms", options.limits.bot_time_ms, "a bot's thinking a decision, in ms")
      ->check(CLI::Range(1, 60000));
  app.set_version_flag("--version", "gridgames serve 1.0");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, std::cout, std::cerr) == 0 ? 0 : 2;
  }
  options.limits.idle = std::chrono::minutes(idle_minutes);
  // SIGINT and SIGTERM end the server cleanly: one thread waits for them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  Server server(options);
  const int port = server.bind();
  if (port < 0) {
    std::cerr << "gridgames serve: cannot listen on " << options.host << " port " << options.port
              << "\n";
    return 2;
  }
  const bool v6 = options.host.find(':') != std::string::npos;
  std::cout << "http://" << (v6 ? "[" + options.host + "]" : options.host) << ":" << port << "/"
            << std::endl;
  if (!is_loopback(options.host))
    std::cerr << "gridgames serve: listening beyond this computer, on " << options.host << "\n";
  std::thread waiter([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    server.stop();
  });
  server.run();
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  return 0;
}

}  // namespace web
