#include "web/http.hpp"

#include <algorithm>

#include "engine/words.hpp"

namespace web {

void limit(http::request_parser<http::string_body>& parser, const ConnectionLimits& limits) {
  parser.header_limit(static_cast<std::uint32_t>(limits.header_bytes));
  parser.body_limit(limits.body_bytes);
}

std::size_t read_buffer_bytes(const ConnectionLimits& limits) {
  return limits.header_bytes + 4096;
}

Response unreadable(const boost::system::error_code& error, const ConnectionLimits& limits) {
  if (error == http::error::buffer_overflow)
    return Api::refusal(431, "a header, chunk extension or trailer part is too large (at most " +
                                 std::to_string(limits.header_bytes / 1024) + " KiB)");
  if (error == http::error::body_limit)
    return Api::refusal(413, "the body is too large (at most " +
                                 std::to_string(limits.body_bytes / 1024) + " KiB)");
  if (error == http::error::header_limit)
    return Api::refusal(431, "the request's headers are too large (at most " +
                                 std::to_string(limits.header_bytes / 1024) + " KiB)");
  return Api::refusal(400, "this is not an HTTP request that can be read");
}

namespace {

// The client behind a trusted proxy: the last entry of its X-Forwarded-For.
std::string forwarded_client(const HttpRequest& request, const std::string& peer) {
  std::string last;
  const auto [begin, end] = request.equal_range("X-Forwarded-For");
  for (auto at = begin; at != end; ++at) {
    const std::string_view value = at->value();
    const std::size_t comma = value.rfind(',');
    last = std::string(
        engine::trim(comma == std::string_view::npos ? value : value.substr(comma + 1)));
  }
  return last.empty() ? peer : last;
}

}  // namespace

std::variant<Request, Response> to_api(const HttpRequest& request, const std::string& peer,
                                       const ConnectionLimits& limits,
                                       const std::vector<std::string>& proxies) {
  std::size_t fields = 0;
  for (auto it = request.begin(); it != request.end(); ++it) {
    if (++fields > limits.header_fields) {
      return Api::refusal(431, "the request has too many header fields (at most " +
                                   std::to_string(limits.header_fields) + ")");
    }
  }
  // Fields a request has once (RFC 9110 and 6265): two Host headers, or
  // two of the others, would let a proxy and this server read another
  // request than each other.
  for (const http::field once : {http::field::host, http::field::origin, http::field::content_type,
                                 http::field::cookie, http::field::authorization}) {
    if (request.count(once) > 1)
      return Api::refusal(400,
                          "the request has two " + std::string(http::to_string(once)) + " headers");
  }
  Request out;
  out.method = std::string(request.method_string());
  out.target = std::string(request.target());
  const auto field = [&](const auto name) -> std::optional<std::string> {
    const auto at = request.find(name);
    if (at == request.end()) return std::nullopt;
    return std::string(at->value());
  };
  out.host = field(http::field::host);
  out.origin = field(http::field::origin);
  out.content_type = field(http::field::content_type);
  out.accept = field(http::field::accept);
  out.cookie = field(http::field::cookie);
  out.authorization = field(http::field::authorization);
  out.last_event_id = field("Last-Event-ID");
  out.body = request.body();
  const bool proxied = std::find(proxies.begin(), proxies.end(), peer) != proxies.end();
  out.client = proxied ? forwarded_client(request, peer) : peer;
  return out;
}

HttpResponse to_http(const Response& response, unsigned version, bool keep_alive) {
  HttpResponse out{static_cast<http::status>(response.status), version};
  out.set(http::field::server, "gridgames");
  for (const auto& [name, value] : security_headers()) out.set(name, value);
  out.set(http::field::content_type, response.content_type);
  if (!response.set_cookie.empty()) out.set(http::field::set_cookie, response.set_cookie);
  out.body() = response.shared_body ? response.shared_body
                                    : std::make_shared<const std::string>(response.body);
  out.keep_alive(keep_alive);
  out.prepare_payload();
  return out;
}

}  // namespace web
