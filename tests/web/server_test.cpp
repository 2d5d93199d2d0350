// The web server's JSON API, spoken to over loopback HTTP as browsers do.
#include "web/server.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <thread>

#include "engine/etf.hpp"
#include "engine/random.hpp"
#include "engine/words.hpp"
#include "games/raiinet/session.hpp"
#include "games/raiinet/setup.hpp"
#include "games/raiinet/state.hpp"
#include "games/registry.hpp"
#include "games/sword-and-shield/session.hpp"
#include "web/bot_bridge.hpp"

namespace {

using nlohmann::json;

class WebServer : public ::testing::Test {
 public:
  void start(web::Limits limits = {}) {
    web::ServeOptions options;
    options.limits = limits;
    start(options);
  }
  void start(const web::ServeOptions& options) {
    server_ = std::make_unique<web::Server>(options);
    port_ = server_->bind();
    ASSERT_GT(port_, 0);
    thread_ = std::thread([this] { server_->run(); });
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
  }
  void SetUp() override { start(); }
  void TearDown() override {
    server_->stop();
    thread_.join();
  }
  void restart(web::Limits limits) {
    TearDown();
    start(limits);
  }
  void restart(const web::ServeOptions& options) {
    TearDown();
    start(options);
  }

  // A raw connection to the server, or -1.
  int connect_raw() const {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port_));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) return fd;
    ::close(fd);
    return -1;
  }
  // A watcher's stream of events (GET .../events), asked for on a new
  // connection whose reads wait 10 s at most; -1 if it cannot connect.
  int open_stream(const std::string& id, const std::string& token) const {
    const int fd = connect_raw();
    if (fd < 0) return fd;
    timeval limit{10, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    const std::string ask =
        "GET /api/games/" + id + "/events?token=" + token + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    (void)!::send(fd, ask.data(), ask.size(), MSG_NOSIGNAL);
    return fd;
  }
  // Sends `request` on a new connection; what came back until the server
  // closed it or 10 s passed.
  std::string exchange(const std::string& request) const {
    const int fd = connect_raw();
    if (fd < 0) return "";
    timeval limit{10, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    (void)!::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
    std::string got;
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) got.append(buffer, n);
    ::close(fd);
    return got;
  }

  struct Reply {
    int status = 0;
    std::string body;
    json data;
  };
  Reply reply(const httplib::Result& result) {
    EXPECT_TRUE(result);
    if (!result) return {};
    Reply r{result->status, result->body, json::parse(result->body, nullptr, false)};
    EXPECT_FALSE(r.data.is_discarded()) << r.body;
    return r;
  }
  Reply post(const std::string& path, const std::string& body) {
    return reply(client_->Post(path.c_str(), body, "application/json"));
  }
  Reply get(const std::string& path) { return reply(client_->Get(path.c_str())); }
  json create(const json& request) {
    const Reply r = post("/api/games", request.dump());
    EXPECT_EQ(r.status, 200) << r.body;
    return r.data;
  }
  Reply view(const json& game, int seat) {
    return get("/api/games/" + game["id"].get<std::string>() +
               "?token=" + game["seats"][seat]["token"].get<std::string>());
  }
  Reply act(const json& game, int seat, const std::string& action) {
    return post("/api/games/" + game["id"].get<std::string>() + "/actions",
                json{{"token", game["seats"][seat]["token"]}, {"action", action}}.dump());
  }

  std::unique_ptr<web::Server> server_;
  std::unique_ptr<httplib::Client> client_;
  std::thread thread_;
  int port_ = 0;
};

TEST_F(WebServer, ListsEveryGameWithItsParameters) {
  const Reply r = get("/api/games");
  ASSERT_EQ(r.status, 200);
  std::vector<std::string> names, registered;
  for (const json& game : r.data["games"]) names.push_back(game["name"].get<std::string>());
  for (const games::GameInfo& game : games::all_games()) registered.push_back(game.name);
  EXPECT_EQ(names, registered);  // the registry's games, in its order
  EXPECT_GE(names.size(), 5u);
  const auto sd2 = std::find_if(r.data["games"].begin(), r.data["games"].end(),
                                [](const json& g) { return g["name"] == "space-defender-2"; });
  ASSERT_NE(sd2, r.data["games"].end());
  EXPECT_EQ((*sd2)["title"], "Space Defender 2");
  EXPECT_EQ((*sd2)["params"][0]["name"], "row");
  EXPECT_EQ((*sd2)["params"][0]["default"], "10");
  EXPECT_EQ((*sd2)["params"][0]["label"], "Rows");
  EXPECT_EQ((*sd2)["console"], true);
  // A parameter of a few values lists them, by name.
  const json& weapon = (*sd2)["params"][7];
  ASSERT_EQ(weapon["name"], "weapon");
  ASSERT_EQ(weapon["choices"].size(), 5u);
  EXPECT_EQ(weapon["choices"][2], json({{"value", "3"}, {"label", "Snipe"}}));
  EXPECT_FALSE((*sd2)["params"][0].contains("choices"));
}

TEST_F(WebServer, CreatingGivesEachSeatItsOwnSecretToken) {
  const json game = create({{"game", "raiinet"}});
  ASSERT_EQ(game["seats"].size(), 2u);
  const std::string t0 = game["seats"][0]["token"], t1 = game["seats"][1]["token"];
  EXPECT_EQ(t0.size(), 32u);
  EXPECT_NE(t0, t1);
  const Reply v0 = view(game, 0), v1 = view(game, 1);
  EXPECT_EQ(v0.data["player"], 0);
  EXPECT_EQ(v1.data["player"], 1);
  EXPECT_EQ(v0.data["to_move"], 0);
  EXPECT_FALSE(v0.data["legal"].empty());
  EXPECT_TRUE(v1.data["legal"].empty());  // not that seat's turn
  EXPECT_NE(v0.data["observation"], v1.data["observation"]);
  EXPECT_FALSE(v0.data.contains("params"));  // the seed would place player 2's links
}

TEST_F(WebServer, RefusesBadRequestsWithAReasonAndChangesNothing) {
  EXPECT_EQ(post("/api/games", "{not json").status, 400);
  EXPECT_EQ(post("/api/games", "[1,2]").status, 400);
  const Reply unknown = post("/api/games", R"({"game": "chess"})");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.data["error"], "no game \"chess\"");
  const Reply bad_param =
      post("/api/games", R"({"game": "simodyssey", "params": {"threshold": 500}})");
  EXPECT_EQ(bad_param.status, 400);
  EXPECT_NE(bad_param.data["error"].get<std::string>().find("threshold"), std::string::npos);
  EXPECT_EQ(post("/api/games", R"({"game": "raiinet", "seats": ["human", "deep-blue"]})").status,
            400);
  EXPECT_EQ(
      post("/api/games", R"({"game": "amazons", "params": {"rows": 900, "cols": 900}})").status,
      400);

  const json game = create({{"game", "sword-and-shield"}});
  const json other = create({{"game", "sword-and-shield"}});
  const json before = view(game, 0).data;
  EXPECT_EQ(act(game, 1, "pass").status, 409);  // out of turn
  const Reply wrong_token =
      post("/api/games/" + game["id"].get<std::string>() + "/actions",
           json{{"token", other["seats"][0]["token"]}, {"action", "pass"}}.dump());
  EXPECT_EQ(wrong_token.status, 403);
  EXPECT_EQ(get("/api/games/" + game["id"].get<std::string>() + "?token=00").status, 403);
  EXPECT_EQ(get("/api/games/abcdef?token=00").status, 404);
  EXPECT_EQ(post("/api/games/" + game["id"].get<std::string>() + "/actions", "{}").status, 400);
  EXPECT_EQ(post("/api/games/" + game["id"].get<std::string>() + "/actions", "oops").status, 400);
  EXPECT_EQ(act(game, 0, "dance").status, 422);
  const Reply illegal = act(game, 0, "move a up");  // a is not on the board
  EXPECT_EQ(illegal.status, 422);
  EXPECT_FALSE(illegal.data["error"].get<std::string>().empty());
  EXPECT_EQ(view(game, 0).data, before);

  const std::string big(100 * 1024, 'x');
  const Reply oversized = post("/api/games", "{\"game\": \"" + big + "\"}");
  EXPECT_EQ(oversized.status, 413);
  EXPECT_NE(oversized.data["error"].get<std::string>().find("too large"), std::string::npos);
  EXPECT_EQ(get("/nowhere").status, 404);
  EXPECT_EQ(view(game, 0).data, before);
}

TEST_F(WebServer, PlaysAndUndoesSwordAndShield) {
  const json game = create({{"game", "sword-and-shield"}});
  const std::string before = view(game, 0).data["observation"];
  const Reply played = act(game, 0, "create a 90");
  ASSERT_EQ(played.status, 200) << played.body;
  EXPECT_NE(played.data["observation"], before);
  ASSERT_EQ(played.data["log"].size(), 1u);
  json entry = played.data["log"][0];
  EXPECT_EQ(entry["move"]["label"], "Create a, turned 90°");
  entry.erase("move");
  EXPECT_EQ(entry, json({{"player", 0}, {"action", "create a 90"}, {"events", json::array()}}));
  EXPECT_EQ(played.data["view"]["last"]["to"], json::array({7, 7}));  // yellow's creation square
  EXPECT_EQ(played.data["view"]["board"]["squares"][7][7]["piece"]["letter"], "a");
  EXPECT_TRUE(played.data["can_undo"]);
  EXPECT_FALSE(view(game, 1).data["can_undo"]);  // not the other seat's action
  EXPECT_EQ(post("/api/games/" + game["id"].get<std::string>() + "/undo",
                 json{{"token", game["seats"][1]["token"]}}.dump())
                .status,
            409);
  const Reply undone = post("/api/games/" + game["id"].get<std::string>() + "/undo",
                            json{{"token", game["seats"][0]["token"]}}.dump());
  ASSERT_EQ(undone.status, 200);
  EXPECT_EQ(undone.data["observation"], before);
}

TEST_F(WebServer, EtfGamesShowTheProgramsOutputAndItsErrors) {
  const json game = create({{"game", "simodyssey"}, {"params", {{"seed", "0"}}}});
  const std::string start = view(game, 0).data["console"];
  EXPECT_EQ(
      start.rfind(
          "  state:0.0, ok\n  Welcome! Try test(30)\n->test(30)\n  state:1.0, mode:test, ok\n", 0),
      0u)
      << start;
  const Reply status = act(game, 0, "status");  // a query: the program answers, nothing moves
  ASSERT_EQ(status.status, 200);
  EXPECT_NE(status.data["console"].get<std::string>().find("->status\n"), std::string::npos);
  const Reply liftoff = act(game, 0, "liftoff");  // not landed: the oracle's error
  EXPECT_EQ(liftoff.status, 422);
  EXPECT_NE(view(game, 0).data["console"].get<std::string>().find("->liftoff\n"),
            std::string::npos);
  EXPECT_EQ(act(game, 0, "abort").status, 422);
  const Reply moved = act(game, 0, "move( N )");
  ASSERT_EQ(moved.status, 200) << moved.body;
  EXPECT_EQ(moved.data["log"].back()["action"], "move(N)");
  // The game's one copy is the program's: the view and the console agree.
  const json& explorer = moved.data["view"]["players"][0];
  EXPECT_EQ(explorer["location"]["sector"], json::array({4, 0}));  // (1,1) wrapped north: (5,1)
  EXPECT_NE(moved.data["console"].get<std::string>().find("[0,E]:[1,1,1]->[5,1,"),
            std::string::npos);
  EXPECT_EQ(moved.data["view"]["events"][0]["kind"], "moved");
}

TEST_F(WebServer, LongPollAnswersWhenTheOtherSeatMoves) {
  const json game = create({{"game", "sword-and-shield"}});
  const auto version = view(game, 1).data["version"].get<std::uint64_t>();
  std::thread mover([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    httplib::Client c("127.0.0.1", port_);
    c.Post(("/api/games/" + game["id"].get<std::string>() + "/actions").c_str(),
           json{{"token", game["seats"][0]["token"]}, {"action", "pass"}}.dump(),
           "application/json");
  });
  const auto began = std::chrono::steady_clock::now();
  const Reply waited = get("/api/games/" + game["id"].get<std::string>() +
                           "?token=" + game["seats"][1]["token"].get<std::string>() +
                           "&after=" + std::to_string(version) + "&wait=10000");
  mover.join();
  EXPECT_GT(waited.data["version"].get<std::uint64_t>(), version);
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(5));
  // Nothing changes: the answer comes after the wait, the same version.
  const auto now = waited.data["version"].get<std::uint64_t>();
  const Reply idle = get("/api/games/" + game["id"].get<std::string>() +
                         "?token=" + game["seats"][1]["token"].get<std::string>() +
                         "&after=" + std::to_string(now) + "&wait=100");
  EXPECT_EQ(idle.data["version"], now);
}

