// HTTP/1.1 as the server reads and writes it (Boost.Beast): the limits on what
// one request may hold, the request handed to the Api, and the response
// written back. The server and the fuzz target of HTTP handling share it.
#pragma once

#include <boost/beast/http.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "web/api.hpp"

namespace web {

namespace http = boost::beast::http;

struct ConnectionLimits {
  // Connections one client address may hold open, and in all. At either
  // limit a new connection is not turned away while another of that
  // address (or, at the total, of the address holding the most) is only
  // waiting: the oldest that has been reading a request for longer than
  // `idle_grace` (slow, or an idle keep-alive) is closed, else the oldest
  // long poll is answered at once; so that one client, several local ones
  // behind 127.0.0.1 included, never locks the others out.
  std::size_t per_address = 256;
  std::size_t total = 4096;
  std::chrono::milliseconds idle_grace{1000};
  // A request must arrive whole, headers and body, within this long of the
  // connection's start or the previous answer; an answer must be taken
  // within this long too.
  std::chrono::seconds request_time{15};
  // What the kernel holds of a connection's answers not yet taken (its
  // send buffer; the kernel doubles it): a client that does not read
  // holds this much, not a whole answer, until it is cut (request_time).
  int send_buffer_bytes = 128 * 1024;
  std::size_t header_bytes = 16 * 1024;
  std::size_t header_fields = 100;
  std::size_t body_bytes = 64 * 1024;
};

using HttpRequest = http::request<http::string_body>;

// A response's body as Beast writes it: text shared with other answers (a
// view rendered once for every client that asks for it, as for the event
// streams), written from where it is, never copied per connection; a
// client that does not read holds its socket's buffer, not a copy.
struct SharedBody {
  using value_type = std::shared_ptr<const std::string>;
  static std::uint64_t size(const value_type& body) { return body ? body->size() : 0; }
  class writer {
   public:
    using const_buffers_type = boost::asio::const_buffer;
    template <bool isRequest, class Fields>
    writer(const http::header<isRequest, Fields>&, const value_type& body) : body_(body) {}
    void init(boost::system::error_code& error) { error = {}; }
    boost::optional<std::pair<const_buffers_type, bool>> get(boost::system::error_code& error) {
      error = {};
      if (done_ || !body_ || body_->empty()) return boost::none;
      done_ = true;
      return std::pair{boost::asio::buffer(*body_), false};
    }

   private:
    const value_type& body_;
    bool done_ = false;
  };
};
using HttpResponse = http::response<SharedBody>;

// A parser for one request, with the limits set.
void limit(http::request_parser<http::string_body>& parser, const ConnectionLimits& limits);

// The most a connection's read buffer may hold: a request's header, a chunk
// header with its extensions, or a chunked body's trailers must fit in it
// whole (Beast keeps each in the buffer until its end), so that none of them
// can grow without bound.
std::size_t read_buffer_bytes(const ConnectionLimits& limits);

// The answer to a request that could not be read whole (the parser's error,
// or the read buffer's overflow): 413, 431 or 400.
Response unreadable(const boost::system::error_code& error, const ConnectionLimits& limits);

// The request as the Api takes it, or the refusal of one with too many
// header fields. `peer`: the connection's address; where it is one of
// `proxies` (a reverse proxy of the organiser's), the client is the last
// address of X-Forwarded-For, the one that proxy added (the earlier ones
// are the client's word).
std::variant<Request, Response> to_api(const HttpRequest& request, const std::string& peer,
                                       const ConnectionLimits& limits,
                                       const std::vector<std::string>& proxies = {});

HttpResponse to_http(const Response& response, unsigned version, bool keep_alive);

}  // namespace web
