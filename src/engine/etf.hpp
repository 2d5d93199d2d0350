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

#include <algorithm>
#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/game.hpp"

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
  int line = 1;  // the line of the checked text it starts on

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

// A text the grammar refuses, in a player's words (the web, where the
// course's "Syntax Error: specification of command executions..." means
// nothing): what a command of `names` the text names takes, with an
// example; or, for no such command, the `names` a player may type.
std::string explain_refusal(const Grammar& grammar, std::string_view text,
                            const std::vector<std::string>& names);

// A game driven by ETF commands. Outputs are whole lines, each ending in '\n':
// the state the model shows (ETF's model_state).
class Session {
 public:
  virtual ~Session() = default;
  virtual std::string welcome() = 0;
  virtual std::string execute(const Command& command) = 0;
};

// The reason in an ETF game's error output: the lines after the state line
// ("refused" when there are none).
std::string error_reason(const std::string& output);

// A game of an ETF program as front ends see it (the web): the program's
// session owns the game, a state of the contract (GameSession::state()); reads
// go to that state, and actions and queries run as the program's commands,
// whose output is the console. So there is one copy of the game, and it is
// the program's. The commands that start the game are run at the start;
// other commands than the game's actions and `queries` belong to whoever
// made the game (a form), not to its player.
// The end of an ETF game's console that is kept (at least this much, at
// most twice as much): what a front end shows of it.
inline constexpr std::size_t kConsoleKept = 64 * 1024;

template <typename GameSession, Viewable S>
class SessionState final : public TypedState<S> {
 public:
  SessionState(const Grammar& grammar, GameSession session, const std::vector<std::string>& start,
               std::vector<std::string> queries)
      : grammar_(&grammar), session_(std::move(session)), queries_(std::move(queries)) {
    console_ = session_.welcome();
    for (const std::string& text : start) run(std::get<Command>(grammar.parse(text)));
  }

  const S& state() const override { return *session_.state(); }
  std::unique_ptr<AnyState> clone() const override { return std::make_unique<SessionState>(*this); }
  const std::string* console() const override { return &console_; }
  bool skip_draws(std::uint64_t draws) override {
    if (this->over()) return false;
    session_.skip_draws(draws);
    return true;
  }
  std::size_t console_dropped() const override { return dropped_; }
  void undo() override {}

  // The grammar's text of a command ("move( N )" is "move(N)").
  bool is_action(std::string_view text) const override {
    return TypedState<S>::is_action(canonical(text));
  }
  std::string action_seen_by(std::string_view text, int viewer) const override {
    return TypedState<S>::action_seen_by(canonical(text), viewer);
  }

  // An action runs in the program, legal or not: an illegal one's error is
  // in the console, and is the reason.
  std::optional<std::string> apply(std::string_view text) override {
    if (this->over()) return std::string("the game is over");
    auto parsed = grammar_->parse(text);
    if (std::holds_alternative<InputError>(parsed)) return explain(text);
    const Command& command = std::get<Command>(parsed);
    if (!TypedState<S>::is_action(command.text())) return form_only(command);
    const std::string output = run(command);
    if (output.find(", error\n") != std::string::npos) return error_reason(output);
    return std::nullopt;
  }
  std::optional<std::string> query(std::string_view text) override {
    auto parsed = grammar_->parse(text);
    if (std::holds_alternative<InputError>(parsed)) return explain(text);
    const Command& command = std::get<Command>(parsed);
    if (std::find(queries_.begin(), queries_.end(), command.name()) == queries_.end())
      return form_only(command);
    run(command);
    return std::nullopt;
  }

 private:
  std::string canonical(std::string_view text) const {
    const auto parsed = grammar_->parse(text);
    const auto* command = std::get_if<Command>(&parsed);
    return command ? command->text() : std::string(text);
  }
  // A text the grammar refuses, in words: the commands a player may type
  // now are those of the legal actions and the queries.
  std::string explain(std::string_view text) const {
    std::vector<std::string> names;
    for (const std::string& action : this->legal_actions()) {
      std::string name = action.substr(0, action.find('('));
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    for (const std::string& query : queries_)
      if (std::find(names.begin(), names.end(), query) == names.end()) names.push_back(query);
    return explain_refusal(*grammar_, text, names);
  }
  static std::string form_only(const Command& command) {
    return "\"" + command.name() + "\" belongs to the new-game form, not to a game";
  }
  std::string run(const Command& command) {
    const std::string output = session_.execute(command);
    console_ += "->" + command.text() + "\n" + output;
    // Kept bounded: past twice the bytes kept, the oldest go, from a line's start.
    if (console_.size() > 2 * kConsoleKept) {
      std::size_t from = console_.find('\n', console_.size() - kConsoleKept);
      from = from == std::string::npos ? console_.size() : from + 1;
      console_.erase(0, from);
      dropped_ += from;
    }
    return output;
  }

  const Grammar* grammar_;
  GameSession session_;
  std::vector<std::string> queries_;
  std::string console_;      // the welcome, then "->command" and its output (its end)
  std::size_t dropped_ = 0;  // the bytes of it no longer kept
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