TEST_F(WebServer, ABotSeatPlaysItsTurns) {
  const json game = create({{"game", "amazons"},
                            {"params", {{"rows", 5}, {"cols", 5}, {"amazons", 1}}},
                            {"seats", {"human", "random"}}});
  EXPECT_FALSE(game["seats"][1].contains("token"));
  EXPECT_EQ(game["seats"][1]["bot"], "random");
  json v = view(game, 0).data;  // player 1 places first, then the bot thinks
  EXPECT_EQ(v["to_move"], 0);
  ASSERT_EQ(act(game, 0, "place 1,1").status, 200);
  v = view(game, 0).data;
  for (int i = 0; i < 50 && !v["over"].get<bool>() && v["to_move"] != 0; ++i) {
    v = get("/api/games/" + game["id"].get<std::string>() +
            "?token=" + game["seats"][0]["token"].get<std::string>() +
            "&after=" + std::to_string(v["version"].get<std::uint64_t>()) + "&wait=2000")
            .data;
  }
  EXPECT_EQ(v["to_move"], 0);
  ASSERT_EQ(v["log"].size(), 2u);
  EXPECT_EQ(v["log"][1]["player"], 1);
  EXPECT_EQ(v["log"][1]["action"].get<std::string>().rfind("place ", 0), 0u);
  EXPECT_EQ(v["log"][1]["events"][0].get<std::string>().rfind("Player 2 places an amazon at ", 0),
            0u);
}

TEST_F(WebServer, KeepsABoundedNumberOfGamesAndDropsIdleOnes) {
  web::Limits limits;
  limits.max_games = 2;
  limits.games_per_address = 10;  // the server's cap, not an address's share
  limits.idle = std::chrono::seconds(1);
  restart(limits);
  const json first = create({{"game", "raiinet"}});
  create({{"game", "raiinet"}});
  const Reply full = post("/api/games", R"({"game": "raiinet"})");
  EXPECT_EQ(full.status, 503);
  EXPECT_NE(full.data["error"].get<std::string>().find("full"), std::string::npos);
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  create({{"game", "raiinet"}});  // the idle ones are dropped to make room
  EXPECT_EQ(view(first, 0).status, 404);
}

// A whole RAIInet game through the API: nothing any response gives player 1
// names one of player 2's links that player 1 has not seen revealed.
TEST_F(WebServer, RaiinetNeverSendsTheOpponentsHiddenLinks) {
  const json params = {{"seed", "7"}, {"max_length", "400"}};
  const json game = create({{"game", "raiinet"}, {"params", params}});
  engine::Params p;
  for (const auto& [key, value] : params.items()) p[key] = value.get<std::string>();
  auto replica = std::get<raiinet::State>(raiinet::State::make(p));
  int responses = 0;
  // Every "L: V3" (a link of player 2's and its value) in an answer to player 1.
  const auto check = [&](const Reply& r) {
    ++responses;
    if (r.data.value("over", false)) return;  // the end reveals everything (below)
    const std::string& b = r.body;
    for (std::size_t i = 0; i + 5 <= b.size(); ++i) {
      const bool shown = b[i] >= 'A' && b[i] <= 'H' && b[i + 1] == ':' && b[i + 2] == ' ' &&
                         (b[i + 3] == 'D' || b[i + 3] == 'V') && b[i + 4] >= '1' && b[i + 4] <= '4';
      if (!shown) continue;
      const raiinet::Link& link =
          replica.game().player(1).links[static_cast<std::size_t>(b[i] - 'A')];
      EXPECT_TRUE(link.revealed) << b.substr(i, 5) << " is shown to player 1 unrevealed";
    }
  };
  // A spectator is told no link's value that either player's opponent does
  // not know, and no card.
  const std::string watch = "/api/games/" + game["id"].get<std::string>() +
                            "?token=" + game["spectator"].get<std::string>();
  const auto check_spectator = [&](const Reply& r) {
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.data["player"], -1);
    EXPECT_TRUE(r.data["legal"].empty());
    if (r.data["over"].get<bool>()) return;
    for (int owner = 0; owner < 2; ++owner) {
      const json& seen = r.data["view"]["players"][static_cast<std::size_t>(owner)];
      EXPECT_FALSE(seen.contains("cards"));
      for (std::size_t i = 0; i < seen["links"].size(); ++i) {
        const raiinet::Link& link = replica.game().player(owner).links[i];
        if (!seen["links"][i]["value"].is_null()) {
          EXPECT_TRUE(link.revealed) << "a spectator sees player " << owner + 1 << "'s link " << i;
        }
      }
    }
    EXPECT_EQ(r.data["observation"], replica.observation(engine::kNoPlayer));
  };
  engine::Random rng(11);
  Reply v0 = view(game, 0);
  check(v0);
  check_spectator(get(watch));
  int actions = 0;
  while (!v0.data["over"].get<bool>()) {
    const int seat = v0.data["to_move"];
    const Reply mover = seat == 0 ? v0 : view(game, 1);
    const json& legal = mover.data["legal"];
    ASSERT_FALSE(legal.empty());
    const std::string action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    const Reply done = act(game, seat, action);
    ASSERT_EQ(done.status, 200) << done.body;
    replica.apply(*replica.parse_action(action));
    if (seat == 0) check(done);
    v0 = view(game, 0);
    check(v0);
    check_spectator(get(watch));
    ++actions;
  }
  EXPECT_TRUE(replica.over());
  EXPECT_EQ(v0.data["observation"], replica.observation(0));
  // The end in the game's words, for each seat.
  EXPECT_EQ(v0.data["ending"]["reason"], replica.ending().reason);
  const engine::Returns r = replica.returns();
  EXPECT_EQ(v0.data["ending"]["outcome"], r[0] == r[1] ? "draw" : r[0] > r[1] ? "won" : "lost");
  // Once over, every link of both sides and every card is shown to each
  // seat and to spectators, in the view, the observation and the replay.
  const std::string replay = "/api/games/" + game["id"].get<std::string>() + "/replay?step=";
  const json mid = get(replay + std::to_string(actions / 2)).data;
  for (const json& seen : {v0.data, get(watch).data, mid}) {
    for (int owner = 0; owner < 2; ++owner) {
      const json& side = seen["view"]["players"][static_cast<std::size_t>(owner)];
      EXPECT_EQ(side["abilities"].size(), 5u) << seen.dump().substr(0, 200);
      for (const json& link : side["links"]) EXPECT_FALSE(link["value"].is_null()) << link.dump();
    }
    EXPECT_EQ(seen["observation"].get<std::string>().find('?'), std::string::npos)
        << seen["observation"];
  }
  // A spectator cannot play, resign or offer a draw.
  EXPECT_EQ(post("/api/games/" + game["id"].get<std::string>() + "/actions",
                 json{{"token", game["spectator"]}, {"action", "move a up"}}.dump())
                .status,
            403);
  EXPECT_EQ(post("/api/games/" + game["id"].get<std::string>() + "/resign",
                 json{{"token", game["spectator"]}}.dump())
                .status,
            403);
  EXPECT_GT(actions, 10);
  EXPECT_GT(responses, actions);
}

// One door: a bad action gets the same reason from the game's parse_action
// (or its rules), from the web API and at the terminal.
template <typename State, typename Session>
void expect_one_reason(WebServer& test, const json& game, const State& state, Session& terminal,
                       const std::vector<std::string>& bad_actions) {
  for (const std::string& text : bad_actions) {
    const auto parsed = state.parse_action(text);
    const std::string reason = parsed ? state.why_not(*parsed).value_or("") : parsed.why();
    EXPECT_FALSE(reason.empty()) << text;
    const auto r = test.act(game, 0, text);
    EXPECT_EQ(r.status, 422) << text;
    EXPECT_EQ(r.data["error"], reason) << text;
    EXPECT_EQ(terminal.execute(text), "Error: " + reason + "\n") << text;
  }
}

TEST_F(WebServer, ABadActionGetsTheSameReasonEverywhere) {
  auto made = raiinet::State::make({{"seed", "4"}});
  engine::Random rng(4);
  const raiinet::Placement first = raiinet::random_placement(rng);
  const raiinet::Placement second = raiinet::random_placement(rng);
  raiinet::Session raiinet_terminal(
      raiinet::Position(first, second, {'L', 'F', 'D', 'S', 'P'}, {'L', 'F', 'D', 'S', 'P'}));
  expect_one_reason(
      *this, create({{"game", "raiinet"}, {"params", {{"seed", 4}}}}),
      std::get<raiinet::State>(made), raiinet_terminal,
      {"move a sideways", "move x up", "move A up", "ability 9 a", "ability 2 a", "ability 4 a b"});
  sword_and_shield::Session sas_terminal;
  expect_one_reason(*this, create({{"game", "sword-and-shield"}}), sword_and_shield::State(),
                    sas_terminal,
                    {"move a sideways", "create a 45", "rotate b", "move a up", "react a b",
                     "pass now", "create A 90"});
}

// A page of another site reaching the server through a name of its own
// (DNS rebinding) is refused; addresses, localhost and allowed names are served.
TEST_F(WebServer, ServesOnlyItsOwnHostNames) {
  const auto page = [&](const std::string& host) {
    return client_->Get("/", {{"Host", host}})->status;
  };
  EXPECT_EQ(page("127.0.0.1:" + std::to_string(port_)), 200);
  EXPECT_EQ(page("localhost:" + std::to_string(port_)), 200);
  EXPECT_EQ(page("[::1]:" + std::to_string(port_)), 200);
  const auto refused = client_->Get("/api/games", {{"Host", "evil.example:80"}});
  EXPECT_EQ(refused->status, 421);
  EXPECT_EQ(json::parse(refused->body)["error"],
            "this server does not serve the host \"evil.example\" (give it to gridgames serve "
            "with --allow-host)");
  web::ServeOptions options;
  options.allowed_hosts = {"Games.Example.org"};
  restart(options);
  EXPECT_EQ(page("games.example.org"), 200);
  EXPECT_EQ(page("evil.example"), 421);
}

// A form or a text/plain POST from another site cannot create or play.
TEST_F(WebServer, ChangesNeedJsonFromThisSite) {
  const std::string body = R"({"game": "raiinet"})";
  EXPECT_EQ(client_->Post("/api/games", body, "text/plain")->status, 415);
  EXPECT_EQ(client_->Post("/api/games", body, "application/x-www-form-urlencoded")->status, 415);
  const std::string here = "http://127.0.0.1:" + std::to_string(port_);
  EXPECT_EQ(
      client_->Post("/api/games", {{"Origin", "http://evil.example"}}, body, "application/json")
          ->status,
      403);
  EXPECT_EQ(client_->Post("/api/games", {{"Origin", here}}, body, "application/json")->status, 200);
  EXPECT_EQ(client_->Post("/api/games", body, "application/json; charset=utf-8")->status, 200);
  EXPECT_EQ(client_->Delete("/api/games")->status, 405);
  EXPECT_EQ(client_->Post("/", body, "application/json")->status, 405);
}

TEST_F(WebServer, AnswersCannotBeFramedOrSniffed) {
  for (const char* path : {"/", "/api/games", "/nowhere"}) {
    const auto r = client_->Get(path);
    EXPECT_NE(r->get_header_value("Content-Security-Policy").find("frame-ancestors 'none'"),
              std::string::npos);
    EXPECT_EQ(r->get_header_value("X-Frame-Options"), "DENY");
    EXPECT_EQ(r->get_header_value("X-Content-Type-Options"), "nosniff");
  }
}

TEST_F(WebServer, ABoardTooLargeIsRefusedBeforeItIsBuilt) {
  const Reply r =
      post("/api/games", R"({"game": "amazons", "params": {"rows": 1000, "cols": 1000}})");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.data["error"], "this board is too large to play in a browser (at most 10000 fields)");
  EXPECT_EQ(
      post("/api/games", R"({"game": "amazons", "params": {"rows": 100, "cols": 100}})").status,
      200);
}

