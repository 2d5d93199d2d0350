// Two web::Matches on one store that says it is shared, as two servers on
// one PostgreSQL database are, with the news between them delivered by the
// test when it chooses (tests/web/shared_db_test.py runs the real thing):
// a step of one is taken by the other when it hears of it, or when a seat
// acts through it first; a step the other wrote first is taken and the
// request tried again; a bot's turn the other gave is played here when the
// other stays silent; seeks, seats held and quotas are the store's.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <thread>

#include "web/matches.hpp"
#include "web/ratings.hpp"

namespace {

using nlohmann::json;

// A server's door to the shared database: every call to the one store,
// news delivered by tell(), and a hook run once before the next step.
class SharedStore final : public web::Store {
 public:
  explicit SharedStore(std::shared_ptr<web::Store> db) : db_(std::move(db)) {}

  bool add_game(const web::StoredGame& g) override { return db_->add_game(g); }
  web::Written add_step(const std::string& id, const web::StoredStep& s) override {
    if (auto hook = std::exchange(before_step, nullptr)) hook();
    return db_->add_step(id, s);
  }
  bool remove_step(const std::string& id, std::int64_t seq) override {
    return db_->remove_step(id, seq);
  }
  bool finish(const std::string& id, std::int64_t at) override { return db_->finish(id, at); }
  std::vector<std::string> finished_before(std::int64_t at, std::size_t n) const override {
    return db_->finished_before(at, n);
  }
  bool remove_game(const std::string& id) override { return db_->remove_game(id); }
  bool hold(const web::StoredHolding& h) override { return db_->hold(h); }
  bool archive(const std::string& who, const std::string& id) override {
    return db_->archive(who, id);
  }
  std::vector<web::StoredHolding> holdings_of(const std::string& who) const override {
    return db_->holdings_of(who);
  }
  std::size_t in_play_by(const std::string& address, std::int64_t since) const override {
    return db_->in_play_by(address, since);
  }
  std::vector<std::string> seeks(std::size_t n) const override { return db_->seeks(n); }
  bool close_seek(const std::string& id) override { return db_->close_seek(id); }
  std::vector<web::StoredGame> recent(std::size_t n) const override { return db_->recent(n); }
  std::optional<web::StoredGame> load(const std::string& id) const override {
    return db_->load(id);
  }
  std::vector<web::StoredStep> steps_from(const std::string& id, std::int64_t seq) const override {
    return db_->steps_from(id, seq);
  }
  std::string secret_key() override { return db_->secret_key(); }
  bool forget_holdings(const std::string& who) override { return db_->forget_holdings(who); }
  web::Written put_record(const std::string& kind, const std::string& key, const std::string& value,
                          bool only_new) override {
    if (auto hook = std::exchange(before_record_write, nullptr)) hook();
    return db_->put_record(kind, key, value, only_new);
  }
  std::optional<std::string> record(const std::string& kind,
                                    const std::string& key) const override {
    return db_->record(kind, key);
  }
  bool replace_record(const std::string& kind, const std::string& key, const std::string& expected,
                      const std::string& value) override {
    if (auto hook = std::exchange(before_record_write, nullptr)) hook();
    return db_->replace_record(kind, key, expected, value);
  }
  bool remove_record(const std::string& kind, const std::string& key) override {
    return db_->remove_record(kind, key);
  }
  std::vector<std::pair<std::string, std::string>> records(const std::string& kind) const override {
    return db_->records(kind);
  }
  bool shared() const override { return true; }
  void on_news(std::function<void(const std::string&)> news) override { news_ = std::move(news); }

  void tell(const std::string& id) { news_(id); }
  std::function<void()> before_step;
  std::function<void()> before_record_write;  // run once before the next write of a record

