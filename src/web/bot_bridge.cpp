#include "web/bot_bridge.hpp"

#include <httplib.h>
#include <signal.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
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

class Bridge {
 public:
  Bridge(const std::string& server, std::string token, std::vector<std::string> command,
         std::set<std::string> games, int poll_ms)
      : client_(server),
        server_(server),
        token_(std::move(token)),
        command_(std::move(command)),
        games_(std::move(games)),
        poll_ms_(poll_ms) {
    client_.set_connection_timeout(5);
    client_.set_read_timeout(30);
    char folder[] = "/tmp/gridgames-bot.XXXXXX";
    if (::mkdtemp(folder)) folder_ = folder;
  }
  ~Bridge() {
    std::error_code error;
    if (!folder_.empty()) std::filesystem::remove_all(folder_, error);
  }

  // Plays until stopped; 2 if the server refuses the token.
  int run() {
    while (!stopping) {
      if (!round()) return 2;
      std::this_thread::sleep_for(std::chrono::milliseconds(poll_ms_));
    }
    return 0;
  }

 private:
  // One look at the server: challenges accepted, turns played. False when
  // the token is refused.
  bool round() {
    const Reply challenges = call("GET", "/api/challenges");
    if (challenges.status == 401) {
      std::cerr << "gridgames bot: " << challenges.body.value("error", "the token is refused")
                << "\n";
      return false;
    }
    if (challenges.status != 200) return true;  // said by call(); tried again
    for (const json& c : challenges.body.value("challenges", json::array())) accept(c);
    const Reply mine = call("GET", "/api/my-games");
    if (mine.status != 200) return true;
    for (const json& game : mine.body.value("games", json::array())) {
      if (stopping) break;
      if (game.value("your_turn", false)) play(game);
    }
    return true;
  }

  void accept(const json& challenge) {
    const std::string game = challenge.value("game", "");
    if (!games_.empty() && !games_.count(game)) return;
    const std::string id = challenge.value("id", "");
    const Reply joined = call("POST", "/api/lobby/" + id + "/join", json::object());
    if (joined.status == 200)
      std::cout << "accepted " << game << " " << id << " from "
                << challenge.value("by", std::string("a guest")) << std::endl;
  }

  void play(const json& game) {
    const std::string id = game.value("id", ""), token = game.value("token", "");
    const Reply request = call("GET", "/api/games/" + id + "/request?token=" + token);
    if (request.status != 200) return;  // the turn passed meanwhile, or the game ended
    // The program is cut at what its game clock has left (the server's
    // clock decides a loss on time), or without a clock at the move's time.
    json times = request.body.is_object() ? request.body.value("clock", json()) : json();
    if (!times.is_object()) times = json::object();
    const int cut_ms = times.value("remaining_ms", times.value("move_ms", 2000));
    const std::string action = decide(request.body, cut_ms);
    const std::string prefix = "/api/games/" + id;
    if (!action.empty()) {
      const Reply played =
          call("POST", prefix + "/actions", json{{"token", token}, {"action", action}});
      if (played.status == 200 || played.status == 0) return;
      std::cerr << "gridgames bot: game " << id << ": the server refused \""
                << engine::printable(action) << "\": " << played.body.value("error", "") << "\n";
    }
    // A program that gives no move, or a move the rules refuse, loses the
    // game, as in a tournament: the bot resigns it.
    call("POST", prefix + "/resign", json{{"token", token}});
    std::cerr << "gridgames bot: game " << id << " resigned\n";
  }

  // The program's answer to the request, or "" (and why, said).
  std::string decide(const json& request, int cut_ms) {
    const std::string file = folder_ + "/request.json";
    {
      std::ofstream out(file, std::ios::trunc);
      out << request.dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
    }
    sandbox::Confinement here;
    here.sandbox = false;  // the owner's own program, on the owner's machine
    sandbox::CallLimits limits{cut_ms + kGraceMs, kMemoryMib, kProcesses, kFilesMib};
    const sandbox::CallOutcome r = sandbox::run_call(command_, folder_, limits, here, file);
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
  Reply call(const std::string& method, const std::string& path, const json& body = json()) {
    const httplib::Headers headers = {{"Authorization", "Bearer " + token_}};
    const auto result = method == "GET"
                            ? client_.Get(path, headers)
                            : client_.Post(path, headers, body.dump(), "application/json");
    if (!result) {
      if (reachable_)
        std::cerr << "gridgames bot: " << server_ << " cannot be reached; trying again\n";
      reachable_ = false;
      std::this_thread::sleep_for(std::chrono::milliseconds(kRetryMs));
      return {};
    }
    if (!reachable_) std::cerr << "gridgames bot: " << server_ << " is back\n";
    reachable_ = true;
    json parsed = json::parse(result->body, nullptr, false);
    return {result->status, parsed.is_discarded() ? json::object() : parsed};
  }

  static constexpr int kGraceMs = 1000, kRetryMs = 1000;
  static constexpr int kMemoryMib = 1 << 20, kProcesses = 100000, kFilesMib = 1 << 20;

  httplib::Client client_;
  std::string server_, token_;
  std::vector<std::string> command_;
  std::set<std::string> games_;
  int poll_ms_;
  std::string folder_;
  bool reachable_ = true;
};

}  // namespace

int run_bot(int argc, char** argv) {
  CLI::App app{
      "A bot account's bridge: plays its challenges and games on a gridgames server with COMMAND, "
      "a program of the engine protocol (docs/engine-protocol.md) run here.",
      "gridgames bot"};
  std::string server, token, games;
  std::vector<std::string> command;
  int poll_ms = 300;
  app.add_option("--server", server, "the server's address, http://HOST:PORT or https://...")
      ->required();
  app.add_option("--token", token, "the bot's token (POST /api/bots made it)")->required();
  app.add_option("--games", games, "the games it accepts challenges of, comma-separated (all)");
  app.add_option("--poll-ms", poll_ms, "how often it looks for challenges and turns")
      ->check(CLI::Range(50, 60000));
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
  return Bridge(server, token, command, wanted, poll_ms).run();
}

}  // namespace web