// Games in play count against an address's quota; finished ones do not.
TEST_F(WebServer, GamesPerAddressAreLimited) {
  web::Limits limits;
  limits.games_per_address = 3;
  restart(limits);
  std::vector<json> games;
  for (int i = 0; i < 3; ++i) games.push_back(create({{"game", "raiinet"}}));
  const Reply fourth = post("/api/games", R"({"game": "raiinet"})");
  EXPECT_EQ(fourth.status, 429);
  EXPECT_EQ(fourth.data["error"],
            "your address has 3 games in play, the most one address may have (3); finish or resign "
            "one first");
  ASSERT_EQ(post("/api/games/" + games[0]["id"].get<std::string>() + "/resign",
                 json{{"token", games[0]["seats"][0]["token"]}}.dump())
                .status,
            200);
  EXPECT_EQ(post("/api/games", R"({"game": "raiinet"})").status, 200);
  EXPECT_EQ(post("/api/games", R"({"game": "raiinet"})").status, 429);
}

// A POST from the loopback address `from` (127.0.0.N), on a connection of
// its own: the answer's status and body.
std::pair<int, json> post_from(int port, const std::string& from, const std::string& path,
                               const json& body) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in local{}, server{};
  local.sin_family = server.sin_family = AF_INET;
  ::inet_pton(AF_INET, from.c_str(), &local.sin_addr);
  server.sin_port = htons(static_cast<std::uint16_t>(port));
  server.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
      ::connect(fd, reinterpret_cast<sockaddr*>(&server), sizeof server) != 0) {
    ::close(fd);
    return {0, json()};
  }
  const std::string text = body.dump();
  const std::string request = "POST " + path +
                              " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                              "Content-Type: application/json\r\nContent-Length: " +
                              std::to_string(text.size()) + "\r\n\r\n" + text;
  (void)!::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  std::string got;
  char buffer[4096];
  for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) got.append(buffer, n);
  ::close(fd);
  const std::size_t body_at = got.find("\r\n\r\n");
  if (got.size() < 12 || body_at == std::string::npos) return {0, json()};
  return {std::atoi(got.c_str() + 9), json::parse(got.substr(body_at + 4), nullptr, false)};
}

// Fair shares of the server: finished games take no room (200 made and
// resigned by one address leave room for everyone), each address may have
// an eighth of the games in play and start a few a minute, so that
// neither one address nor five can keep a sixth from starting a game.
TEST_F(WebServer, NeitherOneAddressNorFiveStopASixth) {
  web::Limits limits;
  limits.max_games = 16;  // an address's share: 2
  limits.games_per_minute = 40;
  restart(limits);
  const auto start = [&](const std::string& from) {
    return post_from(port_, from, "/api/games", {{"game", "raiinet"}});
  };
  // One address makes games and resigns them, as fast as it may.
  int made = 0, slowed = 0;
  for (int i = 0; i < 60; ++i) {
    const auto [status, game] = start("127.0.0.2");
    if (status == 429) {
      ++slowed;
      continue;
    }
    ASSERT_EQ(status, 200) << game;
    ++made;
    ASSERT_EQ(
        post_from(port_, "127.0.0.2", "/api/games/" + game["id"].get<std::string>() + "/resign",
                  {{"token", game["seats"][0]["token"]}})
            .first,
        200);
  }
  EXPECT_EQ(made, 40);  // its minute's allowance, then refused
  EXPECT_EQ(slowed, 20);
  const auto [rate_status, rate_answer] = start("127.0.0.2");
  EXPECT_EQ(rate_status, 429);
  EXPECT_EQ(rate_answer["error"],
            "your address has started 40 games in the last minute, the most it may; wait a few "
            "seconds");
  // Five addresses take their share each; a sixth still starts a game.
  for (int address = 3; address <= 7; ++address) {
    const std::string from = "127.0.0." + std::to_string(address);
    EXPECT_EQ(start(from).first, 200);
    EXPECT_EQ(start(from).first, 200);
    const auto [status, answer] = start(from);
    EXPECT_EQ(status, 429) << from;
    EXPECT_EQ(answer["error"],
              "your address has 2 games in play, the most one address may have (2); finish or "
              "resign one first");
  }
  EXPECT_EQ(start("127.0.0.8").first, 200);
}

// A finished game is kept for its time, then its record is written out (when
// asked) and it is removed; games in play stay however old.
TEST_F(WebServer, FinishedGamesAreExportedThenRemovedAfterTheirTime) {
  char folder[] = "/tmp/gridgames-web-test.XXXXXX";
  ASSERT_NE(::mkdtemp(folder), nullptr);
  const std::string db = std::string(folder) + "/games.sqlite";
  web::ServeOptions options;
  options.limits.keep_finished = std::chrono::seconds(1);
  options.limits.export_finished = folder;
  auto opened = web::Store::open(db);
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<web::Store>>(opened));
  options.store = std::move(std::get<std::unique_ptr<web::Store>>(opened));
  restart(options);
  const json finished = create({{"game", "sword-and-shield"}});
  const json playing = create({{"game", "sword-and-shield"}});
  ASSERT_EQ(act(finished, 0, "create a 90").status, 200);
  ASSERT_EQ(post("/api/games/" + finished["id"].get<std::string>() + "/resign",
                 json{{"token", finished["seats"][1]["token"]}}.dump())
                .status,
            200);
  const std::string id = finished["id"];
  const json record = get("/api/games/" + id + "/record").data;
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  restart(options);  // the removal runs at the start (and each minute after)
  EXPECT_EQ(get("/api/games/" + id + "/record").status, 404);
  EXPECT_EQ(view(playing, 0).status, 200);
  std::ifstream exported(std::string(folder) + "/" + id + ".json");
  ASSERT_TRUE(exported);
  EXPECT_EQ(json::parse(exported), record);
  TearDown();
  options.store.reset();
  std::filesystem::remove_all(folder);
  start(web::Limits{});
}

