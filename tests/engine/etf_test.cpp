#include "engine/etf.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using engine::etf::Command;
using engine::etf::Grammar;
using engine::etf::InputError;
using engine::etf::Param;

const Grammar& grammar() {
  static const Grammar kGrammar({
      {"play",
       {Param::range("row", "MAX_ROW", 5, 10), Param::range("column", "MAX_COLUMN", 10, 30)}},
      {"move", {Param::one_of("dir", "DIRECTION", {"N", "S"})}},
      {"pass", {}},
  });
  return kGrammar;
}

const std::string kSyntax = "Syntax Error: specification of command executions cannot be parsed\n";
const std::string kType = "Type Error: specification of command executions is not type-correct\n";
const std::string kPlay =
    " does not conform to declaration play(row: MAX_ROW = 5 .. 10 ; column: MAX_COLUMN = 10 .. 30)";

std::string error_of(std::string_view text) {
  auto checked = grammar().check(text);
  const auto* error = std::get_if<InputError>(&checked);
  return error ? error->message : "accepted";
}

std::vector<std::string> texts_of(std::string_view text) {
  const auto checked = grammar().check(text);
  std::vector<std::string> texts;
  for (const Command& c : std::get<std::vector<Command>>(checked)) texts.push_back(c.text());
  return texts;
}

TEST(EtfGrammar, DeclarationsAreEtfs) {
  EXPECT_EQ(grammar().commands()[0].declaration(),
            "play(row: MAX_ROW = 5 .. 10 ; column: MAX_COLUMN = 10 .. 30)");
  EXPECT_EQ(grammar().commands()[1].declaration(), "move(dir: DIRECTION = {N, S})");
  EXPECT_EQ(grammar().commands()[2].declaration(), "pass");
  EXPECT_EQ(grammar().man_page(),
            "play(\n    row: MAX_ROW = 5 .. 10 ; \n    column: MAX_COLUMN = 10 .. 30\n)\n"
            "move(\n    dir: DIRECTION = {N, S}\n)\npass\n");
}

// A refused text in a player's words (the web): the command it names with
// what it takes and an example, else the commands that may be typed now.
TEST(EtfGrammar, ARefusalExplainedToAPlayer) {
  const std::vector<std::string> now = {"move", "pass"};
  EXPECT_EQ(engine::etf::explain_refusal(grammar(), "move(Q)", now),
            "\"move(Q)\" is not understood: type move(DIR) with DIR N or S, for example move(N).");
  EXPECT_EQ(engine::etf::explain_refusal(grammar(), " mvoe ( N )", now),
            "\" mvoe ( N )\" is not a command here. The commands: move(DIR) with DIR N or S, for "
            "example move(N); pass.");
  // A command of the form (not among those of now) is not offered.
  EXPECT_EQ(engine::etf::explain_refusal(grammar(), "play(1,1)", now),
            "\"play(1,1)\" is not a command here. The commands: move(DIR) with DIR N or S, for "
            "example move(N); pass.");
  EXPECT_EQ(engine::etf::explain_refusal(grammar(), "play(1,1)", {"play"}),
            "\"play(1,1)\" is not understood: type play(ROW, COLUMN) with ROW 5 to 10 and COLUMN "
            "10 to 30, for example play(5,10).");
  const Grammar rows({{"move",
                       {Param::one_of("row", "ROW", {"A", "B", "C", "D", "E"}),
                        Param::one_of("dir", "DIRECTION", {"N", "NE", "E", "SE", "S"})}}});
  EXPECT_EQ(engine::etf::explain_refusal(rows, "move", {"move"}),
            "\"move\" is not understood: type move(ROW, DIR) with ROW A to E and DIR N, NE, E, SE "
            "or S, for example move(A,N).");
}

TEST(EtfGrammar, AcceptsWhatEtfsScannerAndParserAccept) {
  // Spaces, tabs, CR, new lines and '?' separate tokens; "--" starts a
  // comment; several commands may share a line; numbers may have leading
  // zeros and a sign.
  EXPECT_EQ(texts_of("  play( 005 ,\t30 )\r\nmove(S) pass -- a comment\n?pass?\n\n"),
            (std::vector<std::string>{"play(5,30)", "move(S)", "pass", "pass"}));
  EXPECT_EQ(texts_of(""), std::vector<std::string>{});
  EXPECT_EQ(texts_of("-- only a comment"), std::vector<std::string>{});
  const Command move = std::get<Command>(grammar().parse("move(S)"));
  EXPECT_EQ(move.index, 1u);
  EXPECT_EQ(move.integer(0), 1);
  EXPECT_EQ(move.choice(0), "S");
}

