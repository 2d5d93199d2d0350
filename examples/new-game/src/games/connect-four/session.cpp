#include "games/connect-four/session.hpp"

#include "engine/words.hpp"
#include "games/connect-four/text.hpp"

namespace connect_four {
namespace {

const char* const kHelp =
    "Commands:\n"
    "  drop <column>   drop your disc into a column, numbered from 1 at the left\n"
    "                  (or just the column's number)\n"
    "  undo            take back the last drop (not once the game is over)\n"
    "  board           show the grid again\n"
    "  help            this list\n"
    "  quit            end the game\n"
    "Four of your discs in a line, across, up or diagonally, win.\n";

bool is_session_command(std::string_view word) {
  return word == "undo" || word == "board" || word == "help" || word == "quit";
}

}  // namespace

std::string Session::display() const {
  return text::display(state_.game());
}

std::string Session::execute(std::string_view line) {
  const auto words = engine::split_words(line);
  if (words.empty() || quit_) return "";
  if (!is_session_command(words[0])) {
    if (words[0] != "drop" && !engine::parse_int(words[0]))
      return "Error: unknown command \"" + engine::printable(words[0], 30) +
             "\"; the commands are drop, undo, board, help, quit\n";
    if (state_.over()) return "Error: the game is over\n";
    const auto action = state_.parse_action(line);
    if (!action) return "Error: " + action.why() + "\n";
    return apply(*action);
  }
  if (words.size() > 1) return "Error: " + std::string(words[0]) + " takes no arguments\n";
  if (words[0] == "quit") quit_ = true;
  if (words[0] == "help") return kHelp;
  if (words[0] == "board") return display();
  if (words[0] == "undo") {
    if (state_.over()) return "Error: the game is over; a finished game cannot be undone\n";
    if (!undo()) return "Error: there is nothing to undo\n";
    return display();
  }
  return "";
}

std::string Session::apply(const State::Action& action) {
  if (const auto why = state_.why_not(action)) return "Error: " + *why + "\n";
  before_.push_back(state_);
  state_.apply(action);
  return state_.events_text(state_.to_move()) + display();
}

bool Session::undo() {
  if (state_.over() || before_.empty()) return false;
  state_ = before_.back();
  before_.pop_back();
  return true;
}

}  // namespace connect_four
