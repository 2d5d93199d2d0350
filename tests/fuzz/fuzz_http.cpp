// The web server's handling of HTTP: the input is what a client sends on one
// connection, requests one after another. Each is read as the server reads it
// (Boost.Beast, the server's limits) and answered by the API; every answer
// must be a 2xx, a 4xx or a 503, with a JSON or page body, never a failure.
// "{id}" and "{token}" in a request stand for the last game created and its
// first seat, so that the fuzzer can reach the games' actions.
// fuzz-links: gridgames_web
#include <boost/beast/core/flat_buffer.hpp>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "invariant.hpp"
#include "web/http.hpp"

namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
}

bool acceptable(int status) {
  return (status >= 200 && status < 300) || (status >= 400 && status < 500) || status == 503;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  web::Limits limits;
  limits.bot_time_ms = 1;
  limits.bot_threads = 1;
  limits.max_games = 20;
  web::Matches matches(limits);
  const web::Api api(matches, {"games.example.org"});
  const web::ConnectionLimits connection;
  std::string id = "0", token = "0";
  std::string input(reinterpret_cast<const char*>(data), size);
  boost::beast::flat_buffer buffer;
  for (int requests = 0; requests < 50 && !input.empty(); ++requests) {
    web::http::request_parser<web::http::string_body> parser;
    web::limit(parser, connection);
    parser.eager(true);
    boost::system::error_code error;
    const std::size_t used = parser.put(boost::asio::buffer(input), error);
    if (!error && !parser.is_done()) parser.put_eof(error);
    web::Response response;
    if (error || !parser.is_done()) {
      response = web::unreadable(error, connection);
      input.clear();  // the server closes such a connection
    } else {
      input.erase(0, used);
      auto read = web::to_api(parser.get(), "127.0.0.1", connection);
      if (auto* refused = std::get_if<web::Response>(&read)) {
        response = *refused;
      } else {
        web::Request& request = std::get<web::Request>(read);
        for (std::string* text : {&request.target, &request.body}) {
          replace_all(*text, "{id}", id);
          replace_all(*text, "{token}", token);
        }
        auto handled = api.handle(request);
        if (auto* wait = std::get_if<web::Wait>(&handled)) {
          FUZZ_CHECK(wait->deadline <= std::chrono::steady_clock::now() + std::chrono::seconds(26));
          response = api.resume(*wait);
        } else if (auto* deferred = std::get_if<web::Deferred>(&handled)) {
          response = deferred->work();  // the server's pool, here at once
        } else {
          response = std::get<web::Response>(handled);
        }
      }
    }
    FUZZ_CHECK(acceptable(response.status));
    FUZZ_CHECK(!response.content_type.empty());
    const auto http = web::to_http(response, 11, true);
    FUZZ_CHECK(http.result_int() == static_cast<unsigned>(response.status));
    if (response.content_type == "application/json") {
      const auto body = nlohmann::json::parse(response.text(), nullptr, false);
      FUZZ_CHECK(!body.is_discarded());
      if (body.is_object() && body.contains("id") && body.contains("seats") &&
          body["id"].is_string()) {
        id = body["id"];
        const auto& seats = body["seats"];
        if (seats.is_array() && !seats.empty() && seats[0].contains("token"))
          token = seats[0]["token"];
      } else if (body.is_object() && body.contains("id") && body.contains("token") &&
                 body["id"].is_string() && body["token"].is_string()) {
        id = body["id"];  // a seek made or joined
        token = body["token"];
      }
    }
  }
  return 0;
}
