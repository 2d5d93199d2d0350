// The web server's fan-out to watchers: starts `gridgames serve`, creates one
// big game and GAMES others (classic Amazons), opens BIG event streams
// (GET /api/games/ID/events, server-sent events) on the big game and EACH on
// every other, then plays MOVES rounds, a whole turn in every game at once
// each round, and times each watcher's event from its game's move.
//   web_fanout PATH/TO/gridgames [BIG] [GAMES] [EACH] [MOVES]
// (defaults 10000 10 1000 10; the watchers are fewer where the file
// descriptors of this machine do not allow as many: printed.) Prints, over
// all moves, the latency to each watcher and to each move's last watcher
// (p50, p99, max), the processor time an event took the server and this
// client, and the server's memory per connection. Exits 1 when a
// watcher misses an event or the server fails.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server_process.hpp"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

int connect_to(int port, bool blocking) {
  const int fd = socket(AF_INET, SOCK_STREAM | (blocking ? 0 : SOCK_NONBLOCK), 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const int made = connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  if (made != 0 && !(errno == EINPROGRESS && !blocking)) {
    close(fd);
    return -1;
  }
  return fd;
}

// One request on a connection of its own; the answer's body as JSON.
std::optional<json> request(int port, const std::string& method, const std::string& path,
                            const json& body = nullptr) {
  const int fd = connect_to(port, true);
  if (fd < 0) return std::nullopt;
  const std::string text = body.is_null() ? "" : body.dump();
  std::string message =
      method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
  if (!text.empty())
    message +=
        "Content-Type: application/json\r\nContent-Length: " + std::to_string(text.size()) + "\r\n";
  message += "\r\n" + text;
  (void)!send(fd, message.data(), message.size(), MSG_NOSIGNAL);
  std::string answer;
  char buffer[1 << 16];
  for (ssize_t n; (n = recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, n);
  close(fd);
  const std::size_t start = answer.find("\r\n\r\n");
  if (answer.rfind("HTTP/1.1 200", 0) != 0 || start == std::string::npos) return std::nullopt;
  return json::parse(answer.substr(start + 4), nullptr, false);
}

// A watcher's stream, read as it comes: the header, then events, each a
// view, "id: VERSION\ndata: ...\n\n" (its JSON holds no newline), or
// "event: version\n..." (a heartbeat), or the "retry:" line.
struct Watcher {
  int fd = -1;
  int game = 0;
  int header = 0;  // how much of "\r\n\r\n" ends what was read so far
  bool fresh = true, data = false, newline = false;
  int events = 0;
  Clock::time_point last;
};

void read_stream(Watcher& w, const char* p, std::size_t n, Clock::time_point now) {
  static const char kEnd[] = "\r\n\r\n";
  std::size_t i = 0;
  while (w.header < 4 && i < n)
    w.header = p[i++] == kEnd[w.header] ? w.header + 1 : (p[i - 1] == '\r');
  while (i < n) {
    if (w.fresh) {
      w.data = p[i] == 'i';
      w.fresh = false;
    }
    const char* found = static_cast<const char*>(std::memchr(p + i, '\n', n - i));
    if (!found) {
      w.newline = false;
      return;
    }
    const std::size_t j = static_cast<std::size_t>(found - p);
    const bool ends = j > i ? p[j - 1] == '\n' : w.newline;
    if (ends) {
      if (w.data) {
        ++w.events;
        w.last = now;
      }
      w.fresh = true;
      w.newline = false;
    } else {
      w.newline = true;
    }
    i = j + 1;
  }
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, static_cast<std::size_t>(p * values.size()))];
}

struct Game {
  std::string id, spectator;
  std::string tokens[2];
  int to_move = 0;
};

