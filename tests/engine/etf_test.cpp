#include "engine/etf.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace {

using engine::etf::Command;
using engine::etf::Grammar;
using engine::etf::Param;
using engine::etf::SyntaxError;

const Grammar& grammar() {
  static const Grammar kGrammar({
      {"play", {Param::range("row", 5, 10), Param::range("column", 10, 30)}},
      {"move", {Param::one_of("dir", {"N", "S"})}},
      {"pass", {}},
  });
  return kGrammar;
}

std::string error_of(std::string_view line) {
  auto parsed = grammar().parse(line);
  const auto* error = std::get_if<SyntaxError>(&parsed);
  return error ? error->reason : "";
}

TEST(EtfGrammar, ParsesTypedArgumentsAndEchoesCanonically) {
  auto parsed = grammar().parse("  play( 5 , 30 )  ");
  ASSERT_TRUE(std::holds_alternative<Command>(parsed));
  const Command& play = std::get<Command>(parsed);
  EXPECT_EQ(play.index, 0u);
  EXPECT_EQ(play.integer(0), 5);
  EXPECT_EQ(play.integer(1), 30);
  EXPECT_EQ(play.text(), "play(5,30)");

  auto move = std::get<Command>(grammar().parse("move(S)"));
  EXPECT_EQ(move.integer(0), 1);
  EXPECT_EQ(move.choice(0), "S");
  EXPECT_EQ(std::get<Command>(grammar().parse("pass")).text(), "pass");
  EXPECT_EQ(std::get<Command>(grammar().parse("pass()")).text(), "pass");
}

TEST(EtfGrammar, RejectsEverythingOutsideTheGrammarWithAReason) {
  EXPECT_EQ(error_of("play(4,30)"), "play: argument 1 (row) must be in 5..10, not 4");
  EXPECT_EQ(error_of("play(5,x)"),
            "play: argument 2 (column) must be a whole number in 10..30, not \"x\"");
  EXPECT_EQ(error_of("move(K)"), "move: argument 1 (dir) must be one of N|S, not \"K\"");
  EXPECT_EQ(error_of("move S"), "malformed move: write it as move(dir: N|S)");
  EXPECT_EQ(error_of("pass(1)"), "pass takes 0 argument(s), not 1: pass");
  EXPECT_EQ(error_of("play(5)"),
            "play takes 2 argument(s), not 1: play(row: 5..10; column: 10..30)");
  EXPECT_EQ(error_of("frob"), "unknown command \"frob\"; the commands are play, move, pass");
  EXPECT_EQ(error_of("   "), "empty command");
  EXPECT_EQ(error_of("play(99999999999,10)"),
            "play: argument 1 (row) must be a whole number in 5..10, not \"99999999999\"");
}

TEST(EtfGrammar, EchoIsPrintableAndBounded) {
  EXPECT_EQ(engine::etf::printable_echo("a\x01\xff"
                                        "b"),
            "a??b");
  EXPECT_EQ(engine::etf::printable_echo(std::string(100, 'x'), 5), "xxxxx...");
}

class Counter final : public engine::etf::Session {
 public:
  std::string welcome() override { return "  welcome\n"; }
  std::string execute(const Command& command) override {
    return "  " + command.text() + " #" + std::to_string(++count) + "\n";
  }
  int count = 0;
};

TEST(EtfRunner, SkipsBlankAndCommentLinesAndEchoesEachCommand) {
  std::istringstream in("-- a comment\n\npass\r\nmove(Q)\nmove(N)\n");
  std::ostringstream out;
  Counter session;
  engine::etf::run_transcript(in, out, grammar(), session);
  EXPECT_EQ(out.str(),
            "  welcome\n"
            "->pass\n  pass #1\n"
            "->move(Q)\n  Error: move: argument 1 (dir) must be one of N|S, not \"Q\"\n"
            "->move(N)\n  move(N) #2\n");
  EXPECT_EQ(session.count, 2);
}

TEST(EtfRunner, MissingFileIsAnErrorNotACrash) {
  Counter session;
  const char* argv[] = {"prog", "-b", "/nonexistent/file.txt"};
  EXPECT_EQ(engine::etf::run_main(3, argv, grammar(), session), 2);
  const char* bad[] = {"prog", "-x"};
  EXPECT_EQ(engine::etf::run_main(2, bad, grammar(), session), 2);
}

}  // namespace