 private:
  std::shared_ptr<web::Store> db_;
  std::function<void(const std::string&)> news_;
};

class SharedGames : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("shared-store-test-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(folder_);
    auto opened = web::Store::open((folder_ / "games.sqlite").string());
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<web::Store>>(opened));
    db_ = std::move(std::get<std::unique_ptr<web::Store>>(opened));
  }
  void TearDown() override {
    second_.reset();
    first_.reset();
    db_.reset();
    std::filesystem::remove_all(folder_);
  }
  // The two servers, with these limits each.
  void start(web::Limits one = {}, web::Limits two = {}) {
    door_one_ = std::make_unique<SharedStore>(db_);
    door_two_ = std::make_unique<SharedStore>(db_);
    first_ = std::make_unique<web::Matches>(one, door_one_.get());
    second_ = std::make_unique<web::Matches>(two, door_two_.get());
  }
  static json ok(const web::Answer<json>& answer) {
    if (const auto* refused = std::get_if<web::Refusal>(&answer))
      ADD_FAILURE() << refused->status << " " << refused->reason;
    return std::holds_alternative<json>(answer) ? std::get<json>(answer) : json();
  }
  static json classic(web::Matches& on, json seats = {"human", "human"}) {
    return ok(on.create(
        {{"game", "amazons"}, {"params", {{"rules", "standard"}}}, {"seats", seats}}, "10.0.0.1"));
  }
  static std::string token(const json& game, int player) {
    return game["seats"][static_cast<std::size_t>(player)]["token"];
  }
  // The seat's first legal action, played on `on`.
  static json first_legal(web::Matches& on, const json& game, int player) {
    const json mine = ok(on.view(game["id"], token(game, player)));
    return ok(on.act(game["id"], token(game, player), mine["legal"][0].get<std::string>()));
  }
  // Every seat's view and the spectators' agree on the two servers.
  void expect_same(const json& game) {
    for (int p = 0; p < 2; ++p)
      EXPECT_EQ(ok(first_->view(game["id"], token(game, p))),
                ok(second_->view(game["id"], token(game, p))));
    EXPECT_EQ(ok(first_->view(game["id"], game["spectator"])),
              ok(second_->view(game["id"], game["spectator"])));
  }

  std::filesystem::path folder_;
  std::shared_ptr<web::Store> db_;
  std::unique_ptr<SharedStore> door_one_, door_two_;
  std::unique_ptr<web::Matches> first_, second_;
};

TEST_F(SharedGames, AStepOfOneServerIsTakenByTheOtherWhenItHearsOfIt) {
  start();
  const json game = classic(*first_);
  const std::uint64_t before = ok(second_->view(game["id"], game["spectator"]))["version"];
  const json moved = first_legal(*first_, game, 0);
  EXPECT_EQ(ok(second_->view(game["id"], game["spectator"]))["version"], before);  // not heard yet
  door_two_->tell(game["id"]);
  EXPECT_EQ(ok(second_->view(game["id"], game["spectator"]))["version"], moved["version"]);
  expect_same(game);
  // News of everything takes every game up to date.
  first_legal(*first_, game, 0);  // the shot
  door_two_->tell("");
  expect_same(game);
}

TEST_F(SharedGames, ASeatActingThroughAServerThatHasNotHeardYetIsCaughtUpFirst) {
  start();
  const json game = classic(*first_);
  ok(second_->view(game["id"], game["spectator"]));
  first_legal(*first_, game, 0);  // the move and the shot, never told to the second
  first_legal(*first_, game, 0);
  // What player 2's page shows (through the first server), played through
  // the second.
  const json shown = ok(first_->view(game["id"], token(game, 1)));
  const json answered =
      ok(second_->act(game["id"], token(game, 1), shown["legal"][0].get<std::string>()));
  EXPECT_EQ(answered["player"], 1);
  EXPECT_EQ(answered["version"], shown["version"].get<std::uint64_t>() + 1);
  door_one_->tell(game["id"]);
  expect_same(game);
  EXPECT_EQ(db_->steps_from(game["id"], 0).size(), 3u);
}

TEST_F(SharedGames, AStepTheOtherServerWroteFirstIsTakenAndTheRequestTriedAgain) {
  start();
  const json game = classic(*first_);
  ok(second_->view(game["id"], game["spectator"]));
  // Between the second's catching up and its write, the first writes a
  // step of that number: player 1 offers a draw as player 2 resigns.
  door_two_->before_step = [&] { ok(first_->draw(game["id"], token(game, 0))); };
  const json resigned = ok(second_->resign(game["id"], token(game, 1)));
  EXPECT_TRUE(resigned["over"]);
  EXPECT_EQ(resigned["ended_by"], "resignation");
  const auto steps = db_->steps_from(game["id"], 0);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].kind, "draw");
  EXPECT_EQ(steps[1].kind, "resign");
  EXPECT_EQ(steps[1].seq, steps[0].seq + 1);
  door_one_->tell(game["id"]);
  expect_same(game);
}