TEST(EtfGrammar, SyntaxErrorsGiveTheParsersLineAndColumn) {
  EXPECT_EQ(error_of("pass()"), kSyntax + "parse error (Line 1, Column 6)");
  EXPECT_EQ(error_of("pass\nplay(5,\n"), kSyntax + "parse error (Line 2, Column 8)");
  EXPECT_EQ(error_of("pass\nplay(5,"), kSyntax + "parse error (Line 2, Column 7)");
  EXPECT_EQ(error_of("move(K)"), kSyntax + "Unknown identifier K (Line 1, Column 6)");
  EXPECT_EQ(error_of("pass(1)"),
            kSyntax + "Too many arguments passed for \"pass\" (Line 1, Column 6)");
  EXPECT_EQ(error_of("play(5,10,  20)"),
            kSyntax + "Too many arguments passed for \"play\" (Line 1, Column 13)");
  EXPECT_EQ(error_of("play(1.50,10)"),
            kSyntax + "Invalid number for 32-bit integer 1.50 (Line 1, Column 6)");
  EXPECT_EQ(error_of("play(99999999999,10)"),
            kSyntax + "Invalid number for 32-bit integer 99999999999 (Line 1, Column 6)");
  EXPECT_EQ(error_of("pass @"), kSyntax + "parse error (Line 1, Column 6)");
  EXPECT_EQ(error_of("play(5;10)"), kSyntax + "parse error (Line 1, Column 7)");
  EXPECT_EQ(error_of("true"), kSyntax + "parse error (Line 1, Column 1)");
  EXPECT_EQ(error_of("INTEGER"), kSyntax + "parse error (Line 1, Column 1)");
  // The last error wins; a parse error ends the parse.
  EXPECT_EQ(error_of("move(K) move(Q) pass("), kSyntax + "parse error (Line 1, Column 21)");
}

TEST(EtfGrammar, TypeErrorsListEveryCommandOutsideItsDeclaration) {
  EXPECT_EQ(error_of("play(4,30)"), kType + "play(4, 30)" + kPlay);
  EXPECT_EQ(error_of("play(007, -0)"), kType + "play(7, 0)" + kPlay);
  EXPECT_EQ(error_of("play(5)"), kType + "play(5)" + kPlay);
  // A word after a command is the next command, not an argument.
  EXPECT_EQ(error_of("move S"),
            kType + "move() does not conform to declaration move(dir: DIRECTION = {N, S})\n" +
                "Error: unknown event name S");
  EXPECT_EQ(error_of("play(N, [1, S], <<2>>, \"s\", True)"),
            kSyntax + "Too many arguments passed for \"play\" (Line 1, Column 29)");
  EXPECT_EQ(error_of("play(N, [1, S])"), kType + "play(N, [1, S])" + kPlay);
  EXPECT_EQ(error_of("move(-3)"),
            kType + "move(-3) does not conform to declaration move(dir: DIRECTION = {N, S})");
  EXPECT_EQ(error_of("move(True)"),
            kType + "move(True) does not conform to declaration move(dir: DIRECTION = {N, S})");
  EXPECT_EQ(error_of("move(\"x\")"),
            kType + "move(x) does not conform to declaration move(dir: DIRECTION = {N, S})");
  EXPECT_EQ(error_of("pass frob(1, N) play(5,9)\nfrob"),
            kType + "Error: unknown event name frob\nplay(5, 9)" + kPlay +
                "\nError: unknown event name frob");
}

class Counter final : public engine::etf::Session {
 public:
  std::string welcome() override { return "  welcome\n"; }
  std::string execute(const Command& command) override {
    return "  " + command.text() + " #" + std::to_string(++count) + "\n";
  }
  int count = 0;
};

class EtfMain : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "etf_test.XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string file(const std::string& name, const std::string& text) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  static std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  // The program `prog` with `args` and `input`, playing `game` (by default
  // the fixture's session); its output goes to `output`.
  int run(std::vector<std::string> args, const std::string& input = "",
          engine::etf::Session* game = nullptr) {
    args.insert(args.begin(), "/usr/bin/prog");
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    std::istringstream in(input);
    std::ostringstream out;
    const int code = engine::etf::run_main(static_cast<int>(argv.size()), argv.data(), grammar(),
                                           game ? *game : session, in, out);
    output = out.str();
    return code;
  }

  std::filesystem::path dir_;
  Counter session;
  std::string output;
};

