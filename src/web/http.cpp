#include "web/http.hpp"

namespace web {

void limit(http::request_parser<http::string_body>& parser, const ConnectionLimits& limits) {
  parser.header_limit(static_cast<std::uint32_t>(limits.header_bytes));
  parser.body_limit(limits.body_bytes);
}

Response unreadable(const boost::system::error_code& error, const ConnectionLimits& limits) {
  if (error == http::error::body_limit)
    return Api::refusal(413, "the body is too large (at most " +
                                 std::to_string(limits.body_bytes / 1024) + " KiB)");
  if (error == http::error::header_limit)
    return Api::refusal(431, "the request's headers are too large (at most " +
                                 std::to_string(limits.header_bytes / 1024) + " KiB)");
  return Api::refusal(400, "this is not an HTTP request that can be read");
}

std::variant<Request, Response> to_api(const HttpRequest& request, const std::string& client,
                                       const ConnectionLimits& limits) {
  std::size_t fields = 0;
  for (auto it = request.begin(); it != request.end(); ++it) {
    if (++fields > limits.header_fields) {
      return Api::refusal(431, "the request has too many header fields (at most " +
                                   std::to_string(limits.header_fields) + ")");
    }
  }
  Request out;
  out.method = std::string(request.method_string());
  out.target = std::string(request.target());
  const auto field = [&](http::field name) -> std::optional<std::string> {
    const auto at = request.find(name);
    if (at == request.end()) return std::nullopt;
    return std::string(at->value());
  };
  out.host = field(http::field::host);
  out.origin = field(http::field::origin);
  out.content_type = field(http::field::content_type);
  out.accept = field(http::field::accept);
  out.body = request.body();
  out.client = client;
  return out;
}

HttpResponse to_http(const Response& response, unsigned version, bool keep_alive) {
  HttpResponse out{static_cast<http::status>(response.status), version};
  out.set(http::field::server, "gridgames");
  for (const auto& [name, value] : security_headers()) out.set(name, value);
  out.set(http::field::content_type, response.content_type);
  out.body() = response.body;
  out.keep_alive(keep_alive);
  out.prepare_payload();
  return out;
}

}  // namespace web
