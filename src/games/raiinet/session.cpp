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

// What a card's target is, in words (for errors) and as written after
// `ability N` (for help).
struct Target {
  std::string_view words;
  std::string_view syntax;
};

Target target_of(Needs needs) {
  switch (needs) {
    case Needs::Link:
      return {"a link", "<link>"};
    case Needs::Square:
      return {"a row and a column", "<row> <column> (0-7)"};
    case Needs::TwoLinks:
      return {"two links", "<link> <link>"};
    case Needs::LinkAndDirection:
      return {"a link and a direction", "<link> <up|down|left|right>"};
  }
  return {};
}

std::size_t needs_words(Needs needs) {
  return needs == Needs::Link ? 1 : 2;
}

bool is_link_word(std::string_view w) {
  return w.size() == 1;
}

std::string no_such_link(char c) {
  return "Error: there is no link '" + engine::printable(std::string_view(&c, 1)) + "'\n";
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
           std::string(target_of(spec.needs).syntax) + "\n";
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
  return run(line, 0);
}

std::string Session::board() const {
  return text::display(game_, viewer_.value_or(game_.current()));
}

std::string Session::run(std::string_view line, int depth, const std::string& folder) {
  if (finished_) return "";
  const auto words = engine::split_words(line);
  if (words.empty()) return "";
  const std::string_view command = words[0];
  if (command == "move") return move(words);
  if (command == "ability") return ability(words);
  if (command == "sequence") return sequence(words, depth, folder);
  if (command == "abilities" && words.size() == 1)
    return text::ability_list(game_, game_.current());
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

std::string Session::after_change(int mover) {
  // The rules' own forced pass: a player who cannot move passes (their
  // opponent too, if stuck likewise); its events tell it.
  game_.pass_stuck_players();
  for (const Observer& observer : observers_) observer(game_);
  std::string out;
  for (const Event& event : game_.events()) out += text::event_line(game_, event);
  if (handover_ && !game_.winner() && game_.current() != mover) {
    handover_(out, game_.current());
    out.clear();
  }
  out += board();
  if (const auto winner = game_.winner()) {
    finished_ = true;
    out += "Player " + std::to_string(*winner + 1) + " wins!\n";
  }
  return out;
}

std::string Session::move(const std::vector<std::string_view>& words) {
  const auto direction = words.size() == 3 ? parse_direction(words[2]) : std::nullopt;
  if (words.size() != 3 || !is_link_word(words[1]) || !direction) {
    return error("write a move as: move <link> <up|down|left|right>");
  }
  const auto link = link_of_letter(words[1][0]);
  if (!link) return no_such_link(words[1][0]);
  const int mover = game_.current();
  if (auto reason = game_.move(*link, *direction)) return error(text::refusal_message(*reason));
  return after_change(mover);
}

std::string Session::ability(const std::vector<std::string_view>& words) {
  const auto card = words.size() >= 2 ? engine::parse_int(words[1]) : std::nullopt;
  if (!card) return error("write an ability as: ability <1-5> <target>");
  if (*card < 1 || *card > kCards)
    return error("there is no ability card " + std::string(words[1]) + "; the cards are 1-5");
  const Card& c = game_.player(game_.current()).cards[static_cast<std::size_t>(*card - 1)];
  const AbilitySpec& spec = *find_ability(c.ability);
  const std::string usage = "ability " + std::to_string(*card) + " (" + std::string(spec.name) +
                            ") needs " + std::string(target_of(spec.needs).words);
  if (words.size() != 2 + needs_words(spec.needs)) return error(usage);
  AbilityArgs args;
  switch (spec.needs) {
    case Needs::Link:
    case Needs::TwoLinks:
      for (std::size_t i = 2; i < words.size(); ++i) {
        if (!is_link_word(words[i])) return error(usage);
        const auto link = link_of_letter(words[i][0]);
        if (!link) return no_such_link(words[i][0]);
        args.links.push_back(*link);
      }
      break;
    case Needs::Square: {
      const auto row = engine::parse_int(words[2]);
      const auto col = engine::parse_int(words[3]);
      if (!row || !col) return error(usage);
      args.square = {*row, *col};
      break;
    }
    case Needs::LinkAndDirection: {
      const auto direction = parse_direction(words[3]);
      if (!is_link_word(words[2]) || !direction) return error(usage);
      const auto link = link_of_letter(words[2][0]);
      if (!link) return no_such_link(words[2][0]);
      args.links.push_back(*link);
      args.direction = *direction;
      break;
    }
  }
  const int mover = game_.current();
  if (auto reason = game_.use_ability(*card, args)) return error(text::refusal_message(*reason));
  return after_change(mover);
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