TEST_F(EtfMain, BatchPrintsTheTranscriptOfTheWholeFile) {
  const std::string in = file("in.txt", "-- comment\n  \npass\nmove(N) move(S)\n");
  EXPECT_EQ(run({"-b", in}), 0);
  EXPECT_EQ(output,
            "  welcome\n->pass\n  pass #1\n->move(N)\n  move(N) #2\n->move(S)\n  move(S) #3\n");
}

TEST_F(EtfMain, BatchRunsNothingOfAFileThatFailsItsChecks) {
  // Line numbers count the lines left after comment and blank lines.
  EXPECT_EQ(run({"-b", file("syntax.txt", "pass\n-- comment\n\npass(\n")}), 1);
  EXPECT_EQ(output, kSyntax + "parse error (Line 2, Column 6)\n");
  EXPECT_EQ(run({"-b", file("type.txt", "pass\nplay(1,1)\nfrob\n")}), 1);
  EXPECT_EQ(output, kType + "play(1, 1)" + kPlay + "\nError: unknown event name frob\n");
  EXPECT_EQ(session.count, 0);
}

TEST_F(EtfMain, BatchToAFileRunsChunksOfAHundredLines) {
  std::string text;
  for (int i = 0; i < 150; ++i) text += i == 120 ? "frob\n" : "pass\n";
  const std::string out = (dir_ / "out.txt").string();
  EXPECT_EQ(run({"-b", file("in.txt", text), out}), 1);
  EXPECT_EQ(output, "");
  EXPECT_EQ(session.count, 100);
  const std::string log = read(out);
  EXPECT_TRUE(log.starts_with("  welcome\n->pass\n  pass #1\n"));
  EXPECT_TRUE(log.ends_with("->pass\n  pass #100\n" + kType + "Error: unknown event name frob\n"));
}

TEST_F(EtfMain, BatchNeverOverwritesAnOutputFile) {
  const std::string out = file("out.txt", "keep");
  EXPECT_EQ(run({"-b", file("in.txt", "pass\n"), out}), 2);
  EXPECT_EQ(output, "Error: output file " + out + " already exists!\n");
  EXPECT_EQ(read(out), "keep");
  EXPECT_EQ(session.count, 0);
}

TEST_F(EtfMain, MissingOrDirectoryInputSaysSo) {
  EXPECT_EQ(run({"-b", (dir_ / "none.txt").string()}), 2);
  EXPECT_EQ(output, "error: '" + (dir_ / "none.txt").string() + "' does not exist\n");
  EXPECT_EQ(run({"-l", dir_.string()}), 2);
  EXPECT_EQ(output, "error: '" + dir_.string() + "' is a directory\n");
}

TEST_F(EtfMain, WindowsPrintTheStatesAndCommandsInside) {
  const std::string in = file("in.txt", "pass\nmove(N)\nmove(S)\npass\n");
  EXPECT_EQ(run({"-w", "2", "3", in}), 0);
  EXPECT_EQ(output, "  pass #1\n->move(N)\n  move(N) #2\n");
  session.count = 0;
  EXPECT_EQ(run({"-l", in}), 0);
  EXPECT_EQ(output, "  move(S) #3\n->pass\n  pass #4\n");
  session.count = 0;
  EXPECT_EQ(run({"-w", "1", "1", in}), 0);
  EXPECT_EQ(output, "  welcome\n");
  session.count = 0;
  EXPECT_EQ(run({"-w", "0", "0", in}), 0);
  EXPECT_EQ(output, "  pass #4\n");
  session.count = 0;
  EXPECT_EQ(run({"-w", "1", "2", in}), 0);
  EXPECT_EQ(output, "  welcome\n->pass\n  pass #1\n");
  session.count = 0;
  EXPECT_EQ(run({"-w", "-2", "_", in}), 0);
  EXPECT_EQ(output, "  move(N) #2\n->move(S)\n  move(S) #3\n->pass\n  pass #4\n");
}