// The next whole turn of `game`: its first legal move and that move's first shot.
std::optional<json> next_turn(int port, const Game& game) {
  const auto view =
      request(port, "GET", "/api/games/" + game.id + "?token=" + game.tokens[game.to_move]);
  if (!view || (*view)["legal"].empty()) return std::nullopt;
  const std::string move = (*view)["legal"][0];
  const auto tried = request(port, "POST", "/api/games/" + game.id + "/preview",
                             {{"token", game.tokens[game.to_move]}, {"actions", {move}}});
  if (!tried || (*tried)["legal"].empty()) return std::nullopt;
  return json{move, (*tried)["legal"][0]};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: web_fanout PATH/TO/gridgames [BIG] [GAMES] [EACH] [MOVES]\n";
    return 2;
  }
  int big = argc > 2 ? std::atoi(argv[2]) : 10000;
  const int games = argc > 3 ? std::atoi(argv[3]) : 10;
  int each = argc > 4 ? std::atoi(argv[4]) : 1000;
  const int moves = argc > 5 ? std::atoi(argv[5]) : 10;
  // Each watcher is a file descriptor here and one in the server: both
  // processes have this limit.
  rlimit files{};
  getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = files.rlim_max;
  setrlimit(RLIMIT_NOFILE, &files);
  const long room = static_cast<long>(files.rlim_cur) - 100;
  if (big + static_cast<long>(games) * each > room) {
    const int was = each;
    each = static_cast<int>(std::max<long>(0, (room - big) / std::max(1, games)));
    if (big > room) big = static_cast<int>(room), each = 0;
    std::printf(
        "web_fanout: %ld file descriptors a process here: %d watchers of each small "
        "game instead of %d\n",
        static_cast<long>(files.rlim_cur), each, was);
  }
  const web_test::ServerProcess server = web_test::start_server(
      argv[1], {"serve", "--no-db", "--connections-per-address", "100000", "--max-games", "1000"});
  if (server.port == 0) {
    std::cerr << "web_fanout: the server did not start\n";
    return 1;
  }
  std::vector<Game> all(static_cast<std::size_t>(games) + 1);
  for (Game& game : all) {
    const auto made = request(server.port, "POST", "/api/games",
                              {{"game", "amazons"}, {"params", {{"rules", "standard"}}}});
    if (!made) {
      std::cerr << "web_fanout: a game could not be created\n";
      kill(server.pid, SIGKILL);
      return 1;
    }
    game.id = (*made)["id"];
    game.spectator = (*made)["spectator"];
    for (int s = 0; s < 2; ++s) game.tokens[s] = (*made)["seats"][s]["token"];
  }
  const long rss_before = web_test::memory_kib(server.pid, "VmRSS:");

  // The watchers, connected and reading on their own thread (epoll).
  std::vector<Watcher> watchers;
  for (int g = 0; g <= games; ++g)
    for (int k = 0; k < (g == 0 ? big : each); ++k) {
      Watcher w;
      w.game = g;
      watchers.push_back(w);
    }
  const int poll = epoll_create1(0);
  std::atomic<bool> done = false;
  std::atomic<long> failed = 0, closed = 0;
  for (std::size_t i = 0; i < watchers.size(); ++i) {
    Watcher& w = watchers[i];
    w.fd = connect_to(server.port, false);
    if (w.fd < 0) {
      ++failed;
      continue;
    }
    epoll_event e{};
    e.events = EPOLLIN | EPOLLOUT;
    e.data.u64 = i;
    epoll_ctl(poll, EPOLL_CTL_ADD, w.fd, &e);
  }
  std::thread reader([&] {
    std::vector<epoll_event> ready(1024);
    static char buffer[1 << 17];
    while (!done) {
      const int n = epoll_wait(poll, ready.data(), static_cast<int>(ready.size()), 100);
      const auto now = Clock::now();
      for (int k = 0; k < n; ++k) {
        Watcher& w = watchers[ready[static_cast<std::size_t>(k)].data.u64];
        if ((ready[static_cast<std::size_t>(k)].events & (EPOLLERR | EPOLLHUP)) && !w.events) {
          // Refused (the server's queue of connections full): again.
          epoll_ctl(poll, EPOLL_CTL_DEL, w.fd, nullptr);
          close(w.fd);
          const int game = w.game;
          w = Watcher{};
          w.game = game;
          w.fd = connect_to(server.port, false);
          epoll_event e{};
          e.events = EPOLLIN | EPOLLOUT;
          e.data.u64 = ready[static_cast<std::size_t>(k)].data.u64;
          if (w.fd >= 0) epoll_ctl(poll, EPOLL_CTL_ADD, w.fd, &e);
          continue;
        }
        if (ready[static_cast<std::size_t>(k)].events & EPOLLOUT) {  // connected: ask
          const Game& game = all[static_cast<std::size_t>(w.game)];
          const std::string ask = "GET /api/games/" + game.id + "/events?token=" + game.spectator +
                                  " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
          (void)!send(w.fd, ask.data(), ask.size(), MSG_NOSIGNAL);
          epoll_event e{};
          e.events = EPOLLIN;
          e.data.u64 = ready[static_cast<std::size_t>(k)].data.u64;
          epoll_ctl(poll, EPOLL_CTL_MOD, w.fd, &e);
          continue;
        }
        // Read again only when the buffer came back full: a second recv
        // for every event would double the client's share of the cores.
        for (ssize_t got = static_cast<ssize_t>(sizeof buffer);
             got == static_cast<ssize_t>(sizeof buffer);) {
          got = recv(w.fd, buffer, sizeof buffer, MSG_DONTWAIT);
          if (got > 0) read_stream(w, buffer, static_cast<std::size_t>(got), now);
          if (got == 0) {  // closed by the server: a watcher lost
            epoll_ctl(poll, EPOLL_CTL_DEL, w.fd, nullptr);
            ++closed;
          }
        }
      }
    }
  });
  const auto everyone_has = [&](int events, double seconds) {
    const auto until = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < until) {
      if (std::all_of(watchers.begin(), watchers.end(),
                      [&](const Watcher& w) { return w.fd < 0 || w.events >= events; }))
        return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
  };
  bool ok = failed == 0 && everyone_has(1, 60);
  if (!ok) {
    const auto silent = std::count_if(watchers.begin(), watchers.end(),
                                      [](const Watcher& w) { return w.events == 0; });
    std::printf("web_fanout: %ld watchers had no first event\n", static_cast<long>(silent));
  }
  const long rss_after = web_test::memory_kib(server.pid, "VmRSS:");
  std::printf("web_fanout: every watcher has its first event; the rounds begin\n");
  std::fflush(stdout);
  std::vector<double> latencies, last_ones;
  // The processor time of the rounds' events, the server's and this client's.
  double server_cpu = 0, client_cpu = 0;
  const auto client_ms = [] {
    rusage used{};
    getrusage(RUSAGE_SELF, &used);
    return (used.ru_utime.tv_sec + used.ru_stime.tv_sec) * 1000.0 +
           (used.ru_utime.tv_usec + used.ru_stime.tv_usec) / 1000.0;
  };
  for (int round = 0; ok && round < moves; ++round) {
    std::vector<json> turns;
    for (const Game& game : all) {
      auto turn = next_turn(server.port, game);
      if (!turn) {
        std::printf("web_fanout: round %d: no turn to play in a game\n", round + 1);
        ok = false;
      }
      turns.push_back(turn.value_or(json::array()));
    }
    if (!ok) break;
    std::vector<Clock::time_point> sent(all.size());
    const double server_before = web_test::cpu_ms(server.pid), client_before = client_ms();
    for (std::size_t g = 0; g < all.size(); ++g) {
      sent[g] = Clock::now();
      Game& game = all[g];
      if (!request(server.port, "POST", "/api/games/" + game.id + "/actions",
                   {{"token", game.tokens[game.to_move]}, {"actions", turns[g]}})) {
        std::printf("web_fanout: round %d: a turn was refused\n", round + 1);
        ok = false;
      }
      game.to_move = 1 - game.to_move;
    }
    if (!ok || !everyone_has(round + 2, 30)) {
      if (ok) std::printf("web_fanout: round %d: a watcher missed its event\n", round + 1);
      ok = false;
      break;
    }
    server_cpu += web_test::cpu_ms(server.pid) - server_before;
    client_cpu += client_ms() - client_before;
    std::vector<double> last(all.size(), 0);
    for (const Watcher& w : watchers) {
      const double ms =
          std::chrono::duration<double, std::milli>(w.last - sent[static_cast<std::size_t>(w.game)])
              .count();
      latencies.push_back(ms);
      last[static_cast<std::size_t>(w.game)] = std::max(last[static_cast<std::size_t>(w.game)], ms);
    }
    last_ones.insert(last_ones.end(), last.begin(), last.end());
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  }
  done = true;
  reader.join();
  for (const Watcher& w : watchers)
    if (w.fd >= 0) close(w.fd);
  kill(server.pid, SIGTERM);
  int status = 0;
  waitpid(server.pid, &status, 0);
  const std::size_t connected = watchers.size() - static_cast<std::size_t>(failed.load());
  std::printf(
      "web_fanout: %zu watchers (%d of one game, %d of each of %d others), %d rounds of "
      "a move in every game at once\n",
      connected, big, each, games, moves);
  std::printf("web_fanout: move to each watcher, ms: p50 %.1f, p99 %.1f, max %.1f\n",
              percentile(latencies, 0.5), percentile(latencies, 0.99), percentile(latencies, 1.0));
  std::printf("web_fanout: move to its last watcher, ms: p50 %.1f, p99 %.1f, max %.1f\n",
              percentile(last_ones, 0.5), percentile(last_ones, 0.99), percentile(last_ones, 1.0));
  const double events = static_cast<double>(latencies.size());
  std::printf(
      "web_fanout: processor time an event (the move's requests included), us: server %.1f, "
      "this client %.1f\n",
      events ? server_cpu * 1000 / events : 0.0, events ? client_cpu * 1000 / events : 0.0);
  std::printf(
      "web_fanout: server memory %.1f MiB before the watchers, %.1f MiB with them: "
      "%.1f KiB a connection\n",
      rss_before / 1024.0, rss_after / 1024.0,
      connected ? static_cast<double>(rss_after - rss_before) / connected : 0.0);
  if (!ok)
    std::printf(
        "web_fanout: FAILED (%ld watchers could not connect, %ld streams were closed by the "
        "server, or events were missed)\n",
        failed.load(), closed.load());
  return ok && WIFEXITED(status) ? 0 : 1;
}
