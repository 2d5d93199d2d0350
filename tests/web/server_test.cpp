// The web server's JSON API, spoken to over loopback HTTP as browsers do.
#include "web/server.hpp"

#include <gtest/gtest.h>
#include <httplib.h>

#include <set>
#include <thread>

#include "engine/random.hpp"
#include "games/raiinet/session.hpp"
#include "games/raiinet/setup.hpp"
#include "games/raiinet/state.hpp"
#include "games/registry.hpp"
#include "games/sword-and-shield/session.hpp"

namespace {

using nlohmann::json;

class WebServer : public ::testing::Test {
 public:
  void start(web::Limits limits = {}) {
    web::ServeOptions options;
    options.limits = limits;
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
  for (const games::GameInfo& game : games::all_games()) registered.push_back(game.entry.name);
  EXPECT_EQ(names, registered);  // the registry's games, in its order
  EXPECT_GE(names.size(), 5u);
  const auto sd2 = std::find_if(r.data["games"].begin(), r.data["games"].end(),
                                [](const json& g) { return g["name"] == "space-defender-2"; });
  ASSERT_NE(sd2, r.data["games"].end());
  EXPECT_EQ((*sd2)["title"], "Space Defender 2");
  EXPECT_EQ((*sd2)["params"][0]["name"], "row");
  EXPECT_EQ((*sd2)["params"][0]["default"], "10");
  EXPECT_EQ((*sd2)["console"], true);
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
  EXPECT_EQ(played.data["log"],
            json::array({{{"player", 0}, {"action", "create a 90"}, {"events", json::array()}}}));
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
  const json game = create({{"game", "simodyssey"}});
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
  EXPECT_EQ(v["log"][1]["events"][0].get<std::string>().rfind("player2 places an amazon at ", 0),
            0u);
}

TEST_F(WebServer, KeepsABoundedNumberOfGamesAndDropsIdleOnes) {
  web::Limits limits;
  limits.max_games = 2;
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
  engine::Random rng(11);
  Reply v0 = view(game, 0);
  check(v0);
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
    ++actions;
  }
  EXPECT_TRUE(replica.over());
  EXPECT_EQ(v0.data["observation"], replica.observation(0));
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
      raiinet::Game(first, second, {'L', 'F', 'D', 'S', 'P'}, {'L', 'F', 'D', 'S', 'P'}));
  expect_one_reason(
      *this, create({{"game", "raiinet"}, {"params", {{"seed", 4}}}}),
      std::get<raiinet::State>(made), raiinet_terminal,
      {"move a sideways", "move x up", "move A up", "ability 9 a", "ability 2 a", "ability 4 a b"});
  sas::Session sas_terminal;
  expect_one_reason(*this, create({{"game", "sword-and-shield"}}), sas::State(), sas_terminal,
                    {"move a sideways", "create a 45", "rotate b", "move a up", "react a b",
                     "pass now", "create A 90"});
}

}  // namespace
