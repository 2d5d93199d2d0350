#include "games/sword-and-shield/session.hpp"

#include "engine/words.hpp"
#include "games/sword-and-shield/text.hpp"

namespace sas {
namespace {

const char* const kCommands = "create, move, rotate, pass, undo, react, quit";

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

std::optional<std::string> words_of(std::optional<Refusal> refusal, char letter, char other = 0) {
  if (!refusal) return std::nullopt;
  return text::refusal_message(*refusal, letter, other);
}

}  // namespace

std::string Session::display() const {
  return compact_ ? text::compact_display(game_) : text::display(game_);
}

std::optional<std::string> Session::run(const std::vector<std::string_view>& words) {
  const std::string_view command = words[0];
  const std::size_t args = words.size() - 1;
  if (command == "create") {
    const auto angle = args == 2 ? parse_create_angle(words[2]) : std::nullopt;
    if (args != 2 || !is_letter(words[1]) || !angle) {
      return "write a creation as: create <letter> <0|90|180|270>";
    }
    return words_of(game_.create(words[1][0], *angle), words[1][0]);
  }
  if (command == "move") {
    const auto dir = args == 2 ? parse_move_direction(words[2]) : std::nullopt;
    if (args != 2 || !is_letter(words[1]) || !dir) {
      return "write a move as: move <letter> <up|right|down|left>";
    }
    return words_of(game_.move(words[1][0], *dir), words[1][0]);
  }
  if (command == "rotate") {
    const auto turns = args == 2 ? parse_rotation(words[2]) : std::nullopt;
    if (args != 2 || !is_letter(words[1]) || !turns) {
      return "write a rotation as: rotate <letter> <1-4> (or 0, 90, 180, 270)";
    }
    return words_of(game_.rotate(words[1][0], *turns), words[1][0]);
  }
  if (command == "pass" && args == 0) return words_of(game_.pass(), 0);
  if (command == "react") {
    if (args != 2 || !is_letter(words[1]) || !is_letter(words[2])) {
      return "write a reaction choice as: react <letter> <letter>";
    }
    return words_of(game_.choose(words[1][0], words[2][0]), words[1][0], words[2][0]);
  }
  // A bare pair of letters chooses a reaction too ("a B" or "aB").
  if (game_.phase() == Phase::Reaction) {
    std::string pair;
    for (std::string_view w : words) pair += w;
    if (pair.size() == 2) return words_of(game_.choose(pair[0], pair[1]), pair[0], pair[1]);
  }
  if (command == "pass" || command == "undo" || command == "quit") {
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
  if (words[0] == "undo" && words.size() == 1) {
    if (history_.empty()) return "Error: there is nothing to undo\n";
    game_ = history_.pop();
    chain_start_ = std::min(chain_start_, history_.size());
    return display();
  }
  const Game before = game_;
  const Phase phase_before = game_.phase();
  if (const auto reason = run(words)) return "Error: " + *reason + "\n";
  if (phase_before != Phase::Reaction) chain_start_ = history_.size();
  history_.push(before);
  std::string out;
  if (game_.chain_without_end()) {
    // Back to the position before the command that started the chain.
    history_.truncate(chain_start_ + 1);
    game_ = history_.pop();
    return "Error: that would start reactions without end; it is taken back.\n" + display();
  }
  for (const Event& event : game_.events()) out += text::event_line(event);
  if (game_.creation_skipped()) {
    out += player_name(game_.turn()) +
           " cannot create a piece (the creation square is taken or no piece is left).\n";
  }
  return out + display();
}

}  // namespace sas
