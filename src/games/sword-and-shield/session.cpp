#include "games/sword-and-shield/session.hpp"

#include <algorithm>
#include <array>

#include "engine/words.hpp"
#include "games/sword-and-shield/text.hpp"

namespace sword_and_shield {
namespace {

const char* const kCommands = "create, move, rotate, pass, react, undo, board, help, quit";

const char* const kHelp =
    "Commands:\n"
    "  create <letter> <0|90|180|270>  put an unused piece on your creation square, turned\n"
    "                                  clockwise (first in a turn; or pass)\n"
    "  move <letter> <up|right|down|left>\n"
    "                                  move one of your pieces, pushing the line in front\n"
    "  rotate <letter> <1-4>           turn a piece to an orientation (or 0, 90, 180, 270)\n"
    "  pass                            skip creating, or end your turn\n"
    "  react <letter> <letter>         choose which reaction happens first (faces: 0, 1;\n"
    "                                  or just the two letters)\n"
    "  undo                            take back the last command\n"
    "  board                           show the board again\n"
    "  help                            this list\n"
    "  quit                            end the game\n"
    "Each piece moves or rotates at most once a turn.\n";

}  // namespace

std::string Session::display() const {
  return compact_ ? text::compact_display(game()) : text::display(game());
}

// Whether a line is for the state to read: an action's verb, or a bare pair
// of letters while a reaction is awaited.
bool Session::names_an_action(const std::vector<std::string_view>& words) const {
  static constexpr std::array<std::string_view, 5> kVerbs = {"create", "move", "rotate", "pass",
                                                             "react"};
  if (std::find(kVerbs.begin(), kVerbs.end(), words[0]) != kVerbs.end()) return true;
  std::size_t letters = 0;
  for (std::string_view w : words) letters += w.size();
  return game().phase() == Phase::Reaction && letters == 2;
}

std::string Session::execute(std::string_view line) {
  const auto words = engine::split_words(line);
  if (words.empty() || quit_) return "";
  const bool own_command =
      words[0] == "undo" || words[0] == "board" || words[0] == "help" || words[0] == "quit";
  if (state_.over() && !own_command) return "Error: the game is over\n";
  if (names_an_action(words)) {
    const auto action = state_.parse_action(line);
    if (!action) return "Error: " + action.why() + "\n";
    return apply(*action);
  }
  const std::string_view command = words[0];
  if (words.size() == 1) {
    if (command == "quit") {
      quit_ = true;
      return "";
    }
    if (command == "help") return kHelp;
    if (command == "board") return display();
    if (command == "undo") {
      if (state_.over()) return "Error: the game is over; a finished game cannot be undone\n";
      if (!state_.can_undo()) return "Error: there is nothing to undo\n";
      state_.undo();
      return display();
    }
  }
  if (command == "undo" || command == "board" || command == "help" || command == "quit")
    return "Error: " + std::string(command) + " takes no arguments\n";
  return "Error: unknown command \"" + engine::printable(command, 30) + "\"; the commands are " +
         kCommands + "\n";
}

std::string Session::apply(const State::Action& action) {
  if (const auto refusal = State::refusal(game(), action)) {
    return "Error: " + text::refusal_message(*refusal, action.first, action.second) + "\n";
  }
  state_.apply(action);
  if (state_.taken_back()) {
    return "Error: that would start reactions without end; it is taken back.\n" + display();
  }
  return state_.events_text(game().turn()) + display();
}

}  // namespace sword_and_shield
