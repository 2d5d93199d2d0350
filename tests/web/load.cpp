// The web server under load: starts `gridgames serve` (the program given,
// with SERVE_OPTIONS), then
//  1. plays GAMES games at once, each by its own scripted client playing
//     both seats with random legal actions until the game ends, every game
//     the server lists (the registry's) in turn;
//  2. holds 150 connections that send a header line every 2 s and never
//     finish, then 150 idle connections, then 130 long polls, and times a
//     new client's requests meanwhile;
//  3. asks 1,024 times for a 1.6 MB view from four addresses and never
//     reads the answers, and times a new client meanwhile;
//  4. sends one request with 100,000 header lines;
//  5. runs 20 games of bots against bots and times a bot's answer in a game
//     against a person;
//  6. starts a second server with 64 file descriptors (room for 32
//     connections), holds 200 slow senders and times a new client.
// Prints the figures; fails (exit 1) on any error answer, a game left
// unfinished, a new client kept waiting a second, the flood not refused, a
// bot's answer later than 5 s, or the server's peak memory over the bound.
//   web_load PATH/TO/gridgames [GAMES] [MAX_RSS_MIB] [SERVE_OPTIONS...]
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "engine/random.hpp"
#include "server_process.hpp"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

using web_test::ServerProcess;

struct Totals {
  std::mutex mutex;
  std::vector<double> latencies_ms;
  std::atomic<int> errors{0};
  std::atomic<int> finished{0};
};

// A game the clients play: its name and parameters.
struct GameStart {
  std::string name;
  json params;
};

// Every game the server lists (GET /api/games: the registry's), with its
// defaults but games of at most 300 actions and boards of at most 8 x 8
// (parameters named as every game with them names them).
std::vector<GameStart> catalogue(int port) {
  httplib::Client client("127.0.0.1", port);
  const auto listed = client.Get("/api/games");
  std::vector<GameStart> games;
  if (!listed || listed->status != 200) {
    std::cerr << "web_load: GET /api/games: "
              << (listed ? listed->body : httplib::to_string(listed.error())) << "\n";
    return games;
  }
  const json listing = json::parse(listed->body);
  for (const json& game : listing["games"]) {
    json params = json::object();
    for (const json& spec : game["params"]) {
      const std::string name = spec["name"];
      const long given = std::atol(spec["default"].get<std::string>().c_str());
      if (name == "max_length") params[name] = std::min(given, 300L);
      if (name == "rows" || name == "cols") params[name] = std::min(given, 8L);
    }
    games.push_back({game["name"], params});
  }
  return games;
}

// One client: creates a game and plays it to its end.
void play_one(int port, int index, const std::vector<GameStart>& games, Totals& totals) {
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(30, 0);
  std::vector<double> mine;
  const auto request = [&](auto&& send) -> std::optional<json> {
    const auto began = Clock::now();
    const httplib::Result result = send();
    mine.push_back(std::chrono::duration<double, std::milli>(Clock::now() - began).count());
    if (!result || result->status != 200) {
      if (totals.errors++ < 5)
        std::cerr << "web_load: " << (result ? result->body : httplib::to_string(result.error()))
                  << "\n";
      return std::nullopt;
    }
    return json::parse(result->body);
  };
  const GameStart& game = games[static_cast<std::size_t>(index) % games.size()];
  const auto created = request([&] {
    return client.Post("/api/games", json{{"game", game.name}, {"params", game.params}}.dump(),
                       "application/json");
  });
  if (!created) return;
  const std::string id = (*created)["id"];
  std::vector<std::string> tokens;
  for (const json& seat : (*created)["seats"]) tokens.push_back(seat["token"]);
  engine::Random rng(static_cast<std::uint64_t>(index) + 1);
  int seat = 0;
  for (int step = 0; step < 5000; ++step) {
    const auto view = request(
        [&] { return client.Get(("/api/games/" + id + "?token=" + tokens[seat]).c_str()); });
    if (!view) return;
    if ((*view)["over"].get<bool>()) {
      ++totals.finished;
      break;
    }
    seat = (*view)["to_move"];
    const auto mover = request(
        [&] { return client.Get(("/api/games/" + id + "?token=" + tokens[seat]).c_str()); });
    if (!mover) return;
    const json& legal = (*mover)["legal"];
    const std::string action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    if (!request([&] {
          return client.Post(("/api/games/" + id + "/actions").c_str(),
                             json{{"token", tokens[seat]}, {"action", action}}.dump(),
                             "application/json");
        }))
      return;
  }
  const std::lock_guard lock(totals.mutex);
  totals.latencies_ms.insert(totals.latencies_ms.end(), mine.begin(), mine.end());
}

