// The web server of `gridgames serve`: the pages (built into the program) and
// the JSON API they use (docs/web.md), over the games of matches.hpp.
#pragma once

#include <memory>
#include <string>

#include "web/matches.hpp"

namespace httplib {
class Server;
}

namespace web {

struct ServeOptions {
  std::string host = "127.0.0.1";  // loopback unless asked
  int port = 0;                    // 0: any free port
  Limits limits;
};

class Server {
 public:
  explicit Server(ServeOptions options);
  ~Server();
  // Binds; the port, or -1 when the address cannot be had.
  int bind();
  // Serves until stop(), which may come from another thread at any time
  // after bind() succeeded.
  void run();
  void stop();

 private:
  void routes();

  ServeOptions options_;
  Matches matches_;
  std::unique_ptr<httplib::Server> http_;
  int socket_ = -1;  // the listening socket, once bound
};

// `gridgames serve [--host HOST] [--port PORT] ...`: prints the address, then serves.
int run_serve(int argc, char** argv);

}  // namespace web
