// `gridgames serve`: its options, the store, the file-descriptor limit and
// the signals that end it, around the Server (server.cpp).
#include <signal.h>
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <thread>

#include "web/server.hpp"
#include "web/store.hpp"

namespace web {
namespace {

bool is_loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1";
}

// The server may hold a file descriptor for every connection: the limit
// raised as far as it goes; the connections it leaves room for (some kept
// for the database, the listening socket, the event loops and the bots).
std::size_t raise_file_limit() {
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) != 0) return 1024;
  if (files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &files);
    ::getrlimit(RLIMIT_NOFILE, &files);
  }
  // (Under 128, half of them: the server itself holds about a dozen.)
  constexpr rlim_t kKept = 64;
  return static_cast<std::size_t>(files.rlim_cur > 2 * kKept ? files.rlim_cur - kKept
                                                             : files.rlim_cur / 2);
}

// The command line as read.
struct ServeArgs {
  ServeOptions options;
  std::string db = default_store_path();
  bool no_db = false;
  int idle_minutes = 30;
  int keep_days = 30;
};

void add_options(CLI::App& app, ServeArgs& args) {
  app.add_option("--db", args.db,
                 "where the games are kept: an SQLite file (" + args.db +
                     "), or a PostgreSQL database that several servers share "
                     "(postgresql://USER@HOST:PORT/DATABASE)");
  app.add_flag("--no-db", args.no_db, "keep the games in memory only: a restart ends them");
  app.add_option("--host", args.options.host, "the address to listen on (loopback unless asked)");
  app.add_option("--port", args.options.port, "the port; any free one when not given")
      ->check(CLI::Range(0, 65535));
  app.add_option("--allow-host", args.options.allowed_hosts,
                 "a host name the server is reached by, besides its addresses and localhost")
      ->take_all();
  app.add_option("--max-games", args.options.limits.max_games,
                 "games in play kept at once (200; as many finished ones besides)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--games-per-address", args.options.limits.games_per_address,
                 "games in play one client address (or browser) may have at once (an eighth of "
                 "--max-games)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--games-per-minute", args.options.limits.games_per_minute,
                 "games one client address may start a minute (30)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--storage-per-day", args.options.limits.storage_kib_per_day,
                 "KiB one client address, and one account, may add to the store in a day: "
                 "games made, chat lines, bots (1024; raise it for many players behind one "
                 "address)")
      ->check(CLI::Range(1, 100000000));
  app.add_option("--connections-per-address", args.options.connections_per_address,
                 "connections one client address may hold open (256)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--max-connections", args.options.max_connections,
                 "connections held open at once, watchers' streams and long polls included "
                 "(as many as the file-descriptor limit allows, less 64)")
      ->check(CLI::Range(16, 10000000));
  app.add_option("--trusted-proxy", args.options.proxies,
                 "the address of a reverse proxy in front of the server: its connections' "
                 "client is the last address of X-Forwarded-For")
      ->take_all();
  app.add_option("--idle-minutes", args.idle_minutes, "a game untouched this long is dropped (30)")
      ->check(CLI::Range(1, 10000));
  app.add_option("--keep-finished-days", args.keep_days,
                 "a finished game is kept this many days after its end, then removed (30)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--export-finished", args.options.limits.export_finished,
                 "a folder where each finished game's record (ID.json) is written before it "
                 "is removed")
      ->check(CLI::ExistingDirectory);
  app.add_option("--bot-ms", args.options.limits.bot_time_ms,
                 "a bot's thinking a decision, in ms, when the machine is not busy (500)")
      ->check(CLI::Range(1, 60000));
}

// The store and the connections' room, from the arguments; false (and why,
// on standard error) if the server cannot start with them.
bool prepare(ServeArgs& args) {
  ServeOptions& options = args.options;
  options.limits.idle = std::chrono::minutes(args.idle_minutes);
  options.limits.keep_finished = std::chrono::hours(24) * args.keep_days;
  if (!args.no_db) {
    auto opened = Store::open(args.db);
    if (const auto* why = std::get_if<std::string>(&opened)) {
      std::cerr << "gridgames serve: cannot keep the games in " << *why
                << " (give another with --db, or --no-db)\n";
      return false;
    }
    options.store = std::move(std::get<std::unique_ptr<Store>>(opened));
  }
  const std::size_t room = raise_file_limit();
  if (room < 16) {
    std::cerr << "gridgames serve: the file-descriptor limit (ulimit -n) leaves room for " << room
              << " connections: raise it to 64 or more\n";
    return false;
  }
  if (options.max_connections == 0 || options.max_connections > room) {
    if (options.max_connections > room)
      std::cerr << "gridgames serve: --max-connections " << options.max_connections
                << " is more than the file-descriptor limit allows: " << room << "\n";
    options.max_connections = room;
  }
  return true;
}

}  // namespace

int run_serve(int argc, char** argv) {
  CLI::App app{"Serves the games to web browsers: gridgames serve [OPTIONS]", "gridgames serve"};
  ServeArgs args;
  add_options(app, args);
  app.set_version_flag("--version", "gridgames serve 1.0");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, std::cout, std::cerr) == 0 ? 0 : 2;
  }
  // SIGINT and SIGTERM end the server cleanly: one thread waits for them,
  // blocked in every other (the store's own thread among them) from here.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  if (!prepare(args)) return 2;
  // A client gone while its answer is written is no reason to stop.
  signal(SIGPIPE, SIG_IGN);
  const std::string host = args.options.host;
  const int asked_port = args.options.port;
  Server server(std::move(args.options));
  const int port = server.bind();
  if (port < 0) {
    std::cerr << "gridgames serve: cannot listen on " << host << " port " << asked_port << "\n";
    return 2;
  }
  const bool v6 = host.find(':') != std::string::npos;
  std::cout << "http://" << (v6 ? "[" + host + "]" : host) << ":" << port << "/" << std::endl;
  if (!is_loopback(host))
    std::cerr << "gridgames serve: listening beyond this computer, on " << host << "\n";
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