TEST_F(WebServer, ConnectionsPerAddressAreLimited) {
  web::ServeOptions options;
  options.connections_per_address = 4;
  restart(options);
  std::vector<int> held;
  for (int i = 0; i < 4; ++i) held.push_back(connect_raw());
  // The fifth is turned away at once, with a word.
  const std::string turned_away = exchange("GET /api/games HTTP/1.1\r\n\r\n");
  EXPECT_EQ(turned_away.rfind("HTTP/1.1 503 ", 0), 0u) << turned_away;
  EXPECT_NE(turned_away.find("too many connections from your address"), std::string::npos);
  ::close(held.back());
  held.pop_back();
  // Its place is free again as soon as the server has seen it close.
  std::string served;
  for (int attempt = 0; attempt < 50 && served.rfind("HTTP/1.1 200", 0) != 0; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    served = exchange("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  }
  EXPECT_EQ(served.rfind("HTTP/1.1 200", 0), 0u) << served;
  for (int fd : held) ::close(fd);
}

// At the limit, a new connection makes room: a connection that has only
// been reading for over a second (a slow client) is closed, else a long
// poll is answered early; so that one local client cannot lock out the
// others who share 127.0.0.1.
TEST_F(WebServer, SlowConnectionsAndLongPollsMakeRoomForNewOnes) {
  web::ServeOptions options;
  options.connections_per_address = 4;
  restart(options);
  std::vector<int> slow;
  const std::string partial = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  for (int i = 0; i < 4; ++i) {
    slow.push_back(connect_raw());
    (void)!::send(slow.back(), partial.data(), partial.size(), MSG_NOSIGNAL);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  for (int i = 0; i < 6; ++i) {
    const std::string served =
        exchange("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(served.rfind("HTTP/1.1 200", 0), 0u) << i << ": " << served.substr(0, 80);
  }
  int closed = 0;
  for (int fd : slow) {
    timeval limit{0, 200000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    char byte = 0;
    closed += ::recv(fd, &byte, 1, 0) == 0;
    ::close(fd);
  }
  EXPECT_GE(closed, 1);
  // Long polls held by one client: a new request answers the oldest early.
  const json game = create({{"game", "raiinet"}});
  // The test's own keep-alive connection closed first, and the server given
  // the time to see it go, so that the four polls alone fill the limit.
  client_->stop();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const std::string poll = "GET /api/games/" + game["id"].get<std::string>() +
                           "?token=" + game["seats"][0]["token"].get<std::string>() +
                           "&after=1000000&wait=20000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  std::vector<int> polls;
  for (int i = 0; i < 4; ++i) {
    polls.push_back(connect_raw());
    (void)!::send(polls.back(), poll.data(), poll.size(), MSG_NOSIGNAL);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto began = std::chrono::steady_clock::now();
  const std::string served =
      exchange("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(served.rfind("HTTP/1.1 200", 0), 0u) << served.substr(0, 80);
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(5));
  int answered = 0;
  for (int fd : polls) {
    timeval limit{0, 500000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    char buffer[16];
    answered += ::recv(fd, buffer, sizeof buffer, 0) > 0;
    ::close(fd);
  }
  EXPECT_EQ(answered, 1);
}

// Behind a reverse proxy named by the organiser, the client is the address
// the proxy adds last to X-Forwarded-For; from anyone else the header is
// the client's word and counts for nothing.
TEST_F(WebServer, XForwardedForCountsOnlyFromATrustedProxy) {
  web::ServeOptions options;
  options.limits.games_per_address = 1;
  const auto create_as = [&](const std::string& forwarded) {
    const std::string body = R"({"game": "raiinet"})";
    const std::string answer = exchange(
        "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        "Content-Type: application/json\r\nX-Forwarded-For: " +
        forwarded + "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
    return std::stoi(answer.substr(9, 3));
  };
  restart(options);
  EXPECT_EQ(create_as("10.0.0.1"), 200);
  EXPECT_EQ(create_as("10.0.0.2"), 429);  // all from 127.0.0.1
  options.proxies = {"127.0.0.1"};
  restart(options);
  EXPECT_EQ(create_as("10.0.0.1"), 200);
  EXPECT_EQ(create_as("10.0.0.1"), 429);
  EXPECT_EQ(create_as("10.0.0.9, 10.0.0.2"), 200);  // the proxy's entry is the last
}

TEST_F(WebServer, RequestsBeyondTheLimitsAreRefused) {
  std::string fields;
  for (int i = 0; i < 101; ++i) fields += "X-Field-" + std::to_string(i) + ": 1\r\n";
  EXPECT_EQ(exchange("GET / HTTP/1.1\r\n" + fields + "\r\n").rfind("HTTP/1.1 431 ", 0), 0u);
  const std::string huge = "X-Huge: " + std::string(20000, 'h') + "\r\n";
  EXPECT_EQ(exchange("GET / HTTP/1.1\r\n" + huge + "\r\n").rfind("HTTP/1.1 431 ", 0), 0u);
  EXPECT_EQ(exchange("\x16\x03\x01 not http at all\r\n\r\n").rfind("HTTP/1.1 400 ", 0), 0u);
  EXPECT_EQ(exchange("POST /api/games HTTP/1.1\r\nContent-Length: 999999999\r\n\r\n")
                .rfind("HTTP/1.1 413 ", 0),
            0u);
  // Two Host headers (a proxy may read the other): refused, as are two of
  // Origin, Content-Type, Cookie or Authorization.
  const std::string two_hosts = exchange(
      "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: "
      "close\r\n\r\n");
  EXPECT_EQ(two_hosts.rfind("HTTP/1.1 400 ", 0), 0u) << two_hosts;
  EXPECT_NE(two_hosts.find("the request has two Host headers"), std::string::npos) << two_hosts;
  EXPECT_EQ(exchange("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a=1\r\nCookie: "
                     "b=2\r\nConnection: close\r\n\r\n")
                .rfind("HTTP/1.1 400 ", 0),
            0u);
}

// A chunked request's extensions and trailers are held to the header's
// limit: an endless one is refused with 431 long before a megabyte, however
// it goes on; a large body in chunks is still read.
TEST_F(WebServer, ChunkExtensionsAndTrailersCountAgainstTheLimits) {
  const std::string head =
      "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      "Transfer-Encoding: chunked\r\n\r\n";
  const std::string trailer = "X-Trailer: " + std::string(1000, 't') + "\r\n";
  for (const auto& [start, more] :
       {std::pair<std::string, std::string>{"2;", std::string(4096, 'e')},
        std::pair<std::string, std::string>{"2\r\n{}\r\n0\r\n", trailer}}) {
    const int fd = connect_raw();
    ASSERT_GE(fd, 0);
    timeval limit{10, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    std::string request = head + start;
    std::size_t sent = 0;
    while (sent < (1u << 20) && ::send(fd, request.data(), request.size(), MSG_NOSIGNAL) > 0) {
      sent += request.size();
      request = more;
    }
    std::string got;
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) got.append(buffer, n);
    ::close(fd);
    EXPECT_EQ(got.rfind("HTTP/1.1 431 ", 0), 0u) << got.substr(0, 60);
    EXPECT_NE(got.find("chunk extension or trailer part is too large"), std::string::npos);
  }
  std::string body = R"({"game": "raiinet", "padding": ")" + std::string(60000, 'p') + "\"}";
  std::string chunked;
  for (std::size_t at = 0; at < body.size(); at += 1000) {
    const std::string piece = body.substr(at, 1000);
    char size[16];
    std::snprintf(size, sizeof size, "%zx", piece.size());
    chunked += std::string(size) + ";note=x\r\n" + piece + "\r\n";
  }
  const std::string answer =
      exchange(head.substr(0, head.size() - 2) + "Connection: close\r\n\r\n" + chunked +
               "0\r\nX-Done: 1\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 200 ", 0), 0u) << answer.substr(0, 200);
}

// A request that never ends is cut off when its time is up; the others are
// served meanwhile.
TEST_F(WebServer, ASlowRequestIsCutOff) {
  web::ServeOptions options;
  options.request_seconds = 1;
  restart(options);
  const int slow = connect_raw();
  const std::string start = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  (void)!::send(slow, start.data(), start.size(), MSG_NOSIGNAL);
  EXPECT_EQ(get("/api/games").status, 200);
  timeval limit{10, 0};
  ::setsockopt(slow, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  char byte = 0;
  const auto began = std::chrono::steady_clock::now();
  EXPECT_EQ(::recv(slow, &byte, 1, 0), 0);  // closed by the server
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(9));
  ::close(slow);
}

// The view carries the last 100 entries of the log and the last 32 KiB of
// the console, from a line's start; the rest is counted.
TEST_F(WebServer, ViewsCarryTheEndOfLongLogsAndConsoles) {
  const json game = create({{"game", "simodyssey"}, {"params", {{"seed", "0"}}}});
  for (int i = 0; i < 500; ++i) ASSERT_EQ(act(game, 0, "status").status, 200);
  for (int i = 0; i < 120; ++i) ASSERT_EQ(act(game, 0, "pass").status, 200);
  const json seen = view(game, 0).data;
  EXPECT_EQ(seen["log"].size(), 100u);
  EXPECT_EQ(seen["log_from"], 20);
  const std::string console = seen["console"];
  EXPECT_LE(console.size(), 32u * 1024);
  EXPECT_GT(seen["console_from"].get<std::size_t>(), 0u);
  EXPECT_EQ(console.rfind("->", 0) == 0 || console.rfind("  ", 0) == 0, true)
      << console.substr(0, 80);
}

// A text cut to be shown never splits a character: no failure, whatever the bytes.
TEST_F(WebServer, LongActionTextsWithCharactersOfSeveralBytesAreRefusedCleanly) {
  const json game = create({{"game", "raiinet"}});
  const json etf = create({{"game", "simodyssey"}, {"params", {{"seed", "0"}}}});
  for (std::size_t pad = 35; pad < 45; ++pad) {
    const std::string text = std::string(pad, 'a') + "\xc3\xa9\xe2\x82\xac tail";
    const Reply refused = act(game, 0, text);
    EXPECT_EQ(refused.status, 422) << refused.body;
    const Reply queried = act(etf, 0, text);
    EXPECT_EQ(queried.status, 422) << queried.body;
  }
}

}  // namespace

namespace {

// The game-flow requests of a seat: resign, draw, rematch.
struct Flow {
  WebServer& test;
  json game;
  WebServer::Reply send(const std::string& verb, int seat) {
    return test.post("/api/games/" + game["id"].get<std::string>() + "/" + verb,
                     json{{"token", game["seats"][seat]["token"]}}.dump());
  }
};

}  // namespace

TEST_F(WebServer, ASeatCanResignAndTheOtherWins) {
  Flow flow{*this, create({{"game", "raiinet"}})};
  const Reply resigned = flow.send("resign", 1);
  ASSERT_EQ(resigned.status, 200) << resigned.body;
  EXPECT_TRUE(resigned.data["over"].get<bool>());
  EXPECT_EQ(resigned.data["result"], "Player 2 resigned; the game is over: Player 1 wins");
  EXPECT_EQ(resigned.data["returns"], json::array({1.0, -1.0}));
  EXPECT_EQ(resigned.data["ended_by"], "resignation");
  EXPECT_EQ(resigned.data["to_move"], -1);
  EXPECT_TRUE(view(flow.game, 0).data["legal"].empty());
  EXPECT_EQ(flow.send("resign", 0).status, 409);
  EXPECT_EQ(act(flow.game, 0, "move a up").status, 409);
}

// A game of one ends with its score written as people write numbers.
TEST_F(WebServer, AOnePlayerGameEndsWithItsScore) {
  const json game = create({{"game", "space-defender-2"}, {"params", {{"max_length", "1"}}}});
  const Reply ended = act(game, 0, "pass");
  ASSERT_EQ(ended.status, 200) << ended.body;
  ASSERT_TRUE(ended.data["over"].get<bool>());
  EXPECT_EQ(ended.data["result"],
            "the game is over: score " +
                std::to_string(ended.data["view"]["players"][0]["score"].get<int>()));
  EXPECT_EQ(ended.data["ended_by"], "rules");
}

TEST_F(WebServer, ADrawIsOfferedThenAcceptedOrDeclinedByPlaying) {
  Flow flow{*this, create({{"game", "sword-and-shield"}})};
  ASSERT_EQ(flow.send("draw", 0).status, 200);
  EXPECT_EQ(view(flow.game, 1).data["draw_offer"], 0);
  EXPECT_EQ(flow.send("draw", 0).status, 409);  // it stands already
  // Player 2 plays on: declined.
  ASSERT_EQ(act(flow.game, 0, "create a 90").status, 200);
  ASSERT_EQ(act(flow.game, 0, "pass").status, 200);
  ASSERT_EQ(view(flow.game, 1).data["draw_offer"], 0);  // still player 1's: player 2 has not played
  const json legal = view(flow.game, 1).data["legal"];
  ASSERT_EQ(act(flow.game, 1, legal[0]).status, 200);
  EXPECT_FALSE(view(flow.game, 1).data.contains("draw_offer"));
  // Offered again, and accepted.
  ASSERT_EQ(flow.send("draw", 1).status, 200);
  const Reply agreed = flow.send("draw", 0);
  ASSERT_EQ(agreed.status, 200);
  EXPECT_TRUE(agreed.data["over"].get<bool>());
  EXPECT_EQ(agreed.data["result"], "a draw agreed; the game is over: a draw");
  EXPECT_EQ(post("/api/games/" +
                     create({{"game", "simodyssey"}, {"params", {{"seed", "0"}}}})["id"]
                         .get<std::string>() +
                     "/draw",
                 "{\"token\": \"x\"}")
                .status,
            403);
}

TEST_F(WebServer, ARematchTurnsTheSeatsAndTellsEveryPage) {
  Flow flow{*this, create({{"game", "raiinet"}, {"seats", {"human", "random"}}})};
  EXPECT_EQ(flow.send("rematch", 0).status, 409);  // not over yet
  ASSERT_EQ(flow.send("resign", 0).status, 200);
  const Reply asked = flow.send("rematch", 0);
  ASSERT_EQ(asked.status, 200) << asked.body;
  const json rematch = asked.data["rematch"];
  ASSERT_TRUE(rematch.is_object());
  EXPECT_NE(rematch["id"], flow.game["id"]);
  // The same rematch for a second ask; the person now plays second.
  EXPECT_EQ(flow.send("rematch", 0).data["rematch"], rematch);
  const Reply seen = get("/api/games/" + rematch["id"].get<std::string>() +
                         "?token=" + rematch["token"].get<std::string>());
  ASSERT_EQ(seen.status, 200) << seen.body;
  EXPECT_EQ(seen.data["player"], 1);
  EXPECT_EQ(seen.data["seats"][0]["kind"], "random");
}

// A game's guide (how to play, the legend) is its rules', asked of the
// game by its id, in play or over; each seat's view carries its panel.
TEST_F(WebServer, AGamesGuideAndPanelComeFromItsRules) {
  const json classic = create({{"game", "amazons"}, {"params", {{"rules", "standard"}}}});
  const json extended = create({{"game", "amazons"}});
  const Reply guide = get("/api/games/" + classic["id"].get<std::string>() + "/guide");
  ASSERT_EQ(guide.status, 200) << guide.body;
  EXPECT_EQ(guide.data["how"].size(), 4u);
  EXPECT_EQ(guide.data["how"].back(), "The player who cannot move loses.");
  EXPECT_EQ(guide.data["legend"].size(), 3u);
  EXPECT_EQ(guide.data["legend"][1]["marks"][0]["colour"], "burnt");
  const Reply more = get("/api/games/" + extended["id"].get<std::string>() + "/guide");
  EXPECT_EQ(more.data["legend"].size(), 7u);  // treasure, horse, broken arrow, spear
  EXPECT_EQ(get("/api/games/0123456789abcdef/guide").status, 404);
  EXPECT_EQ(post("/api/games/" + classic["id"].get<std::string>() + "/guide", "{}").status, 405);
  const json panel = view(classic, 1).data["view"]["panel"];
  EXPECT_EQ(panel["side"], json({{"name", "Player 2 (green)"}, {"seat", 1}}));
  EXPECT_EQ(panel["table"]["head"], json::array({"Player", "Amazons", "Score"}));
  EXPECT_EQ(panel["table"]["rows"][0],
            json::array({{{"seat", 0}, {"mark", "1"}, {"text", "Player 1"}}, "4", "0"}));
  EXPECT_EQ(panel["hint"], "Moves: move an amazon, then shoot an arrow from where it lands.");
}

TEST_F(WebServer, AFinishedGamesRecordHasItsActions) {
  const json game = create({{"game", "sword-and-shield"}});
  const std::string record_path = "/api/games/" + game["id"].get<std::string>() + "/record";
  EXPECT_EQ(get(record_path).status, 409);  // in play: it would tell secrets
  ASSERT_EQ(act(game, 0, "create a 90").status, 200);
  ASSERT_EQ(act(game, 0, "pass").status, 200);
  Flow{*this, game}.send("resign", 1);
  const Reply record = get(record_path);
  ASSERT_EQ(record.status, 200) << record.body;
  EXPECT_EQ(record.data["game"], "sword-and-shield");
  EXPECT_EQ(record.data["actions"], json::array({{{"player", 0}, {"action", "create a 90"}},
                                                 {{"player", 0}, {"action", "pass"}}}));
  EXPECT_EQ(record.data["returns"], json::array({1.0, -1.0}));
  EXPECT_EQ(record.data["seats"][1]["kind"], "human");
  EXPECT_EQ(record.data["params"], json::object());  // as given: the defaults are the game's
}

// A classic game of Amazons has its record in SGF too; other games say they
// have none.
TEST_F(WebServer, AClassicAmazonsRecordIsAlsoSgf) {
  const json game = create({{"game", "amazons"}, {"params", {{"rules", "standard"}}}});
  const std::string path = "/api/games/" + game["id"].get<std::string>() + "/record?format=sgf";
  EXPECT_EQ(get(path).status, 409);  // in play
  ASSERT_EQ(act(game, 0, "move 1,4 6,4").status, 200);
  ASSERT_EQ(act(game, 0, "shoot 6,7").status, 200);
  Flow{*this, game}.send("resign", 1);
  const auto sgf = client_->Get(path);
  ASSERT_TRUE(sgf);
  EXPECT_EQ(sgf->status, 200);
  EXPECT_EQ(sgf->get_header_value("Content-Type"), "application/x-go-sgf; charset=utf-8");
  const auto today = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::system_clock::now().time_since_epoch());
  EXPECT_EQ(sgf->body, "(;FF[4]GM[18]CA[UTF-8]AP[gridgames:1.0]SZ[10]DT[" +
                           engine::utc_date(today.count()) +
                           "]PW[player 1]PB[player 2]RE[W+R]"
                           "AW[da][ga][ad][jd]AB[ag][jg][dj][gj]\n;W[dadfgf]\n)\n");
  // Any size, placements and all; a move whose shot never came is kept.
  const json small =
      create({{"game", "amazons"},
              {"params", {{"rules", "standard"}, {"rows", "4"}, {"cols", "5"}, {"amazons", "1"}}}});
  ASSERT_EQ(act(small, 0, "place 1,1").status, 200);
  ASSERT_EQ(act(small, 1, "place 4,5").status, 200);
  ASSERT_EQ(act(small, 0, "move 1,1 1,3").status, 200);
  Flow{*this, small}.send("resign", 0);
  const auto kept =
      client_->Get("/api/games/" + small["id"].get<std::string>() + "/record?format=sgf");
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->status, 200);
  EXPECT_NE(kept->body.find("SZ[5:4]"), std::string::npos) << kept->body;
  EXPECT_NE(kept->body.find(";AW[aa]\n;AB[ed]\n;W[aaca]C[the move without its shot"),
            std::string::npos)
      << kept->body;
  EXPECT_EQ(get("/api/games/" + game["id"].get<std::string>() + "/record?format=pgn").status, 400);
  EXPECT_EQ(view(game, 0).data["records"], json::array({"json", "sgf"}));  // the page offers it
  const json other = create({{"game", "sword-and-shield"}});
  Flow{*this, other}.send("resign", 0);
  EXPECT_EQ(get("/api/games/" + other["id"].get<std::string>() + "/record?format=sgf").status, 404);
  EXPECT_EQ(view(other, 0).data["records"], json::array({"json"}));
}

// A time control: the server keeps each player's clock; the side whose time
// runs out loses, and a page waiting for the game hears it then.
TEST_F(WebServer, ClocksRunOnTheMoversTimeAndFlagFalls) {
  EXPECT_EQ(post("/api/games", R"({"game": "raiinet", "clock": {"minutes": -1}})").status, 400);
  EXPECT_EQ(post("/api/games", R"({"game": "raiinet", "clock": "fast"})").status, 400);
  const json game = create(
      {{"game", "sword-and-shield"}, {"clock", {{"minutes", 0.04}, {"increment_seconds", 2}}}});
  const json start = view(game, 0).data;
  ASSERT_EQ(start["clocks"].size(), 2u);
  // Each clock starts with its player's own first move, as lichess's do.
  EXPECT_EQ(start["clocks"][0], 2400);
  EXPECT_EQ(start["clocks"][1], 2400);
  EXPECT_FALSE(start["clock_runs"].get<bool>());
  ASSERT_EQ(act(game, 0, "create a 90").status, 200);
  ASSERT_EQ(act(game, 0, "pass").status, 200);
  ASSERT_EQ(act(game, 1, "create A 90").status, 200);
  const Reply second = act(game, 1, "pass");
  ASSERT_EQ(second.status, 200) << second.body;
  // Neither first move cost anything; player 1's clock runs from just now.
  EXPECT_GT(second.data["clocks"][0].get<int>(), 2300);
  EXPECT_LE(second.data["clocks"][0].get<int>(), 2400);
  EXPECT_EQ(second.data["clocks"][1], 2400);
  EXPECT_TRUE(second.data["clock_runs"].get<bool>());
  const Reply passed = act(game, 0, "pass");  // the turn passes on: the increment
  ASSERT_EQ(passed.status, 200) << passed.body;
  EXPECT_GT(passed.data["clocks"][0].get<int>(), 2400);
  EXPECT_LE(passed.data["clocks"][1].get<int>(), 2400);
  // Player 2 waits for player 1... and runs out of time; the long poll hears it.
  const auto began = std::chrono::steady_clock::now();
  const Reply heard = get("/api/games/" + game["id"].get<std::string>() +
                          "?token=" + game["seats"][0]["token"].get<std::string>() + "&after=" +
                          std::to_string(passed.data["version"].get<int>()) + "&wait=20000");
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(10));
  ASSERT_EQ(heard.status, 200);
  EXPECT_TRUE(heard.data["over"].get<bool>());
  EXPECT_EQ(heard.data["result"], "Green ran out of time; the game is over: Yellow wins");
  EXPECT_EQ(heard.data["clocks"][1], 0);
}

// A bot of the server keeps to its game's clock: under 3 s with no
// increment it spends an even share of what it has left, not its 500 ms a
// decision, which lose the game on time before 12 decisions (checked).
TEST_F(WebServer, AServersBotKeepsToItsGamesClock) {
  const json game = create({{"game", "sword-and-shield"},
                            {"seats", {"human", "ai"}},
                            {"clock", {{"minutes", 0.05}, {"increment_seconds", 0}}}});
  json v = view(game, 0).data;
  int bot_decisions = 0;
  for (int i = 0; i < 200 && bot_decisions < 12 && !v["over"].get<bool>(); ++i) {
    if (v["to_move"] == 0) {
      const json& legal = v["legal"];
      const bool may_pass = std::find(legal.begin(), legal.end(), "pass") != legal.end();
      const Reply acted = act(game, 0, may_pass ? "pass" : legal[0].get<std::string>());
      ASSERT_EQ(acted.status, 200) << acted.body;
      v = acted.data;
      continue;
    }
    const std::size_t before = v["log"].size();
    v = get("/api/games/" + game["id"].get<std::string>() +
            "?token=" + game["seats"][0]["token"].get<std::string>() +
            "&after=" + std::to_string(v["version"].get<std::uint64_t>()) + "&wait=5000")
            .data;
    bot_decisions += static_cast<int>(v["log"].size() - before);
  }
  EXPECT_GE(bot_decisions, 12);
  EXPECT_FALSE(v["over"].get<bool>()) << v["result"];
  EXPECT_GT(v["clocks"][1].get<int>(), 1000) << v["clocks"];
}

// A finished game is a record: however it ended (by the rules, at the length
// limit, by resignation, by agreement, on time), no undo, action, draw offer
// or resignation changes it, and its record stays what it was.
TEST_F(WebServer, AFinishedGameCannotBeChangedHoweverItEnded) {
  const auto to_move_seat = [&](const json& game) {
    return view(game, 0).data["to_move"].get<int>();
  };
  const auto play_out = [&](const json& game, const std::string& script) {
    std::ifstream lines(script);
    ASSERT_TRUE(lines) << script;
    for (std::string line; std::getline(lines, line) && !view(game, 0).data["over"].get<bool>();) {
      const int seat = to_move_seat(game);
      ASSERT_GE(seat, 0);
      act(game, seat, line);
    }
  };
  const auto after_clock = [&](const json& game) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // the 1.2 s run out
    (void)view(game, 0);
  };
  struct Ending {
    std::string how;
    json request;
    std::function<void(const json&)> end;
  };
  const std::vector<Ending> endings = {
      {"rules",
       {{"game", "sword-and-shield"}},
       [&](const json& g) {
         play_out(g, GRIDGAMES_GOLDEN_DIR "/sword-and-shield/yellow_wins.txt");
       }},
      {"rules",
       {{"game", "sword-and-shield"}, {"params", {{"max_length", "3"}}}},
       [&](const json& g) {
         for (const char* a : {"create a 90", "pass", "pass"}) act(g, to_move_seat(g), a);
       }},
      {"resignation",
       {{"game", "sword-and-shield"}},
       [&](const json& g) {
         act(g, 0, "create a 90");
         Flow{*this, g}.send("resign", 1);
       }},
      {"agreement",
       {{"game", "sword-and-shield"}},
       [&](const json& g) {
         act(g, 0, "create a 90");
         Flow{*this, g}.send("draw", 0);
         Flow{*this, g}.send("draw", 1);
       }},
      {"time",
       {{"game", "sword-and-shield"}, {"clock", {{"minutes", 0.02}, {"increment_seconds", 0}}}},
       [&](const json& g) {  // each clock starts with its player's first move
         act(g, 0, "create a 90");
         act(g, 0, "pass");
         act(g, 1, "create A 90");
         act(g, 1, "pass");
         after_clock(g);
       }},
  };
  for (const Ending& ending : endings) {
    SCOPED_TRACE(ending.request.dump());
    const json game = create(ending.request);
    ending.end(game);
    const Reply ended = view(game, 0);
    ASSERT_TRUE(ended.data["over"].get<bool>()) << ended.body;
    EXPECT_EQ(ended.data["ended_by"], ending.how);
    const std::string record_path = "/api/games/" + game["id"].get<std::string>() + "/record";
    const Reply record = get(record_path);
    ASSERT_EQ(record.status, 200);
    for (int seat = 0; seat < 2; ++seat) {
      const Reply undone = Flow{*this, game}.send("undo", seat);
      EXPECT_EQ(undone.status, 409) << undone.body;
      EXPECT_EQ(undone.data["error"], "the game is over; a finished game cannot be undone");
      EXPECT_EQ(act(game, seat, "pass").status, 409);
      Flow flow{*this, game};
      EXPECT_EQ(flow.send("draw", seat).status, 409);
      EXPECT_EQ(flow.send("resign", seat).status, 409);
    }
    EXPECT_EQ(get(record_path).data, record.data);
    EXPECT_EQ(view(game, 1).data["result"], ended.data["result"]);
  }
}

// An ETF game's console is kept bounded in memory, its oldest lines dropped
// and counted: 100,000 queries hold no more than twice the end kept.
TEST(EtfConsole, KeepsABoundedEndOfWhatWasPrinted) {
  const games::GameInfo* info = games::find_game("simodyssey");
  ASSERT_NE(info, nullptr);
  auto made = info->make({});
  auto& state = *std::get<std::unique_ptr<engine::AnyState>>(made);
  ASSERT_NE(state.console(), nullptr);
  std::size_t printed = state.console()->size();
  for (int i = 0; i < 100000; ++i) {
    const std::size_t before = state.console_dropped() + state.console()->size();
    ASSERT_EQ(state.query("status"), std::nullopt);
    printed += state.console_dropped() + state.console()->size() - before;
    ASSERT_LE(state.console()->size(), 2 * engine::etf::kConsoleKept);
  }
  EXPECT_EQ(state.console_dropped() + state.console()->size(), printed);
  EXPECT_GT(state.console_dropped(), 1000000u);
  // From a line's start: a command, or a line of its output.
  EXPECT_TRUE(state.console()->starts_with("->status\n") || state.console()->starts_with("  "))
      << state.console()->substr(0, 40);
}

// Every page reads moves as data: the seat's legal moves with their ids,
// squares and words, the last move (as each seat may know it), and the log.
TEST_F(WebServer, MovesComeAsDataForThePagesToRead) {
  const json game = create({{"game", "amazons"}, {"params", {{"rules", "standard"}}}});
  const json start = view(game, 0).data;
  ASSERT_EQ(start["moves"].size(), start["legal"].size());
  EXPECT_TRUE(view(game, 1).data["moves"].empty());  // not its turn
  EXPECT_TRUE(start["last"].is_null());
  json chosen;
  for (const json& m : start["moves"]) {
    if (m["action"] == "move 1,4 7,4") chosen = m;  // d1 to d7
  }
  ASSERT_TRUE(chosen.is_object()) << start["moves"].dump().substr(0, 300);
  EXPECT_EQ(chosen["notation"], "d1-d7");
  EXPECT_EQ(chosen["label"], "Move the amazon on d1 to d7");
  EXPECT_EQ(chosen["squares"], json::array({json::array({0, 3}), json::array({6, 3})}));
  EXPECT_EQ(chosen["piece"], "amazon");
  ASSERT_EQ(act(game, 0, "move 1,4 7,4").status, 200);
  const json shooting = view(game, 0).data;
  EXPECT_EQ(shooting["last"], chosen);
  EXPECT_EQ(view(game, 1).data["last"], chosen);  // nothing is hidden
  EXPECT_EQ(shooting["log"].back()["move"], chosen);
  for (const json& m : shooting["moves"]) {
    EXPECT_EQ(m["squares"][0], json::array({6, 3}));  // every shot from the amazon that moved
    EXPECT_TRUE(m["notation"].get<std::string>().starts_with("/"));
  }
  // RAIInet: the opponent's last move of an ability names no card.
  const json raiinet = create({{"game", "raiinet"}, {"params", {{"seed", "3"}}}});
  json ability;
  const json first = view(raiinet, 0).data;
  for (const json& m : first["moves"]) {
    if (m["action"].get<std::string>().starts_with("ability") && m["squares"].size() == 1)
      ability = m;
  }
  ASSERT_TRUE(ability.is_object());
  EXPECT_TRUE(ability["label"].get<std::string>().find("(card ") != std::string::npos);
  ASSERT_EQ(act(raiinet, 0, ability["action"]).status, 200);
  EXPECT_EQ(view(raiinet, 0).data["last"], ability);
  const json seen = view(raiinet, 1).data["last"];
  EXPECT_EQ(seen["action"], "an ability");
  EXPECT_EQ(seen["label"], "Player 1 uses an ability");
  EXPECT_FALSE(seen.contains("piece"));
  // Sword and Shield: an undo takes the last move back.
  const json sas = create({{"game", "sword-and-shield"}});
  ASSERT_EQ(act(sas, 0, "create a 90").status, 200);
  const json created = view(sas, 0).data["last"];
  EXPECT_EQ(created["label"], "Create a, turned 90°");
  ASSERT_EQ(act(sas, 0, "pass").status, 200);
  Flow flow{*this, sas};
  ASSERT_EQ(flow.send("undo", 0).status, 200);
  EXPECT_EQ(view(sas, 0).data["last"], created);
}

namespace {

// A browser of its own: the identity cookie the server gave it, sent back.
struct Browser {
  WebServer& server;
  std::string cookie;  // "gridgames_browser=..." once given
  std::string set_cookie;

  WebServer::Reply call(const char* method, const std::string& path,
                        const json& body = json::object()) {
    httplib::Headers headers;
    if (!cookie.empty()) headers.emplace("Cookie", "theme=dark; " + cookie);
    auto result =
        std::string(method) == "GET"
            ? server.client_->Get(path.c_str(), headers)
            : server.client_->Post(path.c_str(), headers, body.dump(), "application/json");
    if (result && result->has_header("Set-Cookie")) {
      set_cookie = result->get_header_value("Set-Cookie");
      cookie = set_cookie.substr(0, set_cookie.find(';'));
    }
    return server.reply(result);
  }
};

}  // namespace

// A seek nobody joined is taken back by its seeker (Cancel): it leaves the
// lobby, ends unplayed (neither won nor lost), and stays so across a
// restart; while it waits, nobody resigns or offers a draw; once joined it
// cannot be cancelled, and only the seeker's seat cancels.
TEST_F(WebServer, ASeekerCancelsASeekNobodyJoined) {
  char folder[] = "/tmp/gridgames-web-test.XXXXXX";
  ASSERT_NE(::mkdtemp(folder), nullptr);
  web::ServeOptions options;
  auto opened = web::Store::open(std::string(folder) + "/games.sqlite");
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<web::Store>>(opened));
  options.store = std::move(std::get<std::unique_ptr<web::Store>>(opened));
  restart(options);
  Browser seeker{*this, "", ""}, joiner{*this, "", ""};
  const auto sought = seeker.call("POST", "/api/lobby", {{"game", "raiinet"}});
  ASSERT_EQ(sought.status, 200) << sought.body;
  const std::string id = sought.data["id"];
  const json token = {{"token", sought.data["token"]}};
  const std::string game = "/api/games/" + id;
  EXPECT_EQ(seeker.call("POST", game + "/resign", token).data["error"],
            "the game waits for an opponent: cancel the seek instead");
  EXPECT_EQ(seeker.call("POST", game + "/draw", token).status, 409);
  EXPECT_EQ(seeker.call("POST", game + "/cancel", {{"token", "nobody"}}).status, 403);
  const auto cancelled = seeker.call("POST", game + "/cancel", token);
  ASSERT_EQ(cancelled.status, 200) << cancelled.body;
  EXPECT_TRUE(cancelled.data["over"].get<bool>());
  EXPECT_EQ(cancelled.data["ended_by"], "aborted");
  EXPECT_EQ(
      cancelled.data["ending"],
      json({{"outcome", "aborted"}, {"reason", "the seek was cancelled before anyone joined"}}));
  EXPECT_EQ(get("/api/lobby").data["seeks"], json::array());
  EXPECT_EQ(joiner.call("POST", "/api/lobby/" + id + "/join").status, 409);
  EXPECT_EQ(seeker.call("POST", game + "/cancel", token).status, 409);
  restart(options);
  const json again =
      seeker.call("GET", game + "?token=" + sought.data["token"].get<std::string>()).data;
  EXPECT_TRUE(again["over"].get<bool>());
  EXPECT_EQ(again["ended_by"], "aborted");
  // Joined: no cancelling, but resigning.
  const auto other = seeker.call("POST", "/api/lobby", {{"game", "raiinet"}});
  const std::string other_game = "/api/games/" + other.data["id"].get<std::string>();
  ASSERT_EQ(
      joiner.call("POST", "/api/lobby/" + other.data["id"].get<std::string>() + "/join").status,
      200);
  EXPECT_EQ(
      seeker.call("POST", other_game + "/cancel", {{"token", other.data["token"]}}).data["error"],
      "only a seek nobody has joined can be cancelled: resign instead");
  TearDown();
  options.store.reset();
  std::filesystem::remove_all(folder);
  start(web::Limits{});
}

