// HTTP/1.1 as the server reads and writes it (Boost.Beast): the limits on what
// one request may hold, the request handed to the Api, and the response
// written back. The server and the fuzz target of HTTP handling share it.
#pragma once

#include <boost/beast/http.hpp>
#include <chrono>
#include <string>
#include <variant>

#include "web/api.hpp"

namespace web {

namespace http = boost::beast::http;

struct ConnectionLimits {
  std::size_t per_address = 256;  // connections one client address may hold open
  std::size_t total = 4096;       // connections at once
  // A request must arrive whole, headers and body, within this long of the
  // connection's start or the previous answer; an answer must be taken
  // within this long too.
  std::chrono::seconds request_time{15};
  std::size_t header_bytes = 16 * 1024;
  std::size_t header_fields = 100;
  std::size_t body_bytes = 64 * 1024;
};

using HttpRequest = http::request<http::string_body>;
using HttpResponse = http::response<http::string_body>;

// A parser for one request, with the limits set.
void limit(http::request_parser<http::string_body>& parser, const ConnectionLimits& limits);

// The answer to a request that could not be read whole (the parser's error):
// 413, 431 or 400.
Response unreadable(const boost::system::error_code& error, const ConnectionLimits& limits);

// The request as the Api takes it, or the refusal of one with too many
// header fields.
std::variant<Request, Response> to_api(const HttpRequest& request, const std::string& client,
                                       const ConnectionLimits& limits);

HttpResponse to_http(const Response& response, unsigned version, bool keep_alive);

}  // namespace web
