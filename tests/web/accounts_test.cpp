// Accounts, sessions, ratings and chat of the web server, spoken to over loopback
// HTTP as browsers do, each "device" with its own cookies.
#include <gtest/gtest.h>
#include <httplib.h>
#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <thread>

#include "web/glicko2.hpp"
#include "web/login_limits.hpp"
#include "web/server.hpp"
#include "web/store.hpp"

namespace {

using nlohmann::json;

// Glickman's worked example ("Example of the Glicko-2 system", 2013): a
// player of 1500 (RD 200, volatility 0.06) beats one of 1400 (RD 30), loses
// to 1550 (RD 100) and to 1700 (RD 300); tau 0.5.
TEST(Glicko2, MatchesGlickmansWorkedExample) {
  const web::glicko2::Rating after = web::glicko2::updated(
      {1500, 200, 0.06},
      {{{1400, 30, 0.06}, 1.0}, {{1550, 100, 0.06}, 0.0}, {{1700, 300, 0.06}, 0.0}});
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
  // A period without games: only the deviation grows, sqrt(phi^2 + sigma^2).
  const web::glicko2::Rating idle = web::glicko2::updated({1500, 200, 0.06}, {});
  EXPECT_DOUBLE_EQ(idle.rating, 1500);
  EXPECT_NEAR(idle.deviation, 200.271, 0.001);
}

class Accounts : public ::testing::Test {
 public:
  // A browser: its cookies, kept as a browser keeps them.
  struct Device {
    Accounts& site;
    std::map<std::string, std::string> cookies;
    std::string address = {};  // the client's, through the trusted proxy (proxied_)

    struct Reply {
      int status = 0;
      json data;
      std::string set_cookie;
    };
    Reply call(const char* method, const std::string& path, const json& body = json::object()) {
      httplib::Headers headers;
      std::string jar;
      for (const auto& [name, value] : cookies)
        jar += (jar.empty() ? "" : "; ") + name + "=" + value;
      if (!jar.empty()) headers.emplace("Cookie", jar);
      if (!address.empty()) headers.emplace("X-Forwarded-For", address);
      auto result =
          std::string(method) == "GET"
              ? site.client_->Get(path.c_str(), headers)
              : site.client_->Post(path.c_str(), headers, body.dump(), "application/json");
      EXPECT_TRUE(result) << path;
      if (!result) return {};
      Reply reply{result->status, json::parse(result->body, nullptr, false), ""};
      if (result->has_header("Set-Cookie")) {
        reply.set_cookie = result->get_header_value("Set-Cookie");
        const std::string pair = reply.set_cookie.substr(0, reply.set_cookie.find(';'));
        const std::string name = pair.substr(0, pair.find('='));
        const std::string value = pair.substr(pair.find('=') + 1);
        if (reply.set_cookie.find("Max-Age=0") != std::string::npos)
          cookies.erase(name);
        else
          cookies[name] = value;
      }
      return reply;
    }
  };

  void SetUp() override {
    char folder[] = "/tmp/gridgames-accounts-test.XXXXXX";
    ASSERT_NE(::mkdtemp(folder), nullptr);
    folder_ = folder;
    start();
  }
  void start() {
    auto opened = web::Store::open(folder_ + "/games.sqlite");
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<web::Store>>(opened));
    web::ServeOptions options;
    options.store = std::move(std::get<std::unique_ptr<web::Store>>(opened));
    // Loopback as a proxy in front: each device may say its own address.
    if (proxied_) options.proxies = {"127.0.0.1"};
    if (storage_kib_ > 0) options.limits.storage_kib_per_day = storage_kib_;
    server_ = std::make_unique<web::Server>(options);
    const int port = server_->bind();
    ASSERT_GT(port, 0);
    thread_ = std::thread([this] { server_->run(); });
    port_ = port;
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port);
  }
  void stop() {
    server_->stop();
    thread_.join();
  }
  void TearDown() override {
    stop();
    std::filesystem::remove_all(folder_);
  }
  // What the store keeps of an account, read beside the server.
  std::optional<std::string> stored_account(const std::string& key) {
    auto opened = web::Store::open(folder_ + "/games.sqlite");
    return std::get<std::unique_ptr<web::Store>>(opened)->record("account", key);
  }

  // The seat of `token` plays its first legal action, then passes (where it
  // can) until the turn passes.
  static void play_a_turn(Device& device, const std::string& id, const json& token) {
    const std::string game = "/api/games/" + id;
    json view = device.call("GET", game + "?token=" + token.get<std::string>()).data;
    const int mover = view["to_move"];
    for (int i = 0; i < 20 && view["to_move"] == mover && !view["legal"].empty(); ++i) {
      const json& legal = view["legal"];
      const bool can_pass = i > 0 && std::find(legal.begin(), legal.end(), "pass") != legal.end();
      const auto done = device.call("POST", game + "/actions",
                                    {{"token", token}, {"action", can_pass ? "pass" : legal[0]}});
      ASSERT_EQ(done.status, 200) << done.data;
      view = device.call("GET", game + "?token=" + token.get<std::string>()).data;
    }
    ASSERT_NE(view["to_move"], mover);
    ASSERT_FALSE(view["over"].get<bool>());
  }

  std::string folder_;
  bool proxied_ = false;
  std::size_t storage_kib_ = 0;  // each client's share of the store a day (0: the default)
  int port_ = 0;
  std::unique_ptr<web::Server> server_;
  std::unique_ptr<httplib::Client> client_;
  std::thread thread_;
};