// Nobody deals a game for strangers: a seek of a game with hidden things
// or chance that names its seed is refused (the seeker could rehearse the
// deal); a game made with its links may keep one, and every seat is told.
TEST_F(WebServer, NoSeedIsChosenForStrangers) {
  Browser seeker{*this, "", ""};
  const auto refused =
      seeker.call("POST", "/api/lobby", {{"game", "raiinet"}, {"params", {{"seed", "777"}}}});
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(refused.data["error"],
            "a game open to strangers is dealt by the server: leave \"seed\" out of a seek (a game "
            "you make with its links may keep it, and its players are told)");
  // Nor the opponent's placement, which deals the hidden links as a seed does.
  const auto placed = seeker.call(
      "POST", "/api/lobby", {{"game", "raiinet"}, {"params", {{"links2", "V1D4V3V2D3V4D2D1"}}}});
  EXPECT_EQ(placed.status, 400);
  EXPECT_EQ(placed.data["error"],
            "a game open to strangers is dealt by the server: leave \"links2\" out of a seek (a "
            "game you make with its links may keep it, and its players are told)");
  EXPECT_EQ(get("/api/lobby").data["seeks"], json::array());
  // Nothing hidden and nothing drawn: a seed tells nothing to rehearse.
  EXPECT_EQ(seeker
                .call("POST", "/api/lobby",
                      {{"game", "amazons"}, {"params", {{"rules", "standard"}, {"seed", "5"}}}})
                .status,
            200);
  const auto dealt = seeker.call("POST", "/api/lobby", {{"game", "raiinet"}});
  ASSERT_EQ(dealt.status, 200);
  const std::string dealt_view = "/api/games/" + dealt.data["id"].get<std::string>() +
                                 "?token=" + dealt.data["token"].get<std::string>();
  EXPECT_FALSE(get(dealt_view).data.contains("seed_chosen"));
  // A private game with its seed: each seat and the spectators are told.
  const json chosen = create({{"game", "raiinet"}, {"params", {{"seed", "777"}}}});
  for (int seat : {0, 1}) EXPECT_EQ(view(chosen, seat).data["seed_chosen"], true);
  EXPECT_EQ(get("/api/games/" + chosen["id"].get<std::string>() +
                "?token=" + chosen["spectator"].get<std::string>())
                .data["seed_chosen"],
            true);
  EXPECT_FALSE(view(create({{"game", "raiinet"}}), 1).data.contains("seed_chosen"));
}

