#include "games/simodyssey/session.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "games/simodyssey/state.hpp"

namespace simodyssey {
namespace {

std::string run(Session& session, std::string_view line) {
  auto parsed = grammar().parse(line);
  return session.execute(std::get<engine::etf::Command>(parsed));
}

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

TEST(Session, NumbersTurnsAndQueriesAsTheOracle) {
  Session session;
  EXPECT_EQ(first_line(run(session, "status")), "  state:0.1, error");
  EXPECT_EQ(first_line(run(session, "play")), "  state:1.0, mode:play, ok");
  EXPECT_EQ(first_line(run(session, "test(5)")), "  state:1.1, mode:play, error");
  EXPECT_EQ(first_line(run(session, "status")), "  state:1.2, mode:play, ok");
  EXPECT_EQ(first_line(run(session, "pass")), "  state:2.0, mode:play, ok");
  EXPECT_EQ(run(session, "abort"), "  state:2.1, ok\n  Mission aborted. Try test(30)\n");
  EXPECT_FALSE(session.in_game());
  EXPECT_EQ(first_line(run(session, "test(101)")), "  state:3.0, mode:test, ok");
}

TEST(Session, ErrorsComeInPriorityOrder) {
  Session session;
  run(session, "play");
  EXPECT_EQ(run(session, "wormhole"),
            "  state:1.1, mode:play, error\n"
            "  Explorer couldn't find wormhole at Sector:1:1\n");
  EXPECT_EQ(run(session, "liftoff"),
            "  state:1.2, mode:play, error\n"
            "  Negative on that request:you are not on a planet at Sector:1:1\n");
}

TEST(Session, ANewGameContinuesTheGeneratorSequence) {
  Session first, second;
  const std::string a = run(first, "play");
  run(first, "abort");
  const std::string b = run(first, "play");
  EXPECT_EQ(a, run(second, "play"));
  EXPECT_NE(a.substr(a.find('\n')), b.substr(b.find('\n')));
}

}  // namespace
}  // namespace simodyssey

namespace simodyssey {
namespace {

// A lost explorer's ending says how and where, as its death line in the
// program's output does ("got lost in space - out of fuel at Sector:3:4":
// "the explorer ran out of fuel at (3:4)").
TEST(State, ALostExplorersEndingSaysHowAndWhere) {
  int lost = 0;
  for (int seed = 1; seed <= 40 && lost < 5; ++seed) {
    auto made = State::make({{"seed", std::to_string(seed)}});
    State state = std::get<State>(std::move(made));
    std::vector<State::Action> legal;
    for (int turn = 0; turn < 60 && !state.over(); ++turn) {
      state.legal_actions(legal);
      // Always on, the same way where it can: fuel runs out, or worse.
      const auto move = std::find_if(legal.begin(), legal.end(), [](const State::Action& a) {
        return a.kind == ActionKind::Move;
      });
      state.apply(move != legal.end() ? *move : legal.front());
    }
    if (!state.over() || state.ending().goal_reached || state.turns() >= 60) continue;
    const std::string events = state.events_text(0);
    const std::size_t at = events.find("Explorer got ");
    ASSERT_NE(at, std::string::npos) << events;
    const std::string line = events.substr(at, events.find('\n', at) - at);
    const std::size_t sector = line.rfind("Sector:");
    const std::string where = line.substr(sector + 7, line.size() - sector - 8);  // "3:4"
    const std::string reason = state.ending().reason;
    EXPECT_TRUE(reason.starts_with("the explorer ")) << reason;
    EXPECT_TRUE(reason.ends_with(" at (" + where + ")")) << reason << " / " << line;
    if (line.find("out of fuel") != std::string::npos) {
      EXPECT_EQ(reason, "the explorer ran out of fuel at (" + where + ")");
    }
    ++lost;
  }
  EXPECT_GE(lost, 1);
}

}  // namespace
}  // namespace simodyssey
