#include "engine/commands.hpp"

#include <unistd.h>

#include <iostream>

#include "engine/files.hpp"
#include "engine/words.hpp"

namespace engine {

std::variant<CommandInput, std::string> CommandInput::open(std::string program,
                                                           const std::string& batch_file,
                                                           bool strict) {
  CommandInput input(std::move(program), batch_file, strict);
  if (batch_file.empty()) return input;
  auto text = read_text_file(batch_file);
  if (const auto* problem = std::get_if<FileProblem>(&text)) {
    return batch_file + ": " + problem->reason;
  }
  input.file_.str(std::get<std::string>(text));
  return input;
}

bool CommandInput::interactive() const {
  return !batch() && isatty(STDIN_FILENO);
}

bool CommandInput::next(std::string& line) {
  if (!std::getline(batch() ? static_cast<std::istream&>(file_) : std::cin, line)) return false;
  took(line);
  if (batch()) std::cout << "> " << line << "\n";
  return true;
}

void CommandInput::took(const std::string& line) {
  last_ = line;
  ++lines_;
}

bool CommandInput::go_on_after(bool refused) {
  refused_ |= refused;
  if (!refused || !strict_) return true;
  std::cerr << program_ << ": --strict: " << (batch() ? batch_file_ : "standard input") << " line "
            << lines_ << " (" << printable(last_, 60) << ") was refused; the run stops there\n";
  return false;
}

int CommandInput::status() const {
  return refused_ && !interactive() ? 1 : 0;
}

}  // namespace engine
