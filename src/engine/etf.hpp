// The Eiffel Testing Framework (ETF) as the course oracles had it
// (CLARIFICATIONS.md §2, ../shared/specs/etf/): a game's grammar table, the
// scanner and parser of command texts, the type check against the table, and
// the command-line modes (etf_main.cpp).
//
// A text (a batch file, a chunk of one, an interactive line) is accepted or
// rejected whole: it must parse (else "Syntax Error: ..." with the parser's
// line and column) and every command must conform to its declaration (else
// "Type Error: ..." with one line per offending command). Only an accepted
// text reaches the game, so a rejected one changes nothing.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace engine::etf {

// A parameter of a command: an integer interval or an enumeration, with the
// name and type name of its declaration ("row: MAX_ROW = 5 .. 10").
struct Param {
  std::string name;
  std::string type;
  int low = 0;
  int high = 0;
  std::vector<std::string> choices;  // non-empty for an enumeration

  static Param range(std::string name, std::string type, int low, int high) {
    return {std::move(name), std::move(type), low, high, {}};
  }
  static Param one_of(std::string name, std::string type, std::vector<std::string> choices) {
    return {std::move(name), std::move(type), 0, 0, std::move(choices)};
  }
  bool is_enumeration() const { return !choices.empty(); }
  // "row: MAX_ROW = 5 .. 10" or "row: ROW = {A, B, C}"
  std::string declaration() const;
};

struct CommandSpec {
  std::string name;
  std::vector<Param> params;
  // As ETF prints it: "pass", "move(row: ROW = {A, B} ; column: COLUMN = 1 .. 30)".
  std::string declaration() const;
};

// A command that conforms to its declaration: the index of its spec in the
// grammar and its arguments, each an integer or the index of the chosen
// enumeration item.
struct Command {
  const CommandSpec* spec = nullptr;
  std::size_t index = 0;
  std::vector<int> args;

  const std::string& name() const { return spec->name; }
  int integer(std::size_t i) const { return args.at(i); }
  const std::string& choice(std::size_t i) const {
    return spec->params.at(i).choices.at(static_cast<std::size_t>(args.at(i)));
  }
  // The text the oracles echo after "->": "move(N)", "play(5,10,1,1,1,1,1)".
  std::string text() const;
};

// Why a text was rejected: ETF's whole message, for example
// "Syntax Error: specification of command executions cannot be parsed\n"
// "parse error (Line 1, Column 5)" (no final newline).
struct InputError {
  std::string message;
};

class Grammar {
 public:
  explicit Grammar(std::vector<CommandSpec> commands) : commands_(std::move(commands)) {}

  // Parses and type-checks a whole text, as ETF's input handler does.
  std::variant<std::vector<Command>, InputError> check(std::string_view text) const;
  // A text that must hold exactly one command (tests, benchmarks, fuzzing).
  std::variant<Command, InputError> parse(std::string_view line) const;

  const std::vector<CommandSpec>& commands() const { return commands_; }
  const CommandSpec* find(std::string_view name) const;
  bool is_enumeration_item(std::string_view name) const;
  // The declarations, as ETF's `man` prints them.
  std::string man_page() const;

 private:
  std::vector<CommandSpec> commands_;
};

// A game driven by ETF commands. Outputs are whole lines, each ending in '\n':
// the state the model shows (ETF's model_state).
class Session {
 public:
  virtual ~Session() = default;
  virtual std::string welcome() = 0;
  virtual std::string execute(const Command& command) = 0;
};

// The main of an ETF program, with ETF's modes and messages
// (etf_cmd_line_root_interface.e): -help, -version, -i, -b IN [OUT],
// -w M N IN [OUT], -l IN [OUT]; no arguments starts -i. Also --help, -h and
// --version. Messages go to `out`, as ETF printed them. Returns the exit
// code: 0 when the commands ran, 1 when a text was rejected by the syntax or
// type check, 2 for a command-line or file error.
int run_main(int argc, const char* const* argv, const Grammar& grammar, Session& session,
             std::istream& in, std::ostream& out);
int run_main(int argc, const char* const* argv, const Grammar& grammar, Session& session);

}  // namespace engine::etf
