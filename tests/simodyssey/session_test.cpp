#include "games/simodyssey/session.hpp"

#include <gtest/gtest.h>

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