const json kAda = {{"username", "Ada"}, {"password", "correct horse battery"}};

TEST_F(Accounts, AnAccountIsMadeSignedInToAndFollowsItsOwnerToAnotherDevice) {
  Device laptop{*this, {}}, phone{*this, {}}, stranger{*this, {}};
  // Games played before the account was made come along to it.
  const auto sought = laptop.call("POST", "/api/lobby", {{"game", "sword-and-shield"}});
  ASSERT_EQ(sought.status, 200);
  const auto made = laptop.call("POST", "/api/accounts", kAda);
  ASSERT_EQ(made.status, 201) << made.data;
  EXPECT_EQ(made.data["username"], "Ada");
  EXPECT_TRUE(made.set_cookie.starts_with("gridgames_session="));
  EXPECT_TRUE(made.set_cookie.ends_with("; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax"));
  EXPECT_EQ(laptop.call("GET", "/api/me").data["username"], "Ada");
  EXPECT_EQ(stranger.call("GET", "/api/me").status, 401);
  // One account a name, whatever the case; names and passwords checked.
  EXPECT_EQ(stranger.call("POST", "/api/accounts", {{"username", "ADA"}, {"password", "12345678"}})
                .status,
            409);
  EXPECT_EQ(stranger.call("POST", "/api/accounts", {{"username", "a"}, {"password", "12345678"}})
                .data["error"],
            "a username has 3 to 20 characters");
  EXPECT_EQ(
      stranger.call("POST", "/api/accounts", {{"username", "<b>x</b>"}, {"password", "12345678"}})
          .status,
      400);
  EXPECT_EQ(stranger.call("POST", "/api/accounts", {{"username", "bob"}, {"password", "short"}})
                .data["error"],
            "a password has 8 to 256 characters");
  EXPECT_EQ(stranger.call("POST", "/api/accounts", {{"username", "bob"}}).status, 400);

  // The password is kept as an argon2id hash only.
  const auto record = stored_account("ada");
  ASSERT_TRUE(record);
  EXPECT_EQ(record->find("correct horse"), std::string::npos);
  EXPECT_NE(json::parse(*record)["hash"].get<std::string>().find("$argon2id$"), std::string::npos);

  // The phone signs in (any case of the name) and finds the laptop's game.
  EXPECT_EQ(phone.call("GET", "/api/my-games").data["games"], json::array());
  const auto signed_in =
      phone.call("POST", "/api/login", {{"username", "ada"}, {"password", kAda["password"]}});
  ASSERT_EQ(signed_in.status, 200) << signed_in.data;
  const json games = phone.call("GET", "/api/my-games").data["games"];
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0]["id"], sought.data["id"]);
  EXPECT_EQ(games[0]["token"], sought.data["token"]);
  // Signed out, the phone no longer has them; the laptop still does.
  EXPECT_EQ(phone.call("POST", "/api/logout").status, 200);
  EXPECT_EQ(phone.call("GET", "/api/me").status, 401);
  EXPECT_EQ(phone.call("GET", "/api/my-games").data["games"], json::array());
  EXPECT_EQ(laptop.call("GET", "/api/my-games").data["games"].size(), 1u);

  // The session lasts across a restart.
  stop();
  start();
  EXPECT_EQ(laptop.call("GET", "/api/me").data["username"], "Ada");
}

TEST_F(Accounts, WrongPasswordsAreRefusedThenLimited) {
  Device owner{*this, {}}, guesser{*this, {}};
  ASSERT_EQ(owner.call("POST", "/api/accounts", kAda).status, 201);
  const json wrong = {{"username", "Ada"}, {"password", "wrong guess"}};
  for (int i = 0; i < 5; ++i) {
    const auto refused = guesser.call("POST", "/api/login", wrong);
    EXPECT_EQ(refused.status, 401);
    EXPECT_EQ(refused.data["error"], "wrong username or password");
  }
  // An unknown name gets the same answer as a wrong password.
  EXPECT_EQ(guesser.call("POST", "/api/login", {{"username", "nobody"}, {"password", "x"}}).data,
            json({{"error", "wrong username or password"}}));
  // Five wrong: even the right password waits.
  EXPECT_EQ(guesser.call("POST", "/api/login", kAda).status, 429);
  EXPECT_EQ(guesser.call("GET", "/api/me").status, 401);
  // The owner's session stands.
  EXPECT_EQ(owner.call("GET", "/api/me").status, 200);
}