// A browser's share counts its games, not its seats: one that holds both
// seats of each game it made (a game at one screen) may have as many games
// in play as an address. (It counted seats: the third game of a share of
// five was refused, "this browser has 6 games in play".)
TEST_F(WebServer, ABrowsersShareCountsGamesNotSeats) {
  web::Limits limits;
  limits.games_per_address = 3;
  restart(limits);
  Browser player{*this, "", ""};
  for (int i = 0; i < 3; ++i) {
    const auto made = player.call("POST", "/api/games", {{"game", "sword-and-shield"}});
    ASSERT_EQ(made.status, 200) << "game " << i + 1 << ": " << made.body;
    ASSERT_EQ(made.data["seats"].size(), 2u);
  }
  const auto fourth = player.call("POST", "/api/games", {{"game", "sword-and-shield"}});
  EXPECT_EQ(fourth.status, 429);
  EXPECT_EQ(fourth.data["error"],
            "your address has 3 games in play, the most one address may have (3); finish or resign "
            "one first");
}

TEST_F(WebServer, ALobbyPairsASeekerWithWhoeverJoinsAndEachBrowserFindsItsGames) {
  char folder[] = "/tmp/gridgames-web-test.XXXXXX";
  ASSERT_NE(::mkdtemp(folder), nullptr);
  web::ServeOptions options;
  auto opened = web::Store::open(std::string(folder) + "/games.sqlite");
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<web::Store>>(opened));
  options.store = std::move(std::get<std::unique_ptr<web::Store>>(opened));
  restart(options);
  Browser seeker{*this, "", ""}, joiner{*this, "", ""}, late{*this, "", ""};

  EXPECT_EQ(seeker.call("POST", "/api/lobby", {{"game", "simodyssey"}}).status, 400);
  const auto sought = seeker.call(
      "POST", "/api/lobby",
      {{"game", "sword-and-shield"}, {"clock", {{"minutes", 5}, {"increment_seconds", 3}}}});
  ASSERT_EQ(sought.status, 200) << sought.body;
  // A year's identity, unreadable by scripts, sent by this site only.
  EXPECT_EQ(seeker.cookie.size(), std::string("gridgames_browser=").size() + 64);
  EXPECT_TRUE(seeker.set_cookie.ends_with("; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax"))
      << seeker.set_cookie;
  const std::string id = sought.data["id"];
  EXPECT_EQ(sought.data["player"], 0);

  const json seeks = get("/api/lobby").data["seeks"];
  ASSERT_EQ(seeks.size(), 1u);
  EXPECT_EQ(seeks[0]["id"], id);
  EXPECT_EQ(seeks[0]["game"], "sword-and-shield");
  EXPECT_EQ(seeks[0]["title"], "Sword and Shield");
  EXPECT_EQ(seeks[0]["open"], 1);
  EXPECT_EQ(seeks[0]["clock"], json({{"minutes", 5.0}, {"increment_seconds", 3.0}}));
  EXPECT_FALSE(seeks[0]["params"].contains("seed"));

  const std::string seat0 =
      "/api/games/" + id + "?token=" + sought.data["token"].get<std::string>();
  const json waiting = seeker.call("GET", seat0).data;
  EXPECT_EQ(waiting["waiting_for"], 1);
  EXPECT_EQ(waiting["legal"], json::array());
  EXPECT_EQ(waiting["clocks"], json({300000, 300000}));
  const json play0 = {{"token", sought.data["token"]}, {"action", "create a 90"}};
  EXPECT_EQ(seeker.call("POST", "/api/games/" + id + "/actions", play0).data["error"],
            "the game waits for an opponent: nobody plays before every seat is taken");
  EXPECT_EQ(seeker.call("POST", "/api/lobby/" + id + "/join").data["error"],
            "you already have a seat in this game");

  const auto joined = joiner.call("POST", "/api/lobby/" + id + "/join");
  ASSERT_EQ(joined.status, 200) << joined.body;
  EXPECT_EQ(joined.data["player"], 1);
  EXPECT_NE(joined.data["token"], sought.data["token"]);
  EXPECT_NE(joiner.cookie, seeker.cookie);
  EXPECT_EQ(get("/api/lobby").data["seeks"], json::array());
  EXPECT_EQ(late.call("POST", "/api/lobby/" + id + "/join").status, 409);
  EXPECT_EQ(late.call("POST", "/api/lobby/00/join").status, 404);
  // Paths that only begin as the lobby's or "Your games'" (a fuzzer's find).
  for (const char* path : {"/api/lobbyx", "/api/lobby\xff", "/api/my-gamesxx"})
    EXPECT_EQ(late.call("POST", path).status, 404) << path;
  EXPECT_EQ(seeker.call("POST", "/api/games/" + id + "/actions", play0).status, 200);

  // Each browser finds its seat, across a restart.
  restart(options);
  const json mine = seeker.call("GET", "/api/my-games").data["games"];
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0]["id"], id);
  EXPECT_EQ(mine[0]["token"], sought.data["token"]);
  EXPECT_EQ(mine[0]["player"], 0);
  EXPECT_FALSE(mine[0]["over"].get<bool>());
  EXPECT_TRUE(mine[0]["your_turn"].get<bool>());  // a turn is create, then a move or pass
  const json theirs = joiner.call("GET", "/api/my-games").data["games"];
  ASSERT_EQ(theirs.size(), 1u);
  EXPECT_EQ(theirs[0]["token"], joined.data["token"]);
  EXPECT_FALSE(theirs[0]["your_turn"].get<bool>());
  EXPECT_EQ(late.call("GET", "/api/my-games").data["games"], json::array());

  // A game in play cannot be archived; a finished one can, for this browser only.
  EXPECT_EQ(seeker.call("POST", "/api/my-games/" + id + "/archive").status, 409);
  EXPECT_EQ(late.call("POST", "/api/my-games/" + id + "/archive").status, 404);
  ASSERT_EQ(
      joiner.call("POST", "/api/games/" + id + "/resign", {{"token", joined.data["token"]}}).status,
      200);
  EXPECT_EQ(seeker.call("POST", "/api/my-games/" + id + "/archive").status, 200);
  EXPECT_EQ(seeker.call("GET", "/api/my-games").data["games"], json::array());
  const json finished = joiner.call("GET", "/api/my-games").data["games"];
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_TRUE(finished[0]["over"].get<bool>());
  EXPECT_EQ(finished[0]["ending"]["outcome"], "lost");  // the joiner resigned
  EXPECT_EQ(finished[0]["ending"]["reason"], "you resigned");
  restart(options);
  EXPECT_EQ(seeker.call("GET", "/api/my-games").data["games"], json::array());

  // Opening a seat's link holds it (the page's POST .../hold); viewing
  // alone writes nothing and gives no identity; a spectator's link is no
  // seat.
  const json game = create({{"game", "raiinet"}});
  Browser friend_{*this, "", ""};
  const std::string link = "/api/games/" + game["id"].get<std::string>();
  friend_.call("GET", link + "?token=" + game["seats"][1]["token"].get<std::string>());
  EXPECT_EQ(friend_.cookie, "");
  EXPECT_EQ(friend_.call("GET", "/api/my-games").data["games"], json::array());
  EXPECT_EQ(friend_.call("POST", link + "/hold", {{"token", game["spectator"]}}).status, 403);
  EXPECT_EQ(friend_.cookie, "");
  EXPECT_EQ(friend_.call("POST", link + "/hold", {{"token", game["seats"][1]["token"]}}).status,
            200);
  const json held = friend_.call("GET", "/api/my-games").data["games"];
  ASSERT_EQ(held.size(), 1u);
  EXPECT_EQ(held[0]["player"], 1);
  EXPECT_EQ(held[0]["game"], "raiinet");
  // A cookie that is not one of ours is replaced, a well-formed one this
  // server never signed too: nobody fixes a browser's identity in advance.
  for (const std::string& forged :
       {std::string("gridgames_browser=../../x"), "gridgames_browser=" + std::string(64, 'a'),
        seeker.cookie.substr(0, seeker.cookie.size() - 1) +
            (seeker.cookie.back() == '0' ? "1" : "0")}) {
    Browser forger{*this, forged, ""};
    EXPECT_EQ(forger.call("GET", "/api/my-games").data["games"], json::array()) << forged;
    forger.call("POST", "/api/games", {{"game", "raiinet"}});
    EXPECT_NE(forger.cookie, forged);
    EXPECT_EQ(forger.cookie.size(), std::string("gridgames_browser=").size() + 64);
  }

  TearDown();
  options.store.reset();
  std::filesystem::remove_all(folder);
  start(web::Limits{});
}

