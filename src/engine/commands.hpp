// The command loop's bookkeeping, shared by the terminal programs of the
// games of two (Sword and Shield, RAIInet, and any game added as
// docs/adding-a-game.md says): commands from a batch file (-b FILE, each
// echoed after "> ") or from standard input, the refused ones counted, and
// under --strict the first refusal ends the run, naming its line.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <variant>

namespace engine {

// The computer's turn at a terminal: `decide` picks the action for the
// session's state, the session applies it, and the line shows who played
// what ("Green (computer)> move a up"), then what the session answered.
template <typename Session, typename Decide>
std::string computer_turn(Session& session, const std::string& who, Decide decide) {
  const auto& state = session.state();
  const auto action = decide(state);
  return who + " (computer)> " + state.action_text(action) + "\n" + session.apply(action);
}

class CommandInput {
 public:
  // Standard input, or the named batch file's commands; why not, when the
  // file cannot be read ("FILE: no such file"). `program` starts messages.
  static std::variant<CommandInput, std::string> open(std::string program,
                                                      const std::string& batch_file, bool strict);

  // Whether the commands come from a file.
  bool batch() const { return !batch_file_.empty(); }
  // Whether a person types them: standard input is a terminal, no file.
  bool interactive() const;
  // The next command, echoed after "> " when it comes from a file; false at
  // the end of the input.
  bool next(std::string& line);
  // For a program that reads its lines elsewhere (RAIInet's windows): the
  // line it read, counted as next() counts it.
  void took(const std::string& line);
  // The answer to the last command was a refusal, or not. False when the
  // run must stop (--strict), having said why on standard error.
  bool go_on_after(bool refused);
  // The exit status: 1 when commands from a script (a file, or standard
  // input that is not a terminal) had a refusal, so that it can be noticed.
  int status() const;

 private:
  CommandInput(std::string program, std::string batch_file, bool strict)
      : program_(std::move(program)), batch_file_(std::move(batch_file)), strict_(strict) {}

  std::string program_;
  std::string batch_file_;
  bool strict_;
  std::istringstream file_;
  std::string last_;
  std::int64_t lines_ = 0;
  bool refused_ = false;
};

}  // namespace engine