TEST_F(EtfMain, BadWindowsAndModesGetEtfsMessages) {
  const std::string in = file("in.txt", "pass\n");
  const std::string more = "\nRun 'prog -help' to see more details\n";
  EXPECT_EQ(run({"-w", "x", "1", in}), 2);
  EXPECT_EQ(output, "Error: the start of window is not a valid integer" + more);
  EXPECT_EQ(run({"-w", "1", "y", in}), 2);
  EXPECT_EQ(output, "Error: the end of window is neither a valid integer nor '_'" + more);
  EXPECT_EQ(run({"-w", "3", "2", in}), 2);
  EXPECT_EQ(output, "Error: a window [start, end) should be such that start <= end" + more);
  EXPECT_EQ(run({"-w", "0", "1", in}), 2);
  EXPECT_EQ(output,
            "Error: when the start of a window is non-positive, its end must be a non-positive "
            "number" +
                more);
  EXPECT_EQ(run({"-x"}), 2);
  EXPECT_EQ(output, "Error: '-x' is not a valid mode" + more);
  EXPECT_EQ(run({"-b"}), 2);
  EXPECT_EQ(output, "Error: wrong number of arguments for the '-b' mode" + more);
  EXPECT_EQ(run({"-i", "x"}), 2);
  EXPECT_EQ(output, "Error: wrong number of arguments for the '-i' mode" + more);
  EXPECT_EQ(run({"-version"}), 0);
  EXPECT_EQ(output, "Eiffel Testing Framework (ETF) Version: 1.14 (2019-10-12)\n");
  EXPECT_EQ(run({"-help"}), 0);
  EXPECT_TRUE(output.starts_with("The executable prog may be invoked as: \n\tprog -help \n"));
  EXPECT_TRUE(output.ends_with(" ====================================\n"));
  // Ours, in the GNU form help2man reads; -help above stays ETF's.
  EXPECT_EQ(run({"--help"}), 0);
  EXPECT_TRUE(
      output.starts_with("Usage: prog [-b IN [OUT] | -w M N IN [OUT] | -l IN [OUT] | -i]\n"));
  EXPECT_NE(output.find("  -help               ETF's own usage"), std::string::npos);
  EXPECT_EQ(session.count, 0);
}

// A game that refuses move(S), as the ETF games answer: a state line ending
// in "error".
class Refuser final : public engine::etf::Session {
 public:
  std::string welcome() override { return "  state:0, ok\n"; }
  std::string execute(const Command& command) override {
    ++count;
    return command.text() == "move(S)" ? "  state:" + std::to_string(count) + ", error\n  no\n"
                                       : "  state:" + std::to_string(count) + ", ok\n";
  }
  int count = 0;
};

TEST_F(EtfMain, StrictStopsAtTheFirstRefusedCommandNamingItsLine) {
  const std::string in = file("in.txt", "-- a comment\npass\n\nmove(N) move(S)\npass\n");
  Refuser strict;
  EXPECT_EQ(run({"--strict", "-b", in}, "", &strict), 1);
  EXPECT_EQ(output,
            "  state:0, ok\n->pass\n  state:1, ok\n->move(N)\n  state:2, ok\n->move(S)\n"
            "  state:3, error\n  no\nprog: --strict: " +
                in + " line 4: move(S) was refused; the run stops there\n");
  EXPECT_EQ(strict.count, 3);  // the last pass never ran
  Refuser lenient;             // without --strict, everything runs
  EXPECT_EQ(run({"-b", in}, "", &lenient), 0);
  EXPECT_EQ(lenient.count, 4);
  Refuser typed;
  EXPECT_EQ(run({"-i", "--strict"}, "pass\nmove(S)\npass\n", &typed), 1);
  EXPECT_NE(output.find("standard input line 2: move(S) was refused"), std::string::npos) << output;
  EXPECT_EQ(typed.count, 2);
}

TEST_F(EtfMain, InteractiveChecksEachLineAndQuits) {
  EXPECT_EQ(run({"-i"}, "pass\nmove(K)\n\nman\nquit\npass\n"), 0);
  EXPECT_EQ(output, "  welcome\n->  pass #1\n->" + kSyntax +
                        "Unknown identifier K (Line 1, Column 6)\n" + "->  pass #1\n->" +
                        grammar().man_page() + "\n->");
  EXPECT_EQ(session.count, 1);
  EXPECT_EQ(run({}, "pass"), 0);  // no arguments: interactive; end of input ends it
  EXPECT_EQ(output, "  welcome\n->  pass #2\n->\n");
}

}  // namespace
