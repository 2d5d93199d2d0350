// The ETF transcript runner (CLARIFICATIONS.md §2) and the small declarative
// grammar each ETF game states its commands in.
//
// A grammar lists commands with typed arguments (integer ranges or
// enumerations). A line is parsed against it; a line outside it yields a
// reason and never reaches the game, so it changes nothing.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace engine::etf {

struct Param {
  std::string name;
  int low = 0;
  int high = 0;
  std::vector<std::string> choices;  // non-empty for an enumeration

  static Param range(std::string name, int low, int high) {
    return {std::move(name), low, high, {}};
  }
  static Param one_of(std::string name, std::vector<std::string> choices) {
    return {std::move(name), 0, 0, std::move(choices)};
  }
  bool is_enumeration() const { return !choices.empty(); }
  std::string type_text() const;  // "5..10" or "N|NE|E"
};

struct CommandSpec {
  std::string name;
  std::vector<Param> params;
  std::string usage() const;  // "play(row: 5..10; ...)"
};

// A parsed command: the index of its spec in the grammar and its arguments,
// each an integer or the index of the chosen enumeration value.
struct Command {
  const CommandSpec* spec = nullptr;
  std::size_t index = 0;
  std::vector<int> args;

  const std::string& name() const { return spec->name; }
  int integer(std::size_t i) const { return args.at(i); }
  const std::string& choice(std::size_t i) const {
    return spec->params.at(i).choices.at(static_cast<std::size_t>(args.at(i)));
  }
  // The canonical text, as the oracles echo it: "move(N)", "play(5,10,1,1,1,1,1)".
  std::string text() const;
};

struct SyntaxError {
  std::string reason;
};

class Grammar {
 public:
  explicit Grammar(std::vector<CommandSpec> commands) : commands_(std::move(commands)) {}

  std::variant<Command, SyntaxError> parse(std::string_view line) const;
  const std::vector<CommandSpec>& commands() const { return commands_; }
  std::optional<std::size_t> find(std::string_view name) const;

 private:
  std::vector<CommandSpec> commands_;
};

// A game driven by ETF commands. Outputs are whole lines, each ending in '\n'.
class Session {
 public:
  virtual ~Session() = default;
  virtual std::string welcome() = 0;
  virtual std::string execute(const Command& command) = 0;
};

// A printable, bounded echo of an input line (control and non-ASCII bytes as
// '?', long lines cut), so that no input can garble the transcript.
std::string printable_echo(std::string_view line, std::size_t max_length = 80);

// Prints the welcome, then for each command line "->command" and its output.
// Empty lines and lines starting with "--" are skipped; an out-of-grammar line
// prints "->LINE" and one "  Error: ..." line, and the session never sees it.
void run_transcript(std::istream& in, std::ostream& out, const Grammar& grammar, Session& session);

// The main of an ETF program: `-b FILE` runs a file, `-i` or no arguments
// read standard input. Returns the process exit code (2 on a usage error or
// a missing file, with a message on standard error).
int run_main(int argc, const char* const* argv, const Grammar& grammar, Session& session);

}  // namespace engine::etf