TEST_F(WebServer, EachSeatIsToldHowTheGameEndedForIt) {
  const json game = create({{"game", "sword-and-shield"}});
  ASSERT_EQ(act(game, 0, "create a 90").status, 200);
  const std::string id = game["id"];
  const auto send = [&](const char* verb, int seat) {
    return post("/api/games/" + id + "/" + verb,
                json{{"token", game["seats"][seat]["token"]}}.dump());
  };
  // A draw offer declined: it is gone from both views.
  ASSERT_EQ(send("draw", 0).status, 200);
  EXPECT_EQ(send("decline", 0).status, 409);  // one's own offer
  const Reply declined = send("decline", 1);
  ASSERT_EQ(declined.status, 200) << declined.body;
  EXPECT_FALSE(declined.data.contains("draw_offer"));
  EXPECT_EQ(send("decline", 1).status, 409);  // nothing left to decline
  ASSERT_EQ(send("resign", 1).status, 200);
  EXPECT_EQ(view(game, 0).data["ending"],
            json({{"outcome", "won"}, {"reason", "Green resigned"}, {"winners", {0}}}));
  EXPECT_EQ(view(game, 1).data["ending"],
            json({{"outcome", "lost"}, {"reason", "you resigned"}, {"winners", {0}}}));
  EXPECT_EQ(
      get("/api/games/" + id + "?token=" + game["spectator"].get<std::string>()).data["ending"],
      json({{"outcome", "over"}, {"reason", "Green resigned"}, {"winners", {0}}}));
  // However a game ends (here a resignation), nothing stays hidden.
  const json links = create({{"game", "raiinet"}});
  EXPECT_TRUE(view(links, 0).data["view"]["players"][1]["links"][0]["value"].is_null());
  ASSERT_EQ((Flow{*this, links}.send("resign", 1).status), 200);
  const json revealed = view(links, 0).data;  // kept: the loop reads into it
  for (const json& link : revealed["view"]["players"][1]["links"])
    EXPECT_FALSE(link["value"].is_null()) << link;
  // By the rules, in the game's words: the same reason for both seats.
  const json amazons =
      create({{"game", "amazons"},
              {"params", {{"rules", "standard"}, {"rows", "3"}, {"cols", "3"}, {"amazons", "1"}}}});
  for (int step = 0; step < 100 && !view(amazons, 0).data["over"].get<bool>(); ++step) {
    const int mover = view(amazons, 0).data["to_move"];
    const json legal = view(amazons, mover).data["legal"];
    ASSERT_FALSE(legal.empty());
    ASSERT_EQ(act(amazons, mover, legal[0]).status, 200);
  }
  const json first = view(amazons, 0).data, second = view(amazons, 1).data;
  ASSERT_TRUE(first["over"].get<bool>());
  EXPECT_EQ(first["ending"]["reason"], second["ending"]["reason"]);
  EXPECT_TRUE(first["ending"]["reason"].get<std::string>().ends_with(" has no legal move"))
      << first["ending"];
  EXPECT_NE(first["ending"]["outcome"], second["ending"]["outcome"]);
  // A game of one is won or lost.
  const json odyssey = create({{"game", "simodyssey"}, {"params", {{"max_length", "1"}}}});
  ASSERT_EQ(act(odyssey, 0, "pass").status, 200);
  const json ended = view(odyssey, 0).data["ending"];
  EXPECT_EQ(ended["outcome"], "lost");
  EXPECT_TRUE(ended["reason"] ==
                  "the mission ended after 1 turn (the length limit) without finding life" ||
              ended["reason"] == "the explorer is lost")
      << ended;
}

// A game of one is drawn from a new seed each time unless one is given; the
// seed is shown, so that a game can be played again.
TEST_F(WebServer, AGameOfOneIsNewEachTimeAndItsSeedShown) {
  for (const char* name : {"simodyssey", "simodyssey2", "space-defender-2"}) {
    SCOPED_TRACE(name);
    const json a = create({{"game", name}}), b = create({{"game", name}});
    const json first = view(a, 0).data, second = view(b, 0).data;
    ASSERT_TRUE(first["params"].contains("seed"));
    EXPECT_NE(first["params"]["seed"], second["params"]["seed"]);
    const json again = create({{"game", name}, {"params", {{"seed", first["params"]["seed"]}}}});
    EXPECT_EQ(view(again, 0).data["view"], first["view"]);
    const json oracle = create({{"game", name}, {"params", {{"seed", "0"}}}});
    EXPECT_EQ(view(oracle, 0).data["params"]["seed"], "0");  // the course oracle's own start
  }
  // Boards differ from one seed to another (SimOdyssey's galaxy is shown at once).
  const json one = create({{"game", "simodyssey"}, {"params", {{"seed", "1"}}}});
  const json two = create({{"game", "simodyssey"}, {"params", {{"seed", "123457"}}}});
  EXPECT_NE(view(one, 0).data["view"]["board"], view(two, 0).data["view"]["board"]);
}

// A turn in two steps, in a game with nothing hidden and no chance (classic
// Amazons): its move can be taken back before its shot, not after.
TEST_F(WebServer, AMoveCanBeTakenBackBeforeItsShot) {
  const json game = create({{"game", "amazons"}, {"params", {{"rules", "standard"}}}});
  const json start = view(game, 0).data;
  EXPECT_FALSE(start["can_undo"].get<bool>());
  const Reply moved = act(game, 0, "move 1,4 6,4");
  ASSERT_EQ(moved.status, 200);
  EXPECT_TRUE(moved.data["can_undo"].get<bool>());
  EXPECT_EQ(moved.data["view"]["phase"], "shoot");
  EXPECT_FALSE(view(game, 1).data["can_undo"].get<bool>());  // not the other seat's
  EXPECT_EQ((Flow{*this, game}.send("undo", 1).status), 409);
  const Reply undone = (Flow{*this, game}.send("undo", 0));
  ASSERT_EQ(undone.status, 200) << undone.body;
  EXPECT_EQ(undone.data["view"]["board"], start["view"]["board"]);
  EXPECT_EQ(undone.data["legal"], start["legal"]);
  EXPECT_FALSE(undone.data["can_undo"].get<bool>());
  ASSERT_EQ(act(game, 0, "move 1,7 6,7").status, 200);
  ASSERT_EQ(act(game, 0, "shoot 6,9").status, 200);
  const Reply shot = view(game, 0);
  EXPECT_FALSE(shot.data["can_undo"].get<bool>());  // the turn is over
  EXPECT_EQ((Flow{*this, game}.send("undo", 0).status), 409);
  // Nothing is taken back in a game with hidden links (RAIInet's abilities).
  const json hidden = create({{"game", "raiinet"}});
  EXPECT_FALSE(view(hidden, 0).data["can_undo"].get<bool>());
}

// The steps of a turn tried first (nothing kept) and sent together: all of
// them or none, never past the turn; only where trying tells nothing.
TEST_F(WebServer, ATurnsStepsAreTriedFirstThenSentTogether) {
  const json game = create({{"game", "amazons"}, {"params", {{"rules", "standard"}}}});
  const std::string base = "/api/games/" + game["id"].get<std::string>();
  const auto steps = [&](const char* verb, int seat, const json& actions) {
    return post(base + "/" + verb,
                json{{"token", game["seats"][seat]["token"]}, {"actions", actions}}.dump());
  };
  const json start = view(game, 0).data;
  EXPECT_TRUE(start["previews"].get<bool>());
  const Reply tried = steps("preview", 0, {"move 1,4 6,4"});
  ASSERT_EQ(tried.status, 200) << tried.body;
  EXPECT_EQ(tried.data["preview"], json::array({"move 1,4 6,4"}));
  EXPECT_EQ(tried.data["view"]["phase"], "shoot");
  EXPECT_EQ(tried.data["version"], start["version"]);
  EXPECT_EQ(tried.data["legal"].size(), 32u);  // the shots from 6,4, 1,4 (left) among them
  EXPECT_EQ(view(game, 0).data["view"], start["view"]);  // nothing kept
  EXPECT_EQ(steps("preview", 0, {"move 1,4 6,4", "shoot 6,9"}).data["to_move"], 1);
  EXPECT_EQ(steps("preview", 1, {"move 7,1 7,2"}).status, 409);  // not its turn
  EXPECT_EQ(steps("preview", 0, {"move 1,4 6,4", "shoot 6,9", "move 7,1 7,2"}).status, 409);
  EXPECT_EQ(steps("preview", 0, json::array()).status, 400);
  // Sent together: a refused step refuses them all.
  const Reply refused = steps("actions", 0, {"move 1,4 6,4", "shoot 6,4"});
  EXPECT_EQ(refused.status, 422) << refused.body;
  EXPECT_EQ(view(game, 0).data["version"], start["version"]);
  const Reply played = steps("actions", 0, {"move 1,4 6,4", "shoot 6,9"});
  ASSERT_EQ(played.status, 200) << played.body;
  EXPECT_EQ(played.data["to_move"], 1);
  EXPECT_EQ(played.data["version"], start["version"].get<int>() + 2);
  EXPECT_EQ(played.data["last"]["notation"], "/i6");
  // Not where trying would tell a secret (RAIInet) or draw by chance.
  for (const char* name : {"raiinet", "space-defender-2"}) {
    const json other = create({{"game", name}});
    EXPECT_FALSE(view(other, 0).data["previews"].get<bool>()) << name;
    const Reply no = post(
        "/api/games/" + other["id"].get<std::string>() + "/preview",
        json{{"token", other["seats"][0]["token"]}, {"actions", {view(other, 0).data["legal"][0]}}}
            .dump());
    EXPECT_EQ(no.status, 409) << name;
  }
}

