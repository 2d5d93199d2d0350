#include "games/sword-and-shield/session.hpp"

#include "engine/words.hpp"
#include "games/sword-and-shield/text.hpp"

namespace sas {
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

std::optional<int> parse_create_angle(std::string_view word) {
  const auto angle = engine::parse_int(word);
  if (!angle || *angle < 0 || *angle > 270 || *angle % 90 != 0) return std::nullopt;
  return *angle / 90;
}

// `rotate` takes 1-4 (0, 90, 180, 270 degrees) or the angle itself.
std::optional<int> parse_rotation(std::string_view word) {
  const auto n = engine::parse_int(word);
  if (n && *n >= 1 && *n <= 4) return *n - 1;
  return parse_create_angle(word);
}

bool is_letter(std::string_view word) {
  return word.size() == 1;
}

}  // namespace

std::string Session::display() const {
  return compact_ ? text::compact_display(game()) : text::display(game());
}

std::variant<State::Action, std::string> Session::parse(
    const std::vector<std::string_view>& words) const {
  using Kind = State::Action::Kind;
  const std::string_view command = words[0];
  const std::size_t args = words.size() - 1;
  if (command == "create") {
    const auto angle = args == 2 ? parse_create_angle(words[2]) : std::nullopt;
    if (args != 2 || !is_letter(words[1]) || !angle) {
      return std::string("write a creation as: create <letter> <0|90|180|270>");
    }
    return State::Action{Kind::Create, words[1][0], 0, *angle};
  }
  if (command == "move") {
    const auto dir = args == 2 ? parse_move_direction(words[2]) : std::nullopt;
    if (args != 2 || !is_letter(words[1]) || !dir) {
      return std::string("write a move as: move <letter> <up|right|down|left>");
    }
    return State::Action{Kind::Move, words[1][0], 0, side_index(*dir)};
  }
  if (command == "rotate") {
    const auto turns = args == 2 ? parse_rotation(words[2]) : std::nullopt;
    if (args != 2 || !is_letter(words[1]) || !turns) {
      return std::string("write a rotation as: rotate <letter> <1-4> (or 0, 90, 180, 270)");
    }
    return State::Action{Kind::Rotate, words[1][0], 0, *turns};
  }
  if (command == "pass" && args == 0) return State::Action{Kind::Pass, 0, 0, 0};
  if (command == "react") {
    if (args != 2 || !is_letter(words[1]) || !is_letter(words[2])) {
      return std::string("write a reaction choice as: react <letter> <letter>");
    }
    return State::Action{Kind::React, words[1][0], words[2][0], 0};
  }
  // A bare pair of letters chooses a reaction too ("a B" or "aB").
  if (game().phase() == Phase::Reaction) {
    std::string pair;
    for (std::string_view w : words) pair += w;
    if (pair.size() == 2) return State::Action{Kind::React, pair[0], pair[1], 0};
  }
  if (command == "pass" || command == "undo" || command == "board" || command == "help" ||
      command == "quit") {
    return std::string(command) + " takes no arguments";
  }
  return "unknown command \"" + engine::printable(command, 30) + "\"; the commands are " +
         kCommands;
}

std::string Session::execute(std::string_view line) {
  const auto words = engine::split_words(line);
  if (words.empty() || quit_) return "";
  if (words[0] == "quit" && words.size() == 1) {
    quit_ = true;
    return "";
  }
  if (words[0] == "help" && words.size() == 1) return kHelp;
  if (words[0] == "board" && words.size() == 1) return display();
  if (words[0] == "undo" && words.size() == 1) {
    if (!state_.can_undo()) return "Error: there is nothing to undo\n";
    state_.undo();
    return display();
  }
  const auto parsed = parse(words);
  if (const auto* usage = std::get_if<std::string>(&parsed)) return "Error: " + *usage + "\n";
  const State::Action& action = std::get<State::Action>(parsed);
  if (const auto refusal = State::refusal(game(), action)) {
    return "Error: " + text::refusal_message(*refusal, action.first, action.second) + "\n";
  }
  state_.apply(action);
  if (state_.taken_back()) {
    return "Error: that would start reactions without end; it is taken back.\n" + display();
  }
  std::string out;
  for (const Event& event : game().events()) out += text::event_line(event);
  if (game().creation_skipped()) {
    out += player_name(game().turn()) +
           " cannot create a piece (the creation square is taken or no piece is left).\n";
  }
  return out + display();
}

}  // namespace sas
