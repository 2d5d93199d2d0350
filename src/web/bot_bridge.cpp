#include "web/bot_bridge.hpp"

#include <httplib.h>
#include <signal.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "engine/protocol.hpp"
#include "engine/words.hpp"
#include "sandbox/call.hpp"

namespace web {
namespace {

using nlohmann::json;

std::atomic<bool> stopping = false;

void stop(int) {
  stopping = true;
}

// The answers the bridge acts on: a status and a JSON body, or no answer
// (the server cannot be reached).
struct Reply {
  int status = 0;
  json body;
};

}  // namespace

int decision_limit_ms(const nlohmann::json& request) {
  const json times = request.is_object() ? request.value("clock", json()) : json();
  const int suggested =
      std::clamp(times.is_object() ? times.value("move_ms", 2000) : 2000, 1, 1 << 29);
  if (!times.is_object() || !times.contains("remaining_ms")) return suggested;
  return std::clamp(std::min(times.value("remaining_ms", 0), 2 * suggested), 0, 1 << 30);
}

namespace {

class Bridge {
 public:
  Bridge(const std::string& server, std::string token, std::vector<std::string> command,
         std::set<std::string> games, int poll_ms, int at_once)
      : client_(make_client(server)),
        server_(server),
        token_(std::move(token)),
        command_(std::move(command)),
        games_(std::move(games)),
        poll_ms_(poll_ms),
        at_once_(at_once) {
    char folder[] = "/tmp/gridgames-bot.XXXXXX";
    if (::mkdtemp(folder)) folder_ = folder;
  }
  ~Bridge() {
    std::error_code error;
    if (!folder_.empty()) std::filesystem::remove_all(folder_, error);
  }

  // Plays until stopped; 2 if the server refuses the token. The turns
  // under way finish first.
  int run() {
    int status = 0;
    while (!stopping) {
      if (!round()) {
        status = 2;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(poll_ms_));
    }
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return thinking_.empty(); });
    lock.unlock();
    for (std::thread& t : threads_) t.join();
    return status;
  }

 private:
  static std::unique_ptr<httplib::Client> make_client(const std::string& server) {
    auto client = std::make_unique<httplib::Client>(server);
    client->set_connection_timeout(5);
    client->set_read_timeout(30);
    return client;
  }

  // One look at the server: challenges accepted, turns begun (each game's
  // in a thread of its own, at most --at-once at a time: a long think in
  // one game never keeps the others waiting, their clocks running). False
  // when the token is refused.
  bool round() {
    const Reply challenges = call(*client_, "GET", "/api/challenges");
    if (challenges.status == 401) {
      std::cerr << "gridgames bot: " << challenges.body.value("error", "the token is refused")
                << "\n";
      return false;
    }
    if (challenges.status != 200) return true;  // said by call(); tried again
    for (const json& c : challenges.body.value("challenges", json::array())) accept(c);
    const Reply mine = call(*client_, "GET", "/api/my-games");
    if (mine.status != 200) return true;
    for (const json& game : mine.body.value("games", json::array())) {
      if (stopping) break;
      if (game.value("your_turn", false)) begin(game);
    }
    return true;
  }

  void accept(const json& challenge) {
    const std::string game = challenge.value("game", "");
    if (!games_.empty() && !games_.count(game)) return;
    const std::string id = challenge.value("id", "");
    const Reply joined = call(*client_, "POST", "/api/lobby/" + id + "/join", json::object());
    if (joined.status == 200)
      std::cout << "accepted " << game << " " << id << " from "
                << challenge.value("by", std::string("a guest")) << std::endl;
  }

  // The game's turn played in a thread of its own, unless one is at it.
  void begin(const json& game) {
    const std::string id = game.value("id", "");
    {
      const std::lock_guard lock(mutex_);
      if (thinking_.count(id) || static_cast<int>(thinking_.size()) >= at_once_) return;
      thinking_.insert(id);
    }
    threads_.emplace_back([this, game, id] {
      auto client = make_client(server_);
      play(*client, game);
      const std::lock_guard lock(mutex_);
      thinking_.erase(id);
      done_.notify_all();
    });
    // Threads whose turn is over are joined as new ones come.
    std::erase_if(threads_, [this](std::thread& t) { return finished(t); });
  }

  // Whether a thread's game is no longer thought about (then it is joined).
  bool finished(std::thread& t) {
    const auto id = t.get_id();
    {
      const std::lock_guard lock(mutex_);
      if (std::find(ended_.begin(), ended_.end(), id) == ended_.end()) return false;
      std::erase(ended_, id);
    }
    t.join();
    return true;
  }