double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(p * sorted.size()))];
}

// A connection to the server from the loopback address `from` (127.0.0.1
// unless given), or -1.
int connect_to(int port, const char* from = "127.0.0.1") {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in local{}, address{};
  local.sin_family = address.sin_family = AF_INET;
  inet_pton(AF_INET, from, &local.sin_addr);
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd >= 0 && bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) == 0 &&
      connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0)
    return fd;
  if (fd >= 0) close(fd);
  return -1;
}

void send_text(int fd, const std::string& text) {
  (void)!send(fd, text.data(), text.size(), MSG_NOSIGNAL);
}

// The slowest of a new client's requests for the game list, one every 200 ms
// for `seconds`, in ms (a failed request counts as 10 s).
double new_client_worst_ms(int port, double seconds) {
  double worst = 0;
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  while (Clock::now() < end) {
    httplib::Client client("127.0.0.1", port);
    client.set_connection_timeout(10, 0);
    client.set_read_timeout(10, 0);
    const auto began = Clock::now();
    const auto result = client.Get("/api/games");
    const double ms = result && result->status == 200
                          ? std::chrono::duration<double, std::milli>(Clock::now() - began).count()
                          : 10000;
    worst = std::max(worst, ms);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return worst;
}

// `count` connections held open while a new client is timed, from `settle`
// after they opened: each sends `opening` and then, every 2 s, `drip` (if
// any).
double worst_beside(int port, int count, const std::string& opening, const std::string& drip,
                    std::chrono::milliseconds settle = {}) {
  std::vector<int> held;
  for (int i = 0; i < count; ++i) {
    const int fd = connect_to(port);
    if (fd < 0) break;
    send_text(fd, opening);
    held.push_back(fd);
  }
  std::this_thread::sleep_for(settle);
  std::atomic<bool> done = false;
  std::thread dripper([&] {
    while (!drip.empty() && !done) {
      for (int i = 0; i < 20 && !done; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      for (int fd : held) send_text(fd, drip);
    }
  });
  const double worst = new_client_worst_ms(port, 6);
  done = true;
  dripper.join();
  for (int fd : held) close(fd);
  return worst;
}

// One request with 100,000 header lines: the status it got (0: none, the
// connection closed).
int header_flood(int port) {
  const int fd = connect_to(port);
  if (fd < 0) return 0;
  timeval limit{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  send_text(fd, "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  std::string lines;
  for (int i = 0; i < 1000; ++i) lines += "X-Header-" + std::to_string(i) + ": value\r\n";
  for (int i = 0; i < 100; ++i) send_text(fd, lines);
  send_text(fd, "\r\n");
  char reply[64] = {};
  const ssize_t n = recv(fd, reply, sizeof reply - 1, 0);
  close(fd);
  int status = 0;
  if (n > 12) std::sscanf(reply, "HTTP/1.%*d %d", &status);
  return status;
}

// A server allowed 64 file descriptors (room for 32 connections) beside 200
// slow senders, once they are past the grace a connection has to send its
// request (1 s; within it a connection is turned away when all are taken):
// a new client's slowest answer, ms (10,000 if the server did not start).
double worst_beside_slow_with_few_files(const char* program, const std::string& folder) {
  const ServerProcess server =
      web_test::start_server(program, {"serve", "--db", folder + "/few-files.sqlite"}, 64);
  double worst = 10000;
  if (server.port != 0)
    worst = worst_beside(server.port, 200, "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n",
                         "X-Slow: 1\r\n", std::chrono::milliseconds(1500));
  if (server.pid > 0) {
    kill(server.pid, SIGTERM);
    waitpid(server.pid, nullptr, 0);
  }
  return worst;
}

std::optional<json> post_json(httplib::Client& client, const std::string& path, const json& body) {
  const auto result = client.Post(path.c_str(), body.dump(), "application/json");
  if (!result || result->status != 200) return std::nullopt;
  return json::parse(result->body, nullptr, false);
}

// 1,024 requests of a big view (the first seat's of a 100 x 100 Amazons
// board, with its 10,000 placements as data: about 1.6 MB)
// from four addresses whose answers are never read, while a new client is
// timed; the slowest of its answers in ms, and the server's memory then
// (VmRSS, KiB) in `rss_kib`.
double worst_beside_unread_views(int port, pid_t server, long& rss_kib) {
  httplib::Client client("127.0.0.1", port);
  const auto game = post_json(client, "/api/games",
                              {{"game", "amazons"}, {"params", {{"rows", 100}, {"cols", 100}}}});
  if (!game) return 10000;
  const std::string ask = "GET /api/games/" + (*game)["id"].get<std::string>() +
                          "?token=" + (*game)["seats"][0]["token"].get<std::string>() +
                          " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";  // its 10,000 moves too
  std::vector<int> held;
  for (const char* from : {"127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"}) {
    for (int i = 0; i < 256; ++i) {
      const int fd = connect_to(port, from);
      if (fd < 0) break;
      int small = 4096;  // a reader that takes nothing: little room in its socket
      setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
      send_text(fd, ask);
      held.push_back(fd);
    }
  }
  const double worst = new_client_worst_ms(port, 4);
  rss_kib = web_test::memory_kib(server, "VmRSS:");
  for (int fd : held) close(fd);
  return held.size() == 1024 ? worst : 10000;
}

// With 20 games of bots against bots running, the time a bot takes to answer
// a person's turn in another game, worst of five, in ms (-1: failed).
double bot_answer_ms(int port) {
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(30, 0);
  for (int i = 0; i < 20; ++i) {
    if (!post_json(client, "/api/games", {{"game", "sword-and-shield"}, {"seats", {"ai", "ai"}}}))
      return -1;
  }
  const auto game =
      post_json(client, "/api/games", {{"game", "sword-and-shield"}, {"seats", {"human", "ai"}}});
  if (!game) return -1;
  const std::string path = "/api/games/" + (*game)["id"].get<std::string>();
  const std::string token = (*game)["seats"][0]["token"];
  double worst = 0;
  engine::Random rng(5);
  for (int measured = 0, step = 0; measured < 5 && step < 100; ++step) {
    const auto view = client.Get((path + "?token=" + token).c_str());
    if (!view || view->status != 200) return -1;
    const json seen = json::parse(view->body);
    if (seen["over"].get<bool>()) break;
    const json& legal = seen["legal"];
    const std::string action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    const auto acted = post_json(client, path + "/actions", {{"token", token}, {"action", action}});
    if (!acted) return -1;
    if ((*acted)["over"].get<bool>()) break;
    if ((*acted)["to_move"] == 0) continue;  // the person's turn goes on
    ++measured;
    const auto began = Clock::now();
    std::uint64_t version = (*acted)["version"];
    while (true) {  // long polls until the bot has answered
      const auto next =
          client.Get((path + "?token=" + token + "&after=" + std::to_string(version)).c_str());
      if (!next || next->status != 200) return -1;
      const json now = json::parse(next->body);
      version = now["version"];
      if (now["over"].get<bool>() || now["to_move"] == 0) break;
    }
    worst =
        std::max(worst, std::chrono::duration<double, std::milli>(Clock::now() - began).count());
  }
  return worst;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: web_load PATH/TO/gridgames [GAMES] [MAX_RSS_MIB] [SERVE_OPTIONS...]\n";
    return 2;
  }
  const int games = argc > 2 ? std::atoi(argv[2]) : 50;
  const long max_rss_mib = argc > 3 ? std::atol(argv[3]) : 512;
  // The server keeps its games in a database of this run's own.
  char folder[] = "/tmp/web_load.XXXXXX";
  if (!mkdtemp(folder)) return 1;
  const std::string database = std::string(folder) + "/web.sqlite";
  std::vector<std::string> options(argv + std::min(argc, 4), argv + argc);
  options.insert(options.end(), {"--db", database});
  options.insert(options.begin(), {"serve", "--max-games", "500"});
  const ServerProcess server = web_test::start_server(argv[1], options);
  if (server.port == 0) {
    std::cerr << "web_load: the server did not print its address\n";
    if (server.pid > 0) kill(server.pid, SIGKILL);
    std::filesystem::remove_all(folder);
    return 1;
  }
  const std::vector<GameStart> starts = catalogue(server.port);
  if (starts.empty()) {
    std::cerr << "web_load: GET /api/games listed no game\n";
    kill(server.pid, SIGKILL);
    std::filesystem::remove_all(folder);
    return 1;
  }
  Totals totals;
  const auto began = Clock::now();
  std::vector<std::thread> clients;
  for (int i = 0; i < games; ++i)
    clients.emplace_back(play_one, server.port, i, std::cref(starts), std::ref(totals));
  for (std::thread& t : clients) t.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - began).count();

  const std::string request_start = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  const double slow_ms = worst_beside(server.port, 150, request_start, "X-Slow: 1\r\n");
  const double idle_ms = worst_beside(server.port, 150, "", "");
  double polls_ms = 10000;
  {
    httplib::Client client("127.0.0.1", server.port);
    if (const auto game = post_json(client, "/api/games", {{"game", "raiinet"}})) {
      const std::string poll = "GET /api/games/" + (*game)["id"].get<std::string>() +
                               "?token=" + (*game)["seats"][0]["token"].get<std::string>() +
                               "&after=1000000&wait=25000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
      polls_ms = worst_beside(server.port, 130, poll, "");
    }
  }
  long unread_rss = 0;
  const double unread_ms = worst_beside_unread_views(server.port, server.pid, unread_rss);
  const int flood_status = header_flood(server.port);
  const double bot_ms = bot_answer_ms(server.port);

  const long rss = web_test::memory_kib(server.pid, "VmHWM:");
  kill(server.pid, SIGTERM);
  int status = 0;
  waitpid(server.pid, &status, 0);
  const double few_files_ms = worst_beside_slow_with_few_files(argv[1], folder);
  std::filesystem::remove_all(folder);

  std::vector<double>& l = totals.latencies_ms;
  std::sort(l.begin(), l.end());
  std::printf("web_load: %d games at once, %d finished, %zu requests in %.2f s: %.0f requests/s\n",
              games, totals.finished.load(), l.size(), seconds, l.size() / seconds);
  std::printf("web_load: latency ms p50 %.2f, p90 %.2f, p99 %.2f, max %.2f; errors %d\n",
              percentile(l, 0.5), percentile(l, 0.9), percentile(l, 0.99), l.empty() ? 0 : l.back(),
              totals.errors.load());
  std::printf(
      "web_load: a new client's slowest answer, ms: beside 150 slow senders %.0f, "
      "150 idle connections %.0f, 130 long polls %.0f\n",
      slow_ms, idle_ms, polls_ms);
  std::printf(
      "web_load: beside 1,024 unread answers of a 1.6 MB view from 4 addresses: a new client's "
      "slowest answer %.0f ms, the server's memory %.1f MiB\n",
      unread_ms, unread_rss / 1024.0);
  std::printf("web_load: 100,000 header lines answered with %d\n", flood_status);
  std::printf(
      "web_load: a server of 64 file descriptors beside 200 slow senders: a new "
      "client's slowest answer %.0f ms\n",
      few_files_ms);
  std::printf("web_load: a bot's slowest answer beside 20 games of bots: %.0f ms\n", bot_ms);
  std::printf("web_load: server peak memory %.1f MiB (bound %ld MiB); server exit %s\n",
              rss / 1024.0, max_rss_mib,
              WIFEXITED(status) && WEXITSTATUS(status) == 0 ? "clean" : "NOT clean");
  const bool ok = totals.errors == 0 && totals.finished == games && slow_ms < 1000 &&
                  idle_ms < 1000 && polls_ms < 1000 && few_files_ms < 1000 && unread_ms < 1000 &&
                  unread_rss > 0 && unread_rss / 1024 <= max_rss_mib && flood_status == 431 &&
                  bot_ms >= 0 && bot_ms < 5000 && rss > 0 && rss / 1024 <= max_rss_mib &&
                  WIFEXITED(status) && WEXITSTATUS(status) == 0;
  return ok ? 0 : 1;
}