TEST_F(SharedGames, ABotsTurnAnotherServerGaveIsPlayedHereWhenThatServerIsSilent) {
  web::Limits quick;
  quick.bot_time_ms = 50;  // the grace: 3 x 50 ms and 2 s after the last step
  start({}, quick);
  const json game = classic(*second_, {"human", "uct"});
  // The human's move and shot, written by a server that then went silent
  // (straight into the database: no bot of its own ever plays).
  const json mine = ok(second_->view(game["id"], token(game, 0)));
  auto trial = ok(second_->preview(game["id"], token(game, 0), {mine["legal"][0]}));
  const std::string move = mine["legal"][0], shot = trial["legal"][0];
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  ASSERT_EQ(db_->add_step(game["id"], {0, "play", 0, move, now}), web::Written::Kept);
  ASSERT_EQ(db_->add_step(game["id"], {1, "play", 0, shot, now}), web::Written::Kept);
  door_two_->tell(game["id"]);
  const std::uint64_t heard = ok(second_->view(game["id"], game["spectator"]))["version"];
  EXPECT_EQ(ok(second_->view(game["id"], game["spectator"]))["to_move"], 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  EXPECT_EQ(ok(second_->view(game["id"], game["spectator"]))["version"], heard)
      << "the bot played before the other server's grace was over";
  std::uint64_t version = heard;
  for (int i = 0; i < 100 && version < heard + 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    version = ok(second_->view(game["id"], game["spectator"]))["version"];
  }
  EXPECT_EQ(version, heard + 2) << "the bot's move and shot were not played here";
  EXPECT_EQ(db_->steps_from(game["id"], 0).size(), 4u);
}

TEST_F(SharedGames, SeeksSeatsHeldAndQuotasAreTheStores) {
  web::Limits two_each;
  two_each.games_per_address = 2;
  start(two_each, two_each);
  const json seek =
      ok(first_->seek({{"game", "amazons"}, {"params", {{"rules", "standard"}}}}, "10.0.0.2", "x"));
  const json lobby = second_->lobby();
  ASSERT_EQ(lobby["seeks"].size(), 1u);
  EXPECT_EQ(lobby["seeks"][0]["id"], seek["id"]);
  const json joined = ok(second_->join(seek["id"], "y"));
  EXPECT_EQ(joined["player"], 1);
  EXPECT_EQ(first_->lobby()["seeks"].size(), 0u);  // full: gone from every lobby
  door_one_->tell(seek["id"]);
  EXPECT_FALSE(ok(first_->view(seek["id"], seek["token"])).contains("waiting_for"));
  const json mine = first_->my_games("y");
  ASSERT_EQ(mine["games"].size(), 1u);
  EXPECT_EQ(mine["games"][0]["player"], 1);
  EXPECT_EQ(second_->my_games("x")["games"][0]["id"], seek["id"]);
  // The seek is one of 10.0.0.2's two games; one more on the second server,
  // then none on either.
  ok(second_->create({{"game", "sword-and-shield"}}, "10.0.0.2"));
  for (web::Matches* on : {first_.get(), second_.get()}) {
    const auto refused = on->create({{"game", "sword-and-shield"}}, "10.0.0.2");
    ASSERT_TRUE(std::holds_alternative<web::Refusal>(refused));
    EXPECT_EQ(std::get<web::Refusal>(refused).status, 429);
  }
}

}  // namespace

// Two servers rate games of one player at once: the one that writes second
// finds the other's rating there and rates on from it, not over it.
TEST_F(SharedGames, ARatingAnotherServerWroteMeanwhileIsNotLost) {
  start();
  const std::string pool = "amazons rules=standard";
  door_one_->before_record_write = [&] {
    web::rate_game(*db_, pool, {"ada", "cy"}, {"ada", "cy"}, 1.0);  // the other server's game
  };
  const auto [ada, bob] = web::rate_game(*door_one_, pool, {"ada", "bob"}, {"ada", "bob"}, 1.0);
  EXPECT_EQ(ada.games, 2);
  EXPECT_EQ(web::rating_of(*db_, pool, "ada", "ada").games, 2);
  EXPECT_EQ(web::rating_of(*db_, pool, "cy", "cy").games, 1);
  EXPECT_EQ(bob.games, 1);
  // Two wins from 1500: higher than one.
  const auto once = web::rate_game(*web::Store::memory(), pool, {"x", "y"}, {"x", "y"}, 1.0);
  EXPECT_GT(ada.rating.rating, once.first.rating.rating);
}
