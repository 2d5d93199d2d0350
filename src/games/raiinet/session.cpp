#include "games/raiinet/session.hpp"

#include <algorithm>
#include <sstream>

#include "engine/files.hpp"
#include "engine/words.hpp"
#include "games/raiinet/text.hpp"

namespace raiinet {
namespace {

const char* const kCommands = "move, abilities, ability, board, sequence, help, quit";

std::string error(const std::string& reason) {
  return "Error: " + reason + "\n";
}

// What `help` prints: the commands, and each ability's target from the
// abilities' table.
std::string help() {
  std::string out =
      "Commands:\n"
      "  move <link> <up|down|left|right>  move one of your links (up is toward player 1)\n"
      "  abilities                         your cards, with their ids 1-5\n"
      "  ability <1-5> <target>            play a card, at most one a turn, before your move;\n"
      "                                    the target by the card's letter:\n";
  for (const AbilitySpec& spec : abilities()) {
    std::string card = std::string(1, spec.letter) + " (" + std::string(spec.name) + ")";
    card.resize(std::max<std::size_t>(card.size() + 1, 16), ' ');
    out += "                                      " + card +
           std::string(text::target_of(spec.needs).syntax) + "\n";
  }
  out +=
      "  board                             show the board again\n"
      "  sequence <file>                   run the commands of a file\n"
      "  help                              this list\n"
      "  quit                              end the game\n";
  return out;
}

}  // namespace

std::string Session::execute(std::string_view line) {
  return run(line, 0, folder_);
}

std::string Session::board() const {
  return text::display(game(), viewer_.value_or(game().current()));
}

std::string Session::run(std::string_view line, int depth, const std::string& folder) {
  if (finished_) return "";
  const auto words = engine::split_words(line);
  if (words.empty()) return "";
  const std::string_view command = words[0];
  // The actions: the state reads them (the only reader of their texts).
  if (command == "move" || command == "ability") {
    const auto action = state_.parse_action(line);
    if (!action) return error(action.why());
    return apply(*action);
  }
  if (command == "sequence") return sequence(words, depth, folder);
  if (command == "abilities" && words.size() == 1)
    return text::ability_list(game(), game().current());
  if (command == "board" && words.size() == 1) return board();
  if (command == "help" && words.size() == 1) return help();
  if (command == "quit" && words.size() == 1) {
    finished_ = true;
    return "";
  }
  if (command == "abilities" || command == "board" || command == "help" || command == "quit") {
    return error(std::string(command) + " takes no arguments");
  }
  return error("unknown command \"" + engine::printable(command, 30) + "\"; the commands are " +
               kCommands);
}

std::string Session::apply(const State::Action& action) {
  if (finished_) return "";
  if (const auto why = state_.why_not(action)) return error(*why);
  const int mover = game().current();
  state_.apply(action);  // with the rules' forced pass: a player who cannot move passes
  for (const Observer& observer : observers_) observer(game());
  // Two people at one terminal share the lines: values both know; against
  // the computer, what its opponent knows.
  std::string out = state_.events_text(viewer_.value_or(text::kBothPlayers));
  if (handover_ && !state_.over() && game().current() != mover) {
    handover_(out, game().current());
    out.clear();
  }
  out += board();
  if (const auto winner = game().winner()) {
    finished_ = true;
    out += "Player " + std::to_string(*winner + 1) + " wins!\n";
  } else if (state_.over()) {
    finished_ = true;
    out += "Neither player can move: the game is a draw.\n";
  }
  return out;
}

// Runs the commands of a file, each echoed as "> command"; a file named in it
// is found relative to it, and an error names the file and the line.
std::string Session::sequence(const std::vector<std::string_view>& words, int depth,
                              const std::string& folder) {
  if (words.size() != 2) return error("write a sequence as: sequence <file>");
  if (depth >= kMaxSequenceDepth) {
    return error("sequence files nest at most " + std::to_string(kMaxSequenceDepth) + " deep");
  }
  std::string path(words[1]);
  if (!folder.empty() && !path.starts_with('/')) path = folder + "/" + path;
  auto text = engine::read_text_file(path);
  if (const auto* problem = std::get_if<engine::FileProblem>(&text)) {
    return error("cannot read sequence file \"" + engine::printable(path, 100) +
                 "\": " + problem->reason);
  }
  const std::size_t slash = path.rfind('/');
  const std::string inner = slash == std::string::npos ? folder : path.substr(0, slash);
  std::string out;
  std::istringstream lines(std::get<std::string>(text));
  std::string line;
  for (int number = 1; !finished_ && std::getline(lines, line); ++number) {
    if (engine::split_words(line).empty()) continue;
    out += "> " + line + "\n";
    std::string result = run(line, depth + 1, inner);
    if (result.starts_with("Error: ")) {
      result.insert(7, engine::printable(path, 100) + " line " + std::to_string(number) + ": ");
    }
    out += result;
  }
  return out;
}

}  // namespace raiinet