// Strangers' wrong guesses, from five addresses, six each: each address
// is made to wait; the owner, from its own address, still signs in.
TEST_F(Accounts, StrangersCannotLockTheOwnerOut) {
  stop();
  proxied_ = true;
  start();
  Device owner{*this, {}, "10.0.0.1"};
  ASSERT_EQ(owner.call("POST", "/api/accounts", kAda).status, 201);
  ASSERT_EQ(owner.call("POST", "/api/logout").status, 200);
  const json wrong = {{"username", "ada"}, {"password", "wrong guess"}};
  for (int s = 1; s <= 5; ++s) {
    Device stranger{*this, {}, "10.0.1." + std::to_string(s)};
    for (int i = 0; i < web::LoginLimits::kFreePerAccount; ++i)
      EXPECT_EQ(stranger.call("POST", "/api/login", wrong).status, 401);
    const auto waits = stranger.call("POST", "/api/login", kAda);
    EXPECT_EQ(waits.status, 429);
    EXPECT_EQ(waits.data["error"], "too many wrong passwords from here: try again in 2 seconds");
  }
  const auto signed_in = owner.call("POST", "/api/login", kAda);
  EXPECT_EQ(signed_in.status, 200) << signed_in.data;
  // An IPv6 client is its /64: another address of its block waits too.
  Device six{*this, {}, "2001:db8:1:2::7"}, same_block{*this, {}, "2001:db8:1:2:ffff::9"};
  for (int i = 0; i < web::LoginLimits::kFreePerAccount; ++i)
    EXPECT_EQ(six.call("POST", "/api/login", wrong).status, 401);
  EXPECT_EQ(same_block.call("POST", "/api/login", kAda).status, 429);
}

