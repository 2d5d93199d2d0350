// The terminal of any game without a program of its own, tried on a game of
// the registry (classic Amazons on a small board): refusals change nothing,
// undo restores, the computer and the options.
#include "terminal/session.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "terminal/terminal.hpp"

namespace terminal {
namespace {

const games::GameInfo& amazons() {
  return *games::find_game("amazons");
}

Session small_game(const std::string& size = "4") {
  auto made =
      amazons().make({{"rules", "standard"}, {"rows", size}, {"cols", size}, {"amazons", "1"}});
  return Session(amazons(), std::move(std::get<std::unique_ptr<engine::AnyState>>(made)));
}

TEST(TerminalSession, ARefusedCommandChangesNothing) {
  Session session = small_game();
  const std::string start = session.display();
  EXPECT_TRUE(session.execute("fly away").starts_with("Error: "));
  EXPECT_EQ(session.execute("board now"), "Error: board takes no arguments\n");
  EXPECT_EQ(session.execute("undo"), "Error: there is nothing to undo\n");
  EXPECT_EQ(session.execute("board"), start);
  EXPECT_EQ(session.execute(""), "");
}

TEST(TerminalSession, AnActionShowsItsEventsAndUndoRestores) {
  Session session = small_game();
  const std::string start = session.display();
  const std::vector<std::string> legal = session.state().legal_actions();
  const std::string first = legal.front();
  auto expected = session.state().clone();
  ASSERT_FALSE(expected->apply(first));
  EXPECT_EQ(session.execute("  " + first + "  "),
            expected->events_text(1) + expected->observation(1));
  EXPECT_EQ(session.state().to_move(), 1);
  EXPECT_EQ(session.execute("undo"), start);
  EXPECT_EQ(session.state().to_move(), 0);
}

TEST(TerminalSession, MovesListsTheLegalActionsUpToSixty) {
  Session session = small_game("8");
  const std::vector<std::string> legal = session.state().legal_actions();
  ASSERT_GT(legal.size(), 60U);
  const std::string listed = session.execute("moves");
  EXPECT_TRUE(listed.starts_with(legal[0] + ", " + legal[1] + ", "));
  EXPECT_TRUE(listed.ends_with(", and " + std::to_string(legal.size() - 60) + " more\n"));
}

TEST(TerminalSession, AFinishedGameIsARecord) {
  Session session = small_game();
  while (!session.state().over()) session.apply(session.state().legal_actions().front());
  EXPECT_EQ(session.execute("undo"), "Error: the game is over; a finished game cannot be undone\n");
  EXPECT_EQ(session.execute("moves"), "Error: the game is over\n");
  EXPECT_FALSE(session.finished());
  EXPECT_EQ(session.execute("quit"), "");
  EXPECT_TRUE(session.finished());
}

TEST(TerminalSession, SeatsAreNamedByTheView) {
  const Session session = small_game();
  EXPECT_EQ(seat_name(session.state(), 0),
            session.state().view(0)["players"][0]["name"].get<std::string>());
}

int run(std::vector<std::string> args, std::string& out) {
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  const int status = main_of("amazons", static_cast<int>(argv.size()), argv.data());
  out = testing::internal::GetCapturedStdout() + testing::internal::GetCapturedStderr();
  return status;
}

TEST(TerminalProgram, HelpListsTheGamesParametersAndBadOptionsAreRefused) {
  std::string out;
  EXPECT_EQ(run({"amazons", "--help"}, out), 0);
  EXPECT_NE(out.find("\n  -rows VALUE         the board's rows, 1 to 1000 (default 10)\n"),
            std::string::npos)
      << out;
  // A parameter named as one of the program's options is given with -p.
  EXPECT_NE(out.find("\n  -p seed=VALUE "), std::string::npos);
  EXPECT_EQ(run({"amazons", "-fly", "1"}, out), 2);
  EXPECT_TRUE(out.starts_with("amazons: unknown option \"-fly\"")) << out;
  EXPECT_EQ(run({"amazons", "-rows", "0"}, out), 2);
  EXPECT_TRUE(out.starts_with("amazons: ")) << out;
  EXPECT_EQ(run({"amazons", "-ai", "9"}, out), 2);
  EXPECT_EQ(out, "amazons: -ai needs a seat: its name or its number, 1 to 2\n");
  EXPECT_EQ(run({"amazons", "-p", "nothing=1"}, out), 2);
}

}  // namespace
}  // namespace terminal
