// sword-and-shield: two players push and react, at one terminal.
//   sword-and-shield           commands from standard input
//   sword-and-shield -b FILE   commands from FILE, each echoed as "> command"
//   sword-and-shield -ai green one player against the computer
#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdint>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include "engine/commands.hpp"
#include "engine/words.hpp"
#include "games/sword-and-shield/ai.hpp"
#include "games/sword-and-shield/session.hpp"

namespace {

const char* const kUsage =
    "Usage: sword-and-shield [OPTION]...\n"
    "Two players push and react with armed pieces, at one terminal, or one against the\n"
    "computer. Commands come from standard input (or -b FILE): create <letter>\n"
    "<0|90|180|270>, move <letter> <up|right|down|left>, rotate <letter> <1-4>, pass,\n"
    "react <letter> <letter>, undo, board, help, quit (the end of input quits too).\n"
    "\n"
    "Options:\n"
    "  -b FILE             read the commands from FILE, each echoed as \"> command\"\n"
    "  -compact            a display of 17 lines (the default on a terminal shorter than\n"
    "                      the full display's 50 lines)\n"
    "  -full               the full display always\n"
    "  -ai yellow|green    the computer plays that colour; undo then takes back to your\n"
    "                      previous turn\n"
    "  -time MS            the computer's thinking a decision, in milliseconds (default\n"
    "                      1000)\n"
    "  -nodes N            instead, N positions evaluated a decision\n"
    "  -seed N             the computer's seed (default 1)\n"
    "      --strict        the first command refused ends the run with exit 1, naming\n"
    "                      its file and line\n"
    "  -h, --help          show this help and exit\n"
    "      --version       show the version and exit\n";

struct Options {
  int compact = -1;  // unset: by the terminal's height
  std::string batch_file;
  int computer = -1;  // 0 yellow, 1 green
  int think_ms = 1000;
  std::int64_t nodes = 0;
  std::uint64_t seed = 1;
  bool strict = false;  // the first refused command ends the run (exit 1)
};

// The options, or what is wrong with them (as raiinet says it).
std::variant<Options, std::string> parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string option = argv[i];
    if (option == "-compact" || option == "-full") {
      o.compact = option == "-compact";
      continue;
    }
    if (option == "--strict" || option == "-strict") {
      o.strict = true;
      continue;
    }
    if (option != "-b" && option != "-ai" && option != "-time" && option != "-nodes" &&
        option != "-seed") {
      return "unknown option \"" + engine::printable(option, 30) +
             "\"; the options are -compact, -full, -b FILE, -ai yellow|green, -time MS, "
             "-nodes N, -seed N, --strict";
    }
    if (i + 1 >= argc) return option + " needs a value";
    const std::string value = argv[++i];
    const auto number = engine::parse_int(value);
    if (option == "-b") {
      o.batch_file = value;
    } else if (option == "-ai") {
      if (value != "yellow" && value != "green") return "-ai needs the colour, yellow or green";
      o.computer = value == "yellow" ? 0 : 1;
    } else if (option == "-time") {
      if (!number || *number < 1 || *number > 600000)
        return "-time needs milliseconds from 1 to 600000";
      o.think_ms = *number;
    } else if (option == "-nodes") {
      if (!number || *number < 1) return "-nodes needs a whole number from 1";
      o.nodes = *number;
    } else {
      if (!number || *number < 0) return "-seed needs a whole number from 0 to 999999999";
      o.seed = static_cast<std::uint64_t>(*number);
    }
  }
  return o;
}

// The computer's decision, handed to the session as an action.
std::string computer_turn(sword_and_shield::Session& session, const Options& o,
                          std::uint64_t seed) {
  const sword_and_shield::AiOptions ai{.nodes = o.nodes, .time_ms = o.think_ms, .seed = seed};
  return engine::computer_turn(
      session, o.computer == 0 ? "Yellow" : "Green",
      [&](const sword_and_shield::State& s) { return sword_and_shield::ai_action(s, ai); });
}

// The terminal's height, when standard output is one.
int terminal_rows() {
  winsize size{};
  if (!isatty(STDOUT_FILENO) || ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_row;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string first = argc > 1 ? argv[1] : "";
  if (argc == 2 && (first == "--help" || first == "-h")) {
    std::cout << kUsage;
    return 0;
  }
  if (argc == 2 && first == "--version") {
    std::cout << "sword-and-shield (gridgames) 1.0\n";
    return 0;
  }
  const auto parsed = parse_options(argc, argv);
  if (const auto* problem = std::get_if<std::string>(&parsed)) {
    std::cerr << "sword-and-shield: " << *problem << "\n" << kUsage;
    return 2;
  }
  const Options& options = std::get<Options>(parsed);
  auto opened = engine::CommandInput::open("sword-and-shield", options.batch_file, options.strict);
  if (const auto* problem = std::get_if<std::string>(&opened)) {
    std::cerr << "sword-and-shield: " << *problem << "\n";
    return 2;
  }
  engine::CommandInput& input = std::get<engine::CommandInput>(opened);
  sword_and_shield::Session session;
  const int rows = terminal_rows();
  session.set_compact(options.compact == 1 || (options.compact == -1 && rows > 0 && rows < 50));
  if (input.interactive()) std::cout << "Type help for the commands.\n";
  std::cout << session.display();
  std::string line;
  std::uint64_t decisions = 0;
  const auto computer_to_move = [&] {
    return !session.state().over() && session.state().to_move() == options.computer;
  };
  while (!session.finished()) {
    if (computer_to_move()) {
      std::cout << computer_turn(session, options, options.seed * 1000003 + decisions++)
                << std::flush;
      continue;
    }
    if (!input.next(line)) break;
    std::string out = session.execute(line);
    // Against the computer, undo goes back to the player's previous turn.
    if (options.computer >= 0 &&
        engine::split_words(line) == std::vector<std::string_view>{"undo"}) {
      while (session.state().can_undo() && computer_to_move()) out = session.execute("undo");
    }
    std::cout << out << std::flush;
    if (!input.go_on_after(out.starts_with("Error: "))) return 1;
  }
  return input.status();
}
