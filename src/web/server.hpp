// The web server of `gridgames serve`: the pages (built into the program) and
// the JSON API they use (docs/web.md), over the games of matches.hpp. It is
// event-driven (Boost.Asio and Beast): a connection that is slow, idle or
// waiting for a game's next change holds no thread, so that no client can
// keep the others out.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "web/api.hpp"
#include "web/matches.hpp"

namespace web {

struct ConnectionLimits;

struct ServeOptions {
  std::string host = "127.0.0.1";  // loopback unless asked
  int port = 0;                    // 0: any free port
  Limits limits;
  // Host names served besides IP addresses and localhost (DNS rebinding).
  std::vector<std::string> allowed_hosts;
  // Connections per client address (0: the default of ConnectionLimits).
  std::size_t connections_per_address = 0;
  // Connections in all (0: the default of ConnectionLimits; `gridgames
  // serve` sizes it from the file-descriptor limit).
  std::size_t max_connections = 0;
  // Reverse proxies in front of the server (their addresses): a request
  // through one is the client's of the last X-Forwarded-For address, and
  // their connections are held to the total only.
  std::vector<std::string> proxies;
  int threads = 0;  // threads serving connections; 0: one a core (at least 2)
  // The time a request may take to arrive whole (0: the default, 15 s).
  int request_seconds = 0;
  // How often an event stream says the game's version when nothing else
  // comes (tests make it short).
  std::chrono::milliseconds heartbeat = kEventHeartbeat;
  // Where the games are kept (nothing: in memory only).
  std::shared_ptr<Store> store;
};

class Server {
 public:
  explicit Server(ServeOptions options);
  ~Server();
  // Binds; the port, or -1 when the address cannot be had.
  int bind();
  // Serves until stop(), which may come from another thread at any time.
  void run();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// `gridgames serve [--host HOST] [--port PORT] ...`: prints the address, then serves.
int run_serve(int argc, char** argv);

}  // namespace web