// The push channel: server-sent events on one connection, the view now and
// then each version as it comes (a turn sent whole is one event), for a
// seat or a spectator alike; a bad token is refused before any stream.
TEST_F(WebServer, EventStreamsPushEachVersionOfTheView) {
  const json game = create({{"game", "amazons"}, {"params", {{"rules", "standard"}}}});
  const std::string id = game["id"];
  const int fd = open_stream(id, game["spectator"]);
  ASSERT_GE(fd, 0);
  std::string got;
  // The events read so far, each a view.
  const auto events = [&](std::size_t count) {
    char buffer[4096];
    std::vector<json> seen;
    for (;;) {
      seen.clear();
      for (std::size_t at = got.find("\r\n\r\n"); at != std::string::npos;) {
        const std::size_t start = got.find("data: ", at);
        const std::size_t end = start == std::string::npos ? start : got.find("\n\n", start);
        if (end == std::string::npos) break;
        seen.push_back(json::parse(got.substr(start + 6, end - start - 6)));
        at = end + 2;
      }
      if (seen.size() >= count) return seen;
      const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
      if (n <= 0) return seen;
      got.append(buffer, static_cast<std::size_t>(n));
    }
  };
  const std::vector<json> first = events(1);
  ASSERT_EQ(first.size(), 1u) << got;
  EXPECT_TRUE(got.starts_with("HTTP/1.1 200 OK\r\n")) << got;
  EXPECT_NE(got.find("Content-Type: text/event-stream\r\n"), std::string::npos);
  EXPECT_NE(got.find("X-Accel-Buffering: no\r\n"), std::string::npos);
  EXPECT_NE(got.find("\r\n\r\nretry: 1000\n\n"), std::string::npos);
  EXPECT_EQ(first[0]["player"], -1);
  EXPECT_EQ(first[0]["version"], view(game, 0).data["version"]);
  const Reply played =
      post("/api/games/" + id + "/actions",
           json{{"token", game["seats"][0]["token"]}, {"actions", {"move 1,4 6,4", "shoot 6,9"}}}
               .dump());
  ASSERT_EQ(played.status, 200) << played.body;
  const std::vector<json> both = events(2);
  ASSERT_EQ(both.size(), 2u) << got;
  EXPECT_EQ(both[1]["version"], played.data["version"]);
  EXPECT_EQ(both[1]["last"]["notation"], "/i6");
  EXPECT_EQ(both[1]["to_move"], 1);
  ::close(fd);
  EXPECT_EQ(get("/api/games/" + id + "/events?token=nobody").status, 403);
  EXPECT_EQ(post("/api/games/" + id + "/events", "{}").status, 405);
}

// A stream hears of a fallen flag when it falls, though nobody asks.
TEST_F(WebServer, AnEventStreamHearsAFlagFallWithoutAsking) {
  const json game = create({{"game", "sword-and-shield"}, {"clock", {{"minutes", 0.02}}}});
  const std::string id = game["id"];
  for (const auto& [seat, action] :
       {std::pair{0, "create a 90"}, {0, "pass"}, {1, "create A 90"}, {1, "pass"}})
    ASSERT_EQ(act(game, seat, action).status, 200);
  // Player 1's clock runs now: 1.2 s.
  const auto began = std::chrono::steady_clock::now();
  const int fd = open_stream(id, game["spectator"]);
  ASSERT_GE(fd, 0);
  std::string got;
  char buffer[4096];
  while (got.find("ran out of time") == std::string::npos) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    got.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  EXPECT_NE(got.find("Yellow ran out of time; the game is over: Green wins"), std::string::npos)
      << got.substr(0, 300);
  EXPECT_LT(seconds, 3.0);
}

// The stream's events as a browser's EventSource reads them: blocks ended
// by a blank line, each line a field; every byte of `got` after the
// header must be one (a stray byte, a NUL say, makes a browser drop the
// event after it). {field: value} per block, the fields in order.
std::vector<std::vector<std::pair<std::string, std::string>>> event_blocks(const std::string& got) {
  std::vector<std::vector<std::pair<std::string, std::string>>> blocks(1);
  std::size_t at = got.find("\r\n\r\n");
  if (at == std::string::npos) return {};
  for (at += 4; at < got.size();) {
    const std::size_t end = got.find('\n', at);
    if (end == std::string::npos) break;  // a line not whole yet
    const std::string line = got.substr(at, end - at);
    at = end + 1;
    if (line.empty()) {
      blocks.emplace_back();
      continue;
    }
    const std::size_t colon = line.find(": ");
    blocks.back().emplace_back(line.substr(0, colon),
                               colon == std::string::npos ? "" : line.substr(colon + 2));
  }
  blocks.pop_back();  // the one under way
  return blocks;
}

// Each view carries its version as the event's id; when nothing comes for a
// while the stream says the version alone ("version" events); a view after
// such a heartbeat arrives whole and readable (a flag fall on a clock
// longer than the heartbeat: once lost behind a stray NUL byte).
TEST_F(WebServer, AnEventAfterAHeartbeatIsReadableAndEveryViewCarriesItsVersion) {
  web::ServeOptions options;
  options.heartbeat = std::chrono::milliseconds(300);
  restart(options);
  const json game = create({{"game", "sword-and-shield"}, {"clock", {{"minutes", 0.02}}}});
  const std::string id = game["id"];
  for (const auto& [seat, action] :
       {std::pair{0, "create a 90"}, {0, "pass"}, {1, "create A 90"}, {1, "pass"}})
    ASSERT_EQ(act(game, seat, action).status, 200);
  const int fd = open_stream(id, game["spectator"]);
  ASSERT_GE(fd, 0);
  std::string got;
  char buffer[4096];
  while (got.find("ran out of time") == std::string::npos) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    got.append(buffer, static_cast<std::size_t>(n));
  }
  while (!got.ends_with("\n\n")) {  // the last event whole
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    got.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  EXPECT_EQ(got.find('\0'), std::string::npos);
  const auto blocks = event_blocks(got);
  ASSERT_GE(blocks.size(), 4u) << got.substr(0, 400);
  EXPECT_EQ(blocks[0], (std::vector<std::pair<std::string, std::string>>{{"retry", "1000"}}));
  std::size_t views = 0, beats = 0;
  std::uint64_t last = 0;
  std::string ending;  // the last view's result
  for (std::size_t k = 1; k < blocks.size(); ++k) {
    const auto& block = blocks[k];
    ASSERT_EQ(block.size(), 2u) << "block " << k;
    if (block[0].first == "event") {  // the version alone, that of the last view
      EXPECT_EQ(block[0].second, "version");
      EXPECT_EQ(block[1], (std::pair<std::string, std::string>{"data", std::to_string(last)}));
      ++beats;
      continue;
    }
    ASSERT_EQ(block[0].first, "id");
    ASSERT_EQ(block[1].first, "data");
    const json view = json::parse(block[1].second);
    EXPECT_EQ(block[0].second, std::to_string(view["version"].get<std::uint64_t>()));
    EXPECT_GT(view["version"].get<std::uint64_t>(), last);
    last = view["version"];
    ending = view.value("result", "");
    ++views;
  }
  EXPECT_EQ(views, 2u);  // the view as it was, then the fallen flag's
  EXPECT_GE(beats, 2u);  // 1.2 s of clock, a heartbeat each 0.3 s
  EXPECT_EQ(ending, "Yellow ran out of time; the game is over: Green wins");
  EXPECT_EQ(last, view(game, 0).data["version"].get<std::uint64_t>());
}

// A stream that resumes (the browser's Last-Event-ID, or the page's
// ?after=) gets the view only if the game is elsewhere than that version.
TEST_F(WebServer, AResumedStreamGetsWhatItMissedAndNothingItHas) {
  const json game = create({{"game", "amazons"}, {"params", {{"rules", "standard"}}}});
  const std::string id = game["id"];
  const std::string spectator = game["spectator"];
  const auto version = [&] { return view(game, 0).data["version"].get<std::uint64_t>(); };
  const auto first_block = [&](const std::string& ask, int wait_ms) {
    const int fd = connect_raw();
    timeval limit{0, wait_ms * 1000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    (void)!::send(fd, ask.data(), ask.size(), MSG_NOSIGNAL);
    std::string got;
    char buffer[4096];
    for (ssize_t n; event_blocks(got).size() < 2 && (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;)
      got.append(buffer, static_cast<std::size_t>(n));
    return std::pair{fd, event_blocks(got)};
  };
  const std::string path = "/api/games/" + id + "/events?token=" + spectator;
  const auto ask = [&](const std::string& target, const std::string& header) {
    return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + header + "\r\n";
  };
  const std::uint64_t now = version();
  // Up to date: nothing but the retry until the game moves on.
  auto [fd, blocks] = first_block(ask(path, "Last-Event-ID: " + std::to_string(now) + "\r\n"), 400);
  EXPECT_EQ(blocks.size(), 1u);
  ASSERT_EQ(act(game, 0, "move 1,4 6,4").status, 200);
  std::string got;
  char buffer[4096];
  while (event_blocks(got).size() < 1) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    got.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  ASSERT_FALSE(event_blocks("\r\n\r\n" + got).empty()) << got;
  EXPECT_EQ(event_blocks("\r\n\r\n" + got)[0][0],
            (std::pair<std::string, std::string>{"id", std::to_string(now + 1)}));
  // Behind, by the header or the page's ?after=: the view now.
  for (const std::string& request :
       {ask(path, "Last-Event-ID: " + std::to_string(now) + "\r\n"), ask(path + "&after=1", "")}) {
    auto [behind, seen] = first_block(request, 2000);
    ::close(behind);
    ASSERT_EQ(seen.size(), 2u) << request;
    EXPECT_EQ(seen[1][0], (std::pair<std::string, std::string>{"id", std::to_string(now + 1)}));
  }
  EXPECT_EQ(get(path + "&after=soon").status, 400);
  const std::string refused = exchange(ask(path, "Last-Event-ID: -1\r\nConnection: close\r\n"));
  EXPECT_TRUE(refused.starts_with("HTTP/1.1 400")) << refused.substr(0, 200);
}

// Each file of the pages with its type; the page itself only at the
// pages' addresses (not as a file of /assets/).
TEST_F(WebServer, AssetsAreServedWithTheirTypes) {
  const auto css = client_->Get("/assets/style.css");
  ASSERT_TRUE(css);
  EXPECT_EQ(css->status, 200);
  EXPECT_EQ(css->get_header_value("Content-Type"), "text/css; charset=utf-8");
  const auto js = client_->Get("/assets/app.js");
  ASSERT_TRUE(js);
  EXPECT_EQ(js->get_header_value("Content-Type"), "text/javascript; charset=utf-8");
  const auto page = client_->Get("/assets/index.html");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 404);
  const auto home = client_->Get("/");
  ASSERT_TRUE(home);
  EXPECT_EQ(home->get_header_value("Content-Type"), "text/html; charset=utf-8");
}

// A GET of a view is the rendering the event streams send, byte for byte
// (rendered once a version for every client of that seat).
TEST_F(WebServer, AViewIsRenderedOnceForGetsAndStreams) {
  const json game = create({{"game", "amazons"}, {"params", {{"rows", "30"}, {"cols", "30"}}}});
  const std::string id = game["id"], spectator = game["spectator"];
  const std::string path = "/api/games/" + id + "?token=" + spectator;
  const Reply first = get(path), second = get(path);
  ASSERT_EQ(first.status, 200);
  EXPECT_EQ(first.body, second.body);
  const int fd = open_stream(id, spectator);
  ASSERT_GE(fd, 0);
  std::string got;
  char buffer[1 << 16];
  while (event_blocks(got).size() < 2) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    got.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  const auto blocks = event_blocks(got);
  ASSERT_EQ(blocks.size(), 2u) << got.substr(0, 300);
  EXPECT_EQ(blocks[1][1].second, first.body);
}

// Each query of an ETF game's program is a step kept: a game answers 500,
// then says so; its actions go on.
TEST_F(WebServer, AnEtfGameAnswersSoManyQueries) {
  const json game = create({{"game", "simodyssey"}, {"params", {{"seed", "0"}}}});
  for (int i = 0; i < 500; ++i) ASSERT_EQ(act(game, 0, "status").status, 200) << i;
  const Reply refused = act(game, 0, "status");
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.data["error"],
            "this game has answered 500 queries, the most it answers: its state is on the page");
  EXPECT_EQ(act(game, 0, "pass").status, 200);
}

// The bot bridge lets its program think twice the move's time the server
// suggests, never past the clock; without a clock, the suggestion. (It plays
// each game's turn in a thread of its own: a long think holds up no other.)
TEST(BotBridge, ADecisionHasTwiceTheSuggestedTimeNeverPastTheClock) {
  const auto limit = [](const json& clock) { return web::decision_limit_ms({{"clock", clock}}); };
  EXPECT_EQ(limit({{"move_ms", 1800000}, {"remaining_ms", 36000000}, {"increment_ms", 0}}),
            3600000);
  EXPECT_EQ(limit({{"move_ms", 38000}, {"remaining_ms", 50000}}), 50000);
  EXPECT_EQ(limit({{"move_ms", 2000}}), 2000);
  EXPECT_EQ(web::decision_limit_ms(json::object()), 2000);
  EXPECT_EQ(limit({{"move_ms", -5}, {"remaining_ms", -1}}), 0);
}
