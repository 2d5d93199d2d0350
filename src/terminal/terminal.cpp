#include "terminal/terminal.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/commands.hpp"
#include "engine/words.hpp"
#include "games/registry.hpp"
#include "terminal/session.hpp"

namespace terminal {
namespace {

// The program's own options that take a value.
constexpr std::array<std::string_view, 6> kValueOptions = {"b", "p", "ai", "bot", "nodes", "seed"};

bool value_option(std::string_view name) {
  return std::find(kValueOptions.begin(), kValueOptions.end(), name) != kValueOptions.end();
}

// The program's own options (-h too), which a game's parameter of the same
// name cannot shorten to -NAME (it is given as -p NAME=VALUE).
bool reserved(std::string_view name) {
  return value_option(name) || name == "h";
}

struct Options {
  std::string batch_file;
  engine::Params params;
  std::vector<std::string> computer_seats;  // as given: names or numbers
  std::string bot;
  std::int64_t nodes = 20000;
  std::uint64_t seed = 1;
  bool strict = false;
};

// `text` after an option's column, wrapped at 80 characters.
std::string option_line(const std::string& option, const std::string& text) {
  constexpr std::size_t kColumn = 22, kWidth = 80;
  std::string out = "  " + option;
  if (out.size() + 1 < kColumn)
    out.resize(kColumn, ' ');
  else
    out += "\n" + std::string(kColumn, ' ');
  std::size_t width = kColumn;  // of the line being written
  bool line_start = true;
  for (const auto word : engine::split_words(text)) {
    if (!line_start && width + 1 + word.size() > kWidth) {
      out += "\n" + std::string(kColumn, ' ');
      width = kColumn;
      line_start = true;
    }
    if (!line_start) {
      out += ' ';
      ++width;
    }
    out += word;
    width += word.size();
    line_start = false;
  }
  return out + "\n";
}

// The searching bot every game has, else the game's first.
std::string default_bot(const games::GameInfo& game) {
  if (std::find(game.bots.begin(), game.bots.end(), "uct") != game.bots.end()) return "uct";
  return game.bots.empty() ? "" : game.bots.front();
}

std::string usage(const games::GameInfo& game) {
  std::string text = "Usage: " + game.name + " [OPTION]...\n" + game.title + ": " +
                     game.description +
                     ".\nThe players take turns at one terminal, or play against the computer. "
                     "Commands\ncome from standard input (or -b FILE): an action, moves, undo, "
                     "board, help,\nquit (the end of input quits too).\n\nOptions:\n";
  text += option_line("-b FILE", "read the commands from FILE, each echoed as \"> command\"");
  for (const engine::ParamSpec& p : game.params) {
    const std::string flag = reserved(p.name) ? "-p " + p.name + "=VALUE" : "-" + p.name + " VALUE";
    text += option_line(flag, p.help + " (default " + p.default_value + ")");
  }
  text += option_line("-p NAME=VALUE", "any of the game's parameters");
  text += option_line("-ai SEAT",
                      "the computer plays SEAT, its name or its number from 1 (again for more)");
  std::string bots;
  for (const auto& bot : game.bots) bots += (bots.empty() ? "" : ", ") + bot;
  text += option_line("-bot NAME",
                      "the computer's player: " + bots + " (default " + default_bot(game) + ")");
  text +=
      option_line("-nodes N", "the computer's search, in iterations a decision (default 20000)");
  text += option_line("-seed N", "the computer's seed (default 1)");
  text += option_line("    --strict",
                      "the first command refused ends the run with exit 1, naming its file and "
                      "line");
  text += option_line("-h, --help", "show this help and exit");
  text += option_line("    --version", "show the version and exit");
  return text;
}

const engine::ParamSpec* param_named(const games::GameInfo& game, std::string_view name) {
  for (const auto& p : game.params)
    if (p.name == name) return &p;
  return nullptr;
}

// Reads one option that takes a value; the problem, if any.
std::optional<std::string> take(const games::GameInfo& game, const std::string& option,
                                const std::string& value, Options& o) {
  const auto number = engine::parse_int(value);
  if (option == "-b") {
    o.batch_file = value;
  } else if (option == "-ai") {
    o.computer_seats.push_back(value);
  } else if (option == "-bot") {
    if (std::find(game.bots.begin(), game.bots.end(), value) == game.bots.end())
      return "-bot: no player \"" + engine::printable(value, 30) + "\"";
    o.bot = value;
  } else if (option == "-nodes") {
    if (!number || *number < 1 || *number > games::kMaxBotNodes)
      return "-nodes needs a whole number from 1 to " + std::to_string(games::kMaxBotNodes);
    o.nodes = *number;
  } else if (option == "-seed") {
    if (!number || *number < 0 || *number > 999999999)
      return "-seed needs a whole number from 0 to 999999999";
    o.seed = static_cast<std::uint64_t>(*number);
  } else if (option == "-p") {
    const auto equals = value.find('=');
    if (equals == std::string::npos || !param_named(game, value.substr(0, equals)))
      return "-p needs NAME=VALUE, NAME one of the game's parameters";
    o.params[value.substr(0, equals)] = value.substr(equals + 1);  // checked by make()
  } else {
    o.params[option.substr(1)] = value;  // a parameter: checked by make()
  }
  return std::nullopt;
}

std::variant<Options, std::string> parse_options(const games::GameInfo& game, int argc,
                                                 char** argv) {
  Options o;
  o.bot = default_bot(game);
  for (int i = 1; i < argc; ++i) {
    const std::string option = argv[i];
    if (option == "--strict") {
      o.strict = true;
      continue;
    }
    const std::string name = option.size() > 1 && option[0] == '-' ? option.substr(1) : "";
    const bool known = value_option(name) || (param_named(game, name) && !reserved(name));
    if (!known)
      return "unknown option \"" + engine::printable(option, 30) + "\"; " + game.name +
             " --help lists them";
    if (i + 1 >= argc) return option + " needs a value";
    if (auto problem = take(game, option, argv[++i], o)) return *problem;
  }
  return o;
}

// The seats the computer plays, from their names or numbers; or the problem.
std::variant<std::vector<bool>, std::string> computer_seats(const Options& o,
                                                            const engine::AnyState& state) {
  std::vector<bool> seats(static_cast<std::size_t>(state.players()), false);
  for (const std::string& given : o.computer_seats) {
    int found = -1;
    for (int seat = 0; seat < state.players(); ++seat) {
      if (engine::lower_case(given) == engine::lower_case(seat_name(state, seat)) ||
          given == std::to_string(seat + 1))
        found = seat;
    }
    if (found < 0)
      return "-ai needs a seat: its name or its number, 1 to " + std::to_string(state.players());
    seats[static_cast<std::size_t>(found)] = true;
  }
  return seats;
}

int play(const games::GameInfo& game, const Options& options,
         std::unique_ptr<engine::AnyState> state) {
  const auto seats = computer_seats(options, *state);
  if (const auto* problem = std::get_if<std::string>(&seats)) {
    std::cerr << game.name << ": " << *problem << "\n";
    return 2;
  }
  const std::vector<bool>& computer = std::get<std::vector<bool>>(seats);
  auto opened = engine::CommandInput::open(game.name, options.batch_file, options.strict);
  if (const auto* problem = std::get_if<std::string>(&opened)) {
    std::cerr << game.name << ": " << *problem << "\n";
    return 2;
  }
  engine::CommandInput& input = std::get<engine::CommandInput>(opened);
  games::SelfplayOptions thinking;
  thinking.nodes = options.nodes;
  const auto bot = game.make_bot(options.bot, thinking, options.seed);
  if (!bot && std::find(computer.begin(), computer.end(), true) != computer.end()) {
    std::cerr << game.name << ": the game has no computer player\n";
    return 2;
  }
  Session session(game, std::move(state));
  const auto computer_to_move = [&] {
    const int mover = session.state().to_move();
    return !session.state().over() && mover >= 0 && computer[static_cast<std::size_t>(mover)];
  };
  if (input.interactive()) std::cout << "Type help for the commands.\n";
  std::cout << session.display();
  std::string line;
  while (!session.finished()) {
    if (computer_to_move()) {
      const int mover = session.state().to_move();
      const std::string action = bot->choose(session.state());
      std::cout << seat_name(session.state(), mover) << " (computer)> " << action << "\n"
                << session.apply(action) << std::flush;
      continue;
    }
    if (!input.next(line)) break;
    std::string out = session.execute(line);
    // Against the computer, undo goes back to the player's previous turn.
    while (engine::trim(line) == "undo" && computer_to_move() && session.undo())
      out = session.display();
    std::cout << out << std::flush;
    if (!input.go_on_after(out.starts_with("Error: "))) return 1;
  }
  return input.status();
}

}  // namespace

int main_of(std::string_view name, int argc, char** argv) {
  const games::GameInfo* game = games::find_game(name);
  if (!game) {
    std::cerr << name << ": no such game in the registry\n";
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << usage(*game);
      return 0;
    }
    if (arg == "--version") {
      std::cout << game->name << " (gridgames) 1.0\n";
      return 0;
    }
  }
  const auto parsed = parse_options(*game, argc, argv);
  if (const auto* problem = std::get_if<std::string>(&parsed)) {
    std::cerr << game->name << ": " << *problem << "\n" << usage(*game);
    return 2;
  }
  const Options& options = std::get<Options>(parsed);
  auto made = game->make(options.params);
  if (const auto* problem = std::get_if<std::string>(&made)) {
    std::cerr << game->name << ": " << *problem << "\n";
    return 2;
  }
  return play(*game, options, std::move(std::get<std::unique_ptr<engine::AnyState>>(made)));
}

}  // namespace terminal
