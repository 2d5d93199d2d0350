#include "grading/coverage.hpp"

#include <cctype>

#include "engine/words.hpp"

namespace grading {

std::string message_of(std::string_view line) {
  std::string message;
  int long_words = 0, letters = 0;
  bool small = false;  // a small letter in the word: a word, not a row of cells ("PPPY")
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    letters = std::isalpha(c) ? letters + 1 : 0;
    small = letters > 0 && (small || std::islower(c));
    if (letters >= 3 && small &&
        (i + 1 == line.size() || !std::isalpha(static_cast<unsigned char>(line[i + 1]))))
      ++long_words;
    const auto letter_at = [&](std::size_t j) {
      return j < line.size() && std::isalpha(static_cast<unsigned char>(line[j]));
    };
    if (std::isdigit(c)) {
      if (message.empty() || message.back() != '#') message += '#';
    } else if (std::isupper(c) && !letter_at(i + 1) && (i == 0 || !letter_at(i - 1))) {
      message += '@';  // a row's letter ("[C,4]") or an entity's ("[0,E]"), as a number
    } else if (std::isspace(c)) {
      if (!message.empty() && message.back() != ' ') message += ' ';
    } else {
      message += static_cast<char>(c);
    }
  }
  if (!message.empty() && message.back() == ' ') message.pop_back();
  return long_words >= 2 ? message : "";
}

MessageCoverage::MessageCoverage(const std::vector<std::string>& oracle_outputs) {
  for (const std::string& output : oracle_outputs)
    for (const std::string_view line : engine::split_lines(output))
      if (std::string m = message_of(line); !m.empty()) messages_.insert(std::move(m));
}

void MessageCoverage::reach(std::string_view output) {
  for (const std::string_view line : engine::split_lines(output))
    if (std::string m = message_of(line); messages_.count(m)) reached_.insert(std::move(m));
}

std::vector<std::string> MessageCoverage::missed() const {
  std::vector<std::string> out;
  for (const std::string& m : messages_)
    if (!reached_.count(m)) out.push_back(m);
  return out;
}

}  // namespace grading