  void play(httplib::Client& client, const json& game) {
    const std::string id = game.value("id", ""), token = game.value("token", "");
    const Reply request = call(client, "GET", "/api/games/" + id + "/request?token=" + token);
    if (request.status == 200) {
      const std::string action = decide(id, request.body, decision_limit_ms(request.body));
      const std::string prefix = "/api/games/" + id;
      const Reply played = action.empty() ? Reply{}
                                          : call(client, "POST", prefix + "/actions",
                                                 json{{"token", token}, {"action", action}});
      if (action.empty() || (played.status != 200 && played.status != 0)) {
        if (!action.empty())
          std::cerr << "gridgames bot: game " << id << ": the server refused \""
                    << engine::printable(action) << "\": " << played.body.value("error", "")
                    << "\n";
        // A program that gives no move, or a move the rules refuse, loses the
        // game, as in a tournament: the bot resigns it.
        call(client, "POST", prefix + "/resign", json{{"token", token}});
        std::cerr << "gridgames bot: game " << id << " resigned\n";
      }
    }
    const std::lock_guard lock(mutex_);
    ended_.push_back(std::this_thread::get_id());
  }

  // The program's answer to the request, or "" (and why, said); in a
  // folder of the game's own.
  std::string decide(const std::string& id, const json& request, int cut_ms) {
    const std::string folder = folder_ + "/" + id;
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    const std::string file = folder + "/request.json";
    {
      std::ofstream out(file, std::ios::trunc);
      out << request.dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
    }
    sandbox::Confinement here;
    here.sandbox = false;  // the owner's own program, on the owner's machine
    sandbox::CallLimits limits{cut_ms + kGraceMs, kMemoryMib, kProcesses, kFilesMib};
    const sandbox::CallOutcome r = sandbox::run_call(command_, folder, limits, here, file);
    if (r.end != sandbox::CallOutcome::End::Exited || r.code != 0) {
      std::cerr << "gridgames bot: the program "
                << (r.end == sandbox::CallOutcome::End::Exited ? "exited " + std::to_string(r.code)
                                                               : sandbox::describe_end(r, limits))
                << "\n";
      return "";
    }
    const std::string action = engine::protocol_answer(r.output);
    if (action.empty()) std::cerr << "gridgames bot: the program answered no action\n";
    return action;
  }

  // A request with the bot's token; a server out of reach is said once and
  // waited for.
  Reply call(httplib::Client& client, const std::string& method, const std::string& path,
             const json& body = json()) {
    const httplib::Headers headers = {{"Authorization", "Bearer " + token_}};
    const auto result = method == "GET"
                            ? client.Get(path, headers)
                            : client.Post(path, headers, body.dump(), "application/json");
    if (!result) {
      if (reachable_.exchange(false))
        std::cerr << "gridgames bot: " << server_ << " cannot be reached; trying again\n";
      std::this_thread::sleep_for(std::chrono::milliseconds(kRetryMs));
      return {};
    }
    if (!reachable_.exchange(true)) std::cerr << "gridgames bot: " << server_ << " is back\n";
    json parsed = json::parse(result->body, nullptr, false);
    return {result->status, parsed.is_discarded() ? json::object() : parsed};
  }

  static constexpr int kGraceMs = 1000, kRetryMs = 1000;
  static constexpr int kMemoryMib = 1 << 20, kProcesses = 100000, kFilesMib = 1 << 20;

  std::unique_ptr<httplib::Client> client_;  // the rounds' (each turn has its own)
  std::string server_, token_;
  std::vector<std::string> command_;
  std::set<std::string> games_;
  int poll_ms_, at_once_;
  std::string folder_;
  std::atomic<bool> reachable_ = true;
  std::mutex mutex_;  // the games thought about, and the threads done
  std::condition_variable done_;
  std::set<std::string> thinking_;
  std::vector<std::thread::id> ended_;
  std::vector<std::thread> threads_;  // touched by the rounds' thread only
};

}  // namespace

int run_bot(int argc, char** argv) {
  CLI::App app{
      "A bot account's bridge: plays its challenges and games on a gridgames server with COMMAND, "
      "a program of the engine protocol (docs/engine-protocol.md) run here.",
      "gridgames bot"};
  std::string server, token, games;
  std::vector<std::string> command;
  int poll_ms = 300, at_once = 4;
  app.add_option("--server", server, "the server's address, http://HOST:PORT or https://...")
      ->required();
  app.add_option("--token", token, "the bot's token (POST /api/bots made it)")->required();
  app.add_option("--games", games, "the games it accepts challenges of, comma-separated (all)");
  app.add_option("--poll-ms", poll_ms, "how often it looks for challenges and turns")
      ->check(CLI::Range(50, 60000));
  app.add_option("--at-once", at_once,
                 "games whose turns it plays at once, each in a thread of its own (4)")
      ->check(CLI::Range(1, 64));
  app.add_option("command", command, "the program, after --")->required();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (!server.starts_with("http://") && !server.starts_with("https://")) {
    std::cerr << "gridgames bot: --server is an address, http://HOST:PORT or https://HOST\n";
    return 2;
  }
  while (server.ends_with('/')) server.pop_back();
  std::set<std::string> wanted;
  for (const std::string& g : engine::split_on(games, ','))
    if (!g.empty()) wanted.insert(g);
  sandbox::become_subreaper();
  ::signal(SIGINT, stop);
  ::signal(SIGTERM, stop);
  std::cout << "gridgames bot: playing on " << server << " with " << command[0] << std::endl;
  return Bridge(server, token, command, wanted, poll_ms, at_once).run();
}

}  // namespace web
