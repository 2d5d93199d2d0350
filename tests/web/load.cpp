// The web server under load: starts `gridgames serve` (the program given),
// then plays GAMES games at once, each by its own scripted client playing
// both seats with random legal actions until the game ends, the five games in
// turn. Prints requests a second and latency percentiles; fails (exit 1) on
// any error answer, a game left unfinished, or the server's peak memory over
// the bound.
//   web_load PATH/TO/gridgames [GAMES] [MAX_RSS_MIB]
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "engine/random.hpp"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct ServerProcess {
  pid_t pid = -1;
  int port = 0;
};

// Starts the server with its output on a pipe; its first line is the address.
ServerProcess start_server(const char* program) {
  int out[2];
  if (pipe(out) != 0) return {};
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    execl(program, program, "serve", "--max-games", "500", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  std::string line;
  char c;
  while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
  close(out[0]);
  const std::size_t colon = line.rfind(':');
  if (line.rfind("http://127.0.0.1:", 0) != 0 || colon == std::string::npos) return {pid, 0};
  return {pid, std::atoi(line.c_str() + colon + 1)};
}

long peak_rss_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  long value = 0;
  while (status >> key) {
    if (key == "VmHWM:") {
      status >> value;
      return value;
    }
    status.ignore(1 << 12, '\n');
  }
  return -1;
}

struct Totals {
  std::mutex mutex;
  std::vector<double> latencies_ms;
  std::atomic<int> errors{0};
  std::atomic<int> finished{0};
};

const char* const kGames[] = {"raiinet", "sword-and-shield", "amazons", "simodyssey",
                              "space-defender-2"};

json params_of(const std::string& game) {
  if (game == "amazons") return {{"rows", 8}, {"cols", 8}, {"amazons", 2}};
  return {{"max_length", 300}};
}

// One client: creates a game and plays it to its end.
void play_one(int port, int index, Totals& totals) {
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
  const std::string game = kGames[index % 5];
  const auto created = request([&] {
    return client.Post("/api/games", json{{"game", game}, {"params", params_of(game)}}.dump(),
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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: web_load PATH/TO/gridgames [GAMES] [MAX_RSS_MIB]\n";
    return 2;
  }
  const int games = argc > 2 ? std::atoi(argv[2]) : 50;
  const long max_rss_mib = argc > 3 ? std::atol(argv[3]) : 512;
  const ServerProcess server = start_server(argv[1]);
  if (server.port == 0) {
    std::cerr << "web_load: the server did not print its address\n";
    if (server.pid > 0) kill(server.pid, SIGKILL);
    return 1;
  }
  Totals totals;
  const auto began = Clock::now();
  std::vector<std::thread> clients;
  for (int i = 0; i < games; ++i) clients.emplace_back(play_one, server.port, i, std::ref(totals));
  for (std::thread& t : clients) t.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - began).count();
  const long rss = peak_rss_kib(server.pid);
  kill(server.pid, SIGTERM);
  int status = 0;
  waitpid(server.pid, &status, 0);

  std::vector<double>& l = totals.latencies_ms;
  std::sort(l.begin(), l.end());
  std::printf("web_load: %d games at once, %d finished, %zu requests in %.2f s: %.0f requests/s\n",
              games, totals.finished.load(), l.size(), seconds, l.size() / seconds);
  std::printf("web_load: latency ms p50 %.2f, p90 %.2f, p99 %.2f, max %.2f; errors %d\n",
              percentile(l, 0.5), percentile(l, 0.9), percentile(l, 0.99), l.empty() ? 0 : l.back(),
              totals.errors.load());
  std::printf("web_load: server peak memory %.1f MiB (bound %ld MiB); server exit %s\n",
              rss / 1024.0, max_rss_mib,
              WIFEXITED(status) && WEXITSTATUS(status) == 0 ? "clean" : "NOT clean");
  const bool ok = totals.errors == 0 && totals.finished == games && rss > 0 &&
                  rss / 1024 <= max_rss_mib && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  return ok ? 0 : 1;
}