// A name that is no account's costs the hash a wrong password costs: its
// answer's time tells nothing (the review measured 1-3 ms against 200).
TEST_F(Accounts, AnUnknownNameTakesAsLongAsAWrongPassword) {
  stop();
  proxied_ = true;
  start();
  Device owner{*this, {}, "10.0.0.1"};
  ASSERT_EQ(owner.call("POST", "/api/accounts", kAda).status, 201);
  const auto median_ms = [&](const std::string& name) {
    std::vector<double> times;
    for (int i = 0; i < 5; ++i) {
      Device guesser{
          *this, {}, "10.0.2." + std::to_string(times.size() + (name == "ada" ? 0 : 10))};
      const auto began = std::chrono::steady_clock::now();
      EXPECT_EQ(
          guesser.call("POST", "/api/login", {{"username", name}, {"password", "wrong guess"}})
              .status,
          401);
      times.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
              .count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
  };
  const double known = median_ms("ada"), unknown = median_ms("nobody");
  EXPECT_GT(unknown, 0.5 * known) << "unknown " << unknown << " ms, known " << known << " ms";
  EXPECT_GT(known, 5.0) << "a wrong password costs a hash";
}

// Four clients signing in without pause (right passwords) while another
// reads the lobby: hashing runs beside the event loops, so the lobby's
// answers keep their pace (the review: 0.9 ms alone, 1.2 s median beside
// such a flood when the loops hashed).
TEST_F(Accounts, SignInsNeverHoldUpOtherClients) {
  Device owner{*this, {}};
  ASSERT_EQ(owner.call("POST", "/api/accounts", kAda).status, 201);
  std::atomic<bool> flooding = true;
  std::atomic<int> signed_in = 0;
  std::vector<std::thread> flood;
  // Each client a connection of its own (one httplib client is one at a time).
  for (int t = 0; t < 4; ++t) {
    flood.emplace_back([&] {
      httplib::Client client("127.0.0.1", port_);
      while (flooding) {
        const auto reply = client.Post("/api/login", kAda.dump(), "application/json");
        signed_in += reply && reply->status == 200;
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  std::vector<double> times;
  httplib::Client reader("127.0.0.1", port_);
  for (int i = 0; i < 40; ++i) {
    const auto began = std::chrono::steady_clock::now();
    const auto reply = reader.Get("/api/lobby");
    EXPECT_TRUE(reply && reply->status == 200);
    times.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
            .count());
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  flooding = false;
  for (std::thread& t : flood) t.join();
  std::sort(times.begin(), times.end());
  EXPECT_LT(times[times.size() / 2], 50.0) << "the lobby's median beside the flood";
  EXPECT_GT(signed_in.load(), 4) << "the flood signed in";
}

TEST(LoginLimits, FreeFailuresThenWaitsThatDoubleThenForgotten) {
  web::LoginLimits limits;
  const auto t0 = web::LoginLimits::Clock::now();
  using std::chrono::seconds;
  for (int i = 0; i < web::LoginLimits::kFreePerAccount; ++i) {
    EXPECT_EQ(limits.wait("ada", true, "10.0.0.9", t0), seconds(0));
    limits.failed("ada", true, "10.0.0.9", t0);
  }
  EXPECT_EQ(limits.wait("ada", true, "10.0.0.9", t0), seconds(2));
  EXPECT_EQ(limits.wait("ada", true, "10.0.0.8", t0), seconds(0)) << "another address";
  EXPECT_EQ(limits.wait("bob", true, "10.0.0.9", t0), seconds(0)) << "another account";
  limits.failed("ada", true, "10.0.0.9", t0 + seconds(2));
  EXPECT_EQ(limits.wait("ada", true, "10.0.0.9", t0 + seconds(2)), seconds(4));
  EXPECT_EQ(limits.wait("ada", true, "10.0.0.9", t0 + seconds(6)), seconds(0));
  // The right password forgets the account's failures from that address.
  limits.succeeded("ada", "10.0.0.9");
  EXPECT_EQ(limits.wait("ada", true, "10.0.0.9", t0 + seconds(6)), seconds(0));
  // Many accounts from one address: its own limit.
  for (int i = 0; i < web::LoginLimits::kFreePerAddress; ++i)
    limits.failed("name" + std::to_string(i), false, "10.0.0.7", t0);
  EXPECT_EQ(limits.wait("anyone", false, "10.0.0.7", t0), seconds(2));
  // Waits never pass 15 minutes, and 15 minutes without a failure forget.
  for (int i = 0; i < 40; ++i) limits.failed("ada", true, "10.0.0.5", t0);
  EXPECT_EQ(limits.wait("ada", true, "10.0.0.5", t0), std::chrono::minutes(15));
  EXPECT_EQ(limits.wait("ada", true, "10.0.0.5", t0 + std::chrono::minutes(16)), seconds(0));
}

// The review's flood: 105,000 failed sign-ins of made-up names from 5,000
// addresses, after an account was guessed at from one address until it
// waited. The wait stands: the flood can push out only made-up names.
TEST(LoginLimits, AFloodOfMadeUpNamesForgetsNoAccountsFailures) {
  web::LoginLimits limits(100000);
  const auto t0 = web::LoginLimits::Clock::now();
  using std::chrono::microseconds;
  for (int i = 0; i < web::LoginLimits::kFreePerAccount; ++i)
    limits.failed("victim", true, "192.0.2.1", t0);
  for (int i = 0; i < 105000; ++i) {
    const std::string address =
        "198.51." + std::to_string(i % 5000 / 256) + "." + std::to_string(i % 256);
    limits.failed("made-up-" + std::to_string(i), false, address, t0 + microseconds(i));
  }
  // Still waiting out its 2 s after the flood's 0.1 s...
  const auto after = t0 + microseconds(105000);
  EXPECT_GT(limits.wait("victim", true, "192.0.2.1", after), std::chrono::milliseconds(1800));
  // ... and its failures remembered: the next wrong guess waits twice as long.
  limits.failed("victim", true, "192.0.2.1", after + std::chrono::seconds(2));
  EXPECT_EQ(limits.wait("victim", true, "192.0.2.1", after + std::chrono::seconds(2)),
            std::chrono::seconds(4));
}

TEST(LoginLimits, AClientIsItsIPv4AddressOrItsIPv6Block) {
  EXPECT_EQ(web::LoginLimits::client_block("192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(web::LoginLimits::client_block("2001:db8:1:2::7"), "2001:0db8:0001:0002::/64");
  EXPECT_EQ(web::LoginLimits::client_block("::ffff:192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(web::LoginLimits::client_block("not an address"), "not an address");
}

TEST_F(Accounts, ADeletedAccountTakesItsDataAndNoOldSessionOpensANewOneOfItsName) {
  Device laptop{*this, {}}, phone{*this, {}};
  ASSERT_EQ(laptop.call("POST", "/api/accounts", kAda).status, 201);
  ASSERT_EQ(phone.call("POST", "/api/login", kAda).status, 200);
  ASSERT_EQ(laptop.call("POST", "/api/lobby", {{"game", "raiinet"}}).status, 200);
  EXPECT_EQ(laptop.call("POST", "/api/me/delete", {{"password", "wrong guess"}}).status, 401);
  const auto deleted = laptop.call("POST", "/api/me/delete", {{"password", kAda["password"]}});
  EXPECT_EQ(deleted.status, 200) << deleted.data;
  EXPECT_FALSE(stored_account("ada"));
  EXPECT_EQ(laptop.call("GET", "/api/me").status, 401);
  EXPECT_EQ(phone.call("POST", "/api/login", kAda).status, 401);
  // Somebody else takes the name: the phone's old session is not theirs.
  Device other{*this, {}};
  ASSERT_EQ(other.call("POST", "/api/accounts", kAda).status, 201);
  EXPECT_EQ(phone.call("GET", "/api/me").status, 401);
  EXPECT_EQ(other.call("GET", "/api/my-games").data["games"], json::array());
}

// A rated seek between two accounts, resigned: both ratings are Glicko-2's
// from 1500 (RD 350) each, and shown in the lobby, the view and the table.
TEST_F(Accounts, ARatedGameUpdatesBothRatingsByGlicko2) {
  Device ada{*this, {}}, bob{*this, {}}, guest{*this, {}};
  ASSERT_EQ(ada.call("POST", "/api/accounts", kAda).status, 201);
  ASSERT_EQ(
      bob.call("POST", "/api/accounts", {{"username", "bob"}, {"password", "12345678"}}).status,
      201);
  const json rated_seek = {{"game", "sword-and-shield"}, {"rated", true}};
  EXPECT_EQ(guest.call("POST", "/api/lobby", rated_seek).status, 403);
  EXPECT_EQ(guest.call("POST", "/api/lobby", {{"game", "sword-and-shield"}, {"rated", 1}}).status,
            400);
  EXPECT_EQ(ada.call("POST", "/api/lobby", {{"game", "simodyssey"}, {"rated", true}}).status, 400);
  const auto sought = ada.call("POST", "/api/lobby", rated_seek);
  ASSERT_EQ(sought.status, 200) << sought.data;
  const std::string id = sought.data["id"];
  const json seek = guest.call("GET", "/api/lobby").data["seeks"][0];
  EXPECT_EQ(seek["by"], "Ada");
  EXPECT_EQ(seek["rating"], 1500);
  EXPECT_EQ(seek["rated"], true);
  EXPECT_EQ(guest.call("POST", "/api/lobby/" + id + "/join").status, 403);
  const auto joined = bob.call("POST", "/api/lobby/" + id + "/join");
  ASSERT_EQ(joined.status, 200) << joined.data;
  const json view =
      bob.call("GET", "/api/games/" + id + "?token=" + joined.data["token"].get<std::string>())
          .data;
  EXPECT_EQ(view["rated"], true);
  EXPECT_EQ(view["seats"][0]["account"], "Ada");
  EXPECT_EQ(view["seats"][1]["account"], "bob");
  // Both play (a game resigned before that is aborted, unrated), then Bob resigns.
  play_a_turn(ada, id, sought.data["token"]);
  play_a_turn(bob, id, joined.data["token"]);
  ASSERT_EQ(
      bob.call("POST", "/api/games/" + id + "/resign", {{"token", joined.data["token"]}}).status,
      200);

  const web::glicko2::Rating fresh{1500, 350, 0.06};
  const auto winner = web::glicko2::updated(fresh, {{fresh, 1.0}});
  const auto loser = web::glicko2::updated(fresh, {{fresh, 0.0}});
  const json table = guest.call("GET", "/api/ratings/sword-and-shield").data;
  ASSERT_EQ(table["players"].size(), 2u) << table;
  EXPECT_EQ(table["players"][0], json({{"username", "Ada"},
                                       {"rating", std::lround(winner.rating)},
                                       {"rd", std::lround(winner.deviation)},
                                       {"games", 1}}));
  EXPECT_EQ(table["players"][1], json({{"username", "bob"},
                                       {"rating", std::lround(loser.rating)},
                                       {"rd", std::lround(loser.deviation)},
                                       {"games", 1}}));
  EXPECT_EQ(std::lround(winner.rating), 1662);
  const json listed = ada.call("GET", "/api/my-games").data["games"][0];
  EXPECT_EQ(listed["rated"], true);
  EXPECT_EQ(
      listed["opponents"],
      json::array({{{"player", 1}, {"account", "bob"}, {"rating", std::lround(loser.rating)}}}));
  const json me = ada.call("GET", "/api/me").data;
  EXPECT_EQ(me["ratings"][0]["game"], "sword-and-shield");
  EXPECT_EQ(me["ratings"][0]["rating"], std::lround(winner.rating));
  const json after =
      ada.call("GET", "/api/games/" + id + "?token=" + sought.data["token"].get<std::string>())
          .data;
  EXPECT_EQ(after["seats"][0]["rating"], std::lround(winner.rating));
  EXPECT_EQ(guest.call("GET", "/api/ratings/nonsense").status, 404);
  EXPECT_EQ(guest.call("GET", "/api/ratings/amazons").data["players"], json::array());
  // The rating is kept: a restart reads it back.
  stop();
  start();
  EXPECT_EQ(guest.call("GET", "/api/ratings/sword-and-shield").data, table);
}

// The players' room and the spectators' are apart; lines are limited in
// length and rate, kept across a restart, signed with the account's name
// when signed in, and a seat can mute the other.
TEST_F(Accounts, ChatHasARoomForPlayersAndOneForSpectators) {
  Device ada{*this, {}}, guest{*this, {}};
  ASSERT_EQ(ada.call("POST", "/api/accounts", kAda).status, 201);
  const auto made = guest.call("POST", "/api/games", {{"game", "sword-and-shield"}});
  ASSERT_EQ(made.status, 200);
  const std::string game = "/api/games/" + made.data["id"].get<std::string>();
  const json yellow = made.data["seats"][0]["token"], green = made.data["seats"][1]["token"];
  const std::string watcher = made.data["spectator"];
  const auto say = [&](Device& device, const json& token, const std::string& text) {
    return device.call("POST", game + "/chat", {{"token", token}, {"text", text}});
  };
  const auto lines = [&](const json& token) {
    return guest.call("GET", game + "?token=" + token.get<std::string>()).data["chat"]["lines"];
  };
  const auto version = [&] {
    return guest.call("GET", game + "?token=" + watcher).data["version"].get<int>();
  };

  const int before = version();
  ASSERT_EQ(say(guest, yellow, "<b>hello</b> & good luck").status, 200);
  EXPECT_GT(version(), before);  // every page of the game hears of it
  ASSERT_EQ(say(ada, green, "thanks").status, 200);
  const json seen = lines(green);
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0]["from"], "Yellow");
  EXPECT_EQ(seen[0]["player"], 0);
  EXPECT_EQ(seen[0]["text"], "<b>hello</b> & good luck");  // as written: pages show it as text
  EXPECT_EQ(seen[1]["from"], "Ada (Green)");               // an account with its seat's name
  EXPECT_EQ(lines(watcher), json::array());
  ASSERT_EQ(say(guest, watcher, "nice opening").status, 200);
  EXPECT_EQ(lines(watcher)[0]["from"], "a spectator");
  EXPECT_EQ(lines(watcher)[0]["player"], -1);
  EXPECT_EQ(lines(yellow).size(), 2u);

  // Limits: 500 characters (not bytes), one line of UTF-8 text.
  std::string longest;
  for (int i = 0; i < 500; ++i) longest += "\xc3\xa9";
  EXPECT_EQ(say(guest, green, longest).status, 200);
  EXPECT_EQ(say(guest, green, longest + "e").status, 413);
  const std::string bad_bytes =
      R"({"token": ")" + green.get<std::string>() + "\", \"text\": \"bad \xff byte\"}";
  EXPECT_EQ(client_->Post((game + "/chat").c_str(), bad_bytes, "application/json")->status, 400);
  EXPECT_EQ(say(guest, green, "two\nlines").status, 400);
  // Line separators, C1 controls and the marks that reorder text (bidi
  // spoofing) are refused too.
  for (const char* hidden :
       {"\u2028", "\u2029", "\u202e", "\u202a", "\u2066", "\u200f", "\u061c", "\u0085"}) {
    const auto refused = say(guest, green, std::string("tricky ") + hidden + " line");
    EXPECT_EQ(refused.status, 400) << hidden;
    EXPECT_EQ(refused.data["error"],
              "a chat line is one line, without control characters, line separators or marks "
              "that reorder text");
  }
  EXPECT_EQ(say(guest, green, "\u05e9\u05dc\u05d5\u05dd, caf\u00e9").status, 200)
      << "right-to-left letters themselves are welcome";
  EXPECT_EQ(say(guest, green, "   ").status, 400);
  EXPECT_EQ(guest.call("POST", game + "/chat", {{"token", green}}).status, 400);
  EXPECT_EQ(say(guest, "0123", "who?").status, 403);
  // Five lines in ten seconds from a seat, then it waits; the other seat does not.
  for (int i = 0; i < 2; ++i) EXPECT_EQ(say(guest, green, "line " + std::to_string(i)).status, 200);
  EXPECT_EQ(say(guest, green, "one too many").status, 429);
  EXPECT_EQ(say(guest, yellow, "still here").status, 200);

  // Green mutes Yellow: its view leaves Yellow's lines out, until unmuted.
  const auto mute = [&](bool muted) {
    return guest.call("POST", game + "/mute", {{"token", green}, {"player", 0}, {"muted", muted}});
  };
  ASSERT_EQ(mute(true).status, 200);
  for (const json& line : lines(green)) EXPECT_NE(line["player"], 0) << line;
  EXPECT_EQ(lines(yellow).back()["text"], "still here");
  EXPECT_EQ(guest.call("POST", game + "/mute", {{"token", green}, {"player", 1}}).status, 400);
  EXPECT_EQ(guest.call("POST", game + "/mute", {{"token", watcher}, {"player", 0}}).status, 403);

  // Across a restart: the lines and the mute.
  const json kept = lines(green);
  stop();
  start();
  EXPECT_EQ(lines(green), kept);
  ASSERT_EQ(mute(false).status, 200);
  EXPECT_EQ(lines(green).back()["text"], "still here");
}

// The review's flood: chat lines into finished games, 6.3 MB a minute. A
// finished game's chat is read-only now; in games in play each client's
// lines and games count against its share of the store (here 64 KiB a
// day), and past it every write is refused with a clear message. The
// database grows by less than a megabyte.
TEST_F(Accounts, ChatIsReadOnlyOnceOverAndEveryClientHasAShareOfTheStore) {
  stop();
  storage_kib_ = 64;
  start();
  const auto database_bytes = [&] {
    std::uintmax_t bytes = 0;
    for (const auto& file : std::filesystem::directory_iterator(folder_))
      bytes += file.is_regular_file() ? file.file_size() : 0;
    return bytes;
  };
  Device guest{*this, {}};
  const auto made = guest.call("POST", "/api/games", {{"game", "sword-and-shield"}});
  ASSERT_EQ(made.status, 200);
  const std::string game = "/api/games/" + made.data["id"].get<std::string>();
  const json yellow = made.data["seats"][0]["token"];
  ASSERT_EQ(guest.call("POST", game + "/resign", {{"token", yellow}}).status, 200);
  const std::uintmax_t before = database_bytes();
  const std::string line(400, 'x');
  for (int i = 0; i < 200; ++i) {
    const auto refused = guest.call("POST", game + "/chat", {{"token", yellow}, {"text", line}});
    ASSERT_EQ(refused.status, 409);
    ASSERT_EQ(refused.data["error"], "this game is over: its chat is read-only");
  }
  // In games in play: lines (five a seat at once) and games until the share is spent.
  std::string refusal;
  for (int g = 0; g < 40 && refusal.empty(); ++g) {
    const auto next = guest.call("POST", "/api/games", {{"game", "sword-and-shield"}});
    if (next.status != 200) {
      refusal = next.data.value("error", "");
      break;
    }
    const std::string id = "/api/games/" + next.data["id"].get<std::string>();
    for (int seat = 0; seat < 2 && refusal.empty(); ++seat) {
      for (int i = 0; i < 5 && refusal.empty(); ++i) {
        const auto said = guest.call(
            "POST", id + "/chat", {{"token", next.data["seats"][seat]["token"]}, {"text", line}});
        if (said.status != 200) refusal = said.data.value("error", "");
      }
    }
  }
  EXPECT_EQ(refusal,
            "your address has used its share of this site's storage for today (64 KiB a day): it "
            "refills over the day; try again later");
  EXPECT_LT(database_bytes() - before, 1u << 20);
}

// The review's farm: an account's rated games against its own bot, the bot
// resigning before a move, 30 times (1500 to 2017). A rated challenge to
// one's own bot is refused; one's bot cannot join one's rated seek; and a
// rated game resigned before both sides played is aborted: no rating moves.
TEST_F(Accounts, RatingsCannotBeFarmed) {
  Device ada{*this, {}}, bob{*this, {}}, guest{*this, {}};
  ASSERT_EQ(ada.call("POST", "/api/accounts", kAda).status, 201);
  ASSERT_EQ(
      bob.call("POST", "/api/accounts", {{"username", "bob"}, {"password", "12345678"}}).status,
      201);
  const auto made = ada.call("POST", "/api/bots", {{"name", "ada-bot"}});
  ASSERT_EQ(made.status, 201) << made.data;
  const std::string bot_token = made.data["token"];
  const auto challenge =
      ada.call("POST", "/api/lobby",
               {{"game", "sword-and-shield"}, {"rated", true}, {"opponent", "ada-bot"}});
  EXPECT_EQ(challenge.status, 409);
  EXPECT_EQ(challenge.data["error"],
            "a game between an account and its own bot is never rated: challenge it without "
            "\"rated\"");
  // The bot at the owner's open rated seek.
  const auto sought =
      ada.call("POST", "/api/lobby", {{"game", "sword-and-shield"}, {"rated", true}});
  ASSERT_EQ(sought.status, 200);
  const std::string id = sought.data["id"];
  httplib::Headers as_bot = {{"Authorization", "Bearer " + bot_token}};
  const auto bot_join =
      client_->Post(("/api/lobby/" + id + "/join").c_str(), as_bot, "{}", "application/json");
  ASSERT_TRUE(bot_join);
  EXPECT_EQ(bot_join->status, 409) << bot_join->body;
  // Another account joins, and resigns before anybody moved: aborted, unrated.
  const auto joined = bob.call("POST", "/api/lobby/" + id + "/join");
  ASSERT_EQ(joined.status, 200) << joined.data;
  ASSERT_EQ(
      bob.call("POST", "/api/games/" + id + "/resign", {{"token", joined.data["token"]}}).status,
      200);
  EXPECT_EQ(guest.call("GET", "/api/ratings/sword-and-shield").data["players"], json::array());
  // One move each, then the resignation counts.
  const auto again =
      ada.call("POST", "/api/lobby", {{"game", "sword-and-shield"}, {"rated", true}});
  const std::string second = again.data["id"];
  const auto rejoined = bob.call("POST", "/api/lobby/" + second + "/join");
  ASSERT_EQ(rejoined.status, 200);
  play_a_turn(ada, second, again.data["token"]);
  EXPECT_EQ(
      bob.call("POST", "/api/games/" + second + "/resign", {{"token", rejoined.data["token"]}})
          .status,
      200);
  EXPECT_EQ(guest.call("GET", "/api/ratings/sword-and-shield").data["players"], json::array())
      << "only one side played";
}

// Names that pass for a seat's: every game's sides, Player 1 to 8 and the
// spectators, in any case and with any separators, are refused; others,
// even close ones, are not.
TEST_F(Accounts, NoAccountTakesASeatsName) {
  Device someone{*this, {}};
  for (const char* seat : {"Yellow", "green", "GREEN", "Player1", "player-1", "Player_8",
                           "spectator", "a-spectator"}) {
    const auto refused =
        someone.call("POST", "/api/accounts", {{"username", seat}, {"password", "12345678"}});
    EXPECT_EQ(refused.status, 400) << seat;
    EXPECT_EQ(refused.data["error"],
              std::string("\"") + seat +
                  "\" is the name of a seat (a side of a game, or Player N): "
                  "choose another");
  }
  EXPECT_EQ(
      someone.call("POST", "/api/accounts", {{"username", "Greenfield"}, {"password", "12345678"}})
          .status,
      201);
}

}  // namespace

// Courses (docs/courses.md): made by an account that teaches it, joined by
// students with its code, staff added by staff; each sees its role's part.
TEST_F(Accounts, CoursesAreMadeJoinedWithTheirCodeAndSeenAsEachRoleMay) {
  Device ada{*this, {}}, bob{*this, {}}, cyd{*this, {}}, guest{*this, {}};
  ASSERT_EQ(ada.call("POST", "/api/accounts", kAda).status, 201);
  ASSERT_EQ(bob.call("POST", "/api/accounts", {{"username", "bob"}, {"password", "bob's password"}})
                .status,
            201);
  ASSERT_EQ(cyd.call("POST", "/api/accounts", {{"username", "cyd"}, {"password", "cyd's password"}})
                .status,
            201);
  // Every route asks who is calling.
  EXPECT_EQ(guest.call("GET", "/api/courses").status, 401);
  EXPECT_EQ(guest.call("POST", "/api/courses", {{"name", "EECS 3311"}}).status, 401);
  // A course is made by its teacher; its name is checked.
  EXPECT_EQ(ada.call("POST", "/api/courses", {{"name", " "}}).status, 400);
  EXPECT_EQ(ada.call("POST", "/api/courses", {{"name", std::string(81, 'x')}}).status, 400);
  const auto made = ada.call("POST", "/api/courses", {{"name", "EECS 3311"}});
  ASSERT_EQ(made.status, 201) << made.data;
  const std::string id = made.data["id"], code = made.data["join_code"];
  const std::string course = "/api/courses/" + id;
  EXPECT_EQ(id.size(), 12u);
  EXPECT_EQ(code.size(), 8u);
  EXPECT_EQ(guest.call("GET", course).status, 401);
  // Strangers see nothing of it, and cannot tell it from no course.
  EXPECT_EQ(bob.call("GET", course).status, 404);
  EXPECT_EQ(bob.call("GET", "/api/courses/0123456789ab").status, 404);
  EXPECT_EQ(bob.call("GET", "/api/courses").data, json::array());
  EXPECT_EQ(bob.call("POST", course + "/staff", {{"username", "bob"}}).status, 404);
  // A wrong code is refused as a course that is not there.
  const auto wrong = bob.call("POST", course + "/join", {{"code", "00000000"}});
  EXPECT_EQ(wrong.status, 404);
  EXPECT_EQ(wrong.data["error"], "no course " + id + " with that code");
  EXPECT_EQ(bob.call("POST", course + "/join").status, 404);
  // Students join with the code, once each.
  for (int again = 0; again < 2; ++again) {
    const auto joined = bob.call("POST", course + "/join", {{"code", code}});
    ASSERT_EQ(joined.status, 200) << joined.data;
    EXPECT_EQ(joined.data["role"], "student");
  }
  ASSERT_EQ(cyd.call("POST", course + "/join", {{"code", code}}).status, 200);
  // A student sees the course and its role, not its code or its members.
  EXPECT_EQ(bob.call("GET", course).data,
            (json{{"id", id}, {"name", "EECS 3311"}, {"role", "student"}}));
  EXPECT_EQ(bob.call("GET", "/api/courses").data,
            (json::array({{{"id", id}, {"name", "EECS 3311"}, {"role", "student"}}})));
  const auto student_adds = bob.call("POST", course + "/staff", {{"username", "bob"}});
  EXPECT_EQ(student_adds.status, 403);
  EXPECT_EQ(student_adds.data["error"], "only the course's staff add staff");
  // The staff see everything; the teacher joining is still staff.
  const json seen = ada.call("GET", course).data;
  EXPECT_EQ(seen["role"], "staff");
  EXPECT_EQ(seen["join_code"], code);
  EXPECT_EQ(seen["staff"], json::array({"ada"}));
  EXPECT_EQ(seen["students"], json::array({"bob", "cyd"}));
  EXPECT_EQ(ada.call("POST", course + "/join", {{"code", code}}).data["role"], "staff");
  // Staff add staff (a student made staff leaves the students); no one
  // unknown can be added.
  EXPECT_EQ(ada.call("POST", course + "/staff", {{"username", "nobody"}}).status, 404);
  const auto added = ada.call("POST", course + "/staff", {{"username", "BOB"}});
  ASSERT_EQ(added.status, 200) << added.data;
  const json after = bob.call("GET", course).data;
  EXPECT_EQ(after["role"], "staff");
  EXPECT_EQ(after["staff"], json::array({"ada", "bob"}));
  EXPECT_EQ(after["students"], json::array({"cyd"}));
  // Methods and routes that are not there.
  EXPECT_EQ(ada.call("GET", course + "/join").status, 405);
  EXPECT_EQ(ada.call("POST", course).status, 405);
  EXPECT_EQ(ada.call("GET", course + "/nonesuch").status, 404);
  EXPECT_EQ(ada.call("GET", "/api/courses/NOT-AN-ID").status, 404);
  // Kept across a restart.
  stop();
  start();
  EXPECT_EQ(cyd.call("GET", course).data["role"], "student");
  EXPECT_EQ(ada.call("GET", "/api/courses").data.size(), 1u);
}
