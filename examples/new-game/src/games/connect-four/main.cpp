// connect-four: two players drop discs at one terminal, or one against the
// computer.
//   connect-four             commands from standard input
//   connect-four -b FILE     commands from FILE, each echoed as "> command"
//   connect-four -ai yellow  the computer plays yellow
#include <cstdint>
#include <iostream>
#include <string>
#include <variant>

#include "engine/commands.hpp"
#include "engine/mcts.hpp"
#include "engine/words.hpp"
#include "games/connect-four/session.hpp"
#include "games/connect-four/text.hpp"

namespace {

const char* const kUsage =
    "Usage: connect-four [OPTION]...\n"
    "Two players drop discs into the columns of an upright grid, at one terminal, or one\n"
    "against the computer; four in a line wins. Commands come from standard input (or -b\n"
    "FILE): drop <column> (or just the column), undo, board, help, quit (the end of input\n"
    "quits too).\n"
    "\n"
    "Options:\n"
    "  -b FILE             read the commands from FILE, each echoed as \"> command\"\n"
    "  -rows N             the grid's rows, 4 to 9 (default 6)\n"
    "  -cols N             the grid's columns, 4 to 9 (default 7)\n"
    "  -ai red|yellow      the computer plays that colour\n"
    "  -nodes N            the computer's search, in playouts a drop (default 20000)\n"
    "  -seed N             the computer's seed (default 1)\n"
    "      --strict        the first command refused ends the run with exit 1, naming\n"
    "                      its file and line\n"
    "  -h, --help          show this help and exit\n"
    "      --version       show the version and exit\n";

struct Options {
  std::string batch_file;
  engine::Params params;
  int computer = -1;  // 0 red, 1 yellow
  std::int64_t nodes = 20000;
  std::uint64_t seed = 1;
  bool strict = false;
};

// The options, or what is wrong with them.
std::variant<Options, std::string> parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string option = argv[i];
    if (option == "--strict") {
      o.strict = true;
      continue;
    }
    if (option != "-b" && option != "-rows" && option != "-cols" && option != "-ai" &&
        option != "-nodes" && option != "-seed") {
      return "unknown option \"" + engine::printable(option, 30) +
             "\"; the options are -b FILE, -rows N, -cols N, -ai red|yellow, -nodes N, -seed N, "
             "--strict";
    }
    if (i + 1 >= argc) return option + " needs a value";
    const std::string value = argv[++i];
    const auto number = engine::parse_int(value);
    if (option == "-b") {
      o.batch_file = value;
    } else if (option == "-rows" || option == "-cols") {
      o.params[option.substr(1)] = value;  // checked by the state's make()
    } else if (option == "-ai") {
      if (value != "red" && value != "yellow") return "-ai needs the colour, red or yellow";
      o.computer = value == "red" ? connect_four::kRed : connect_four::kYellow;
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

// The computer's drop (Monte-Carlo tree search with random playouts).
std::string computer_turn(connect_four::Session& session, const Options& o, engine::Random& rng) {
  engine::Mcts<connect_four::State> search(1.0);
  engine::SearchLimits limits;
  limits.iterations = o.nodes;
  const auto action = search.search(session.state(), limits, rng, engine::RandomPlayout{});
  return connect_four::text::player_name(o.computer) + " (computer)> " +
         session.state().action_text(action) + "\n" + session.apply(action);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string first = argc > 1 ? argv[1] : "";
  if (argc == 2 && (first == "--help" || first == "-h")) {
    std::cout << kUsage;
    return 0;
  }
  if (argc == 2 && first == "--version") {
    std::cout << "connect-four (gridgames) 1.0\n";
    return 0;
  }
  const auto parsed = parse_options(argc, argv);
  if (const auto* problem = std::get_if<std::string>(&parsed)) {
    std::cerr << "connect-four: " << *problem << "\n" << kUsage;
    return 2;
  }
  const Options& options = std::get<Options>(parsed);
  auto made = connect_four::State::make(options.params);
  if (const auto* problem = std::get_if<std::string>(&made)) {
    std::cerr << "connect-four: " << *problem << "\n";
    return 2;
  }
  auto opened = engine::CommandInput::open("connect-four", options.batch_file, options.strict);
  if (const auto* problem = std::get_if<std::string>(&opened)) {
    std::cerr << "connect-four: " << *problem << "\n";
    return 2;
  }
  engine::CommandInput& input = std::get<engine::CommandInput>(opened);
  connect_four::Session session(std::get<connect_four::State>(made));
  engine::Random rng(options.seed);
  if (input.interactive()) std::cout << "Type help for the commands.\n";
  std::cout << session.display();
  std::string line;
  while (!session.finished()) {
    if (!session.state().over() && session.state().to_move() == options.computer) {
      std::cout << computer_turn(session, options, rng) << std::flush;
      continue;
    }
    if (!input.next(line)) break;
    std::string out = session.execute(line);
    // Against the computer, undo goes back to the player's previous turn.
    if (options.computer >= 0 && engine::trim(line) == "undo" &&
        session.state().to_move() == options.computer && session.undo()) {
      out = session.display();
    }
    std::cout << out << std::flush;
    if (!input.go_on_after(out.starts_with("Error: "))) return 1;
  }
  return input.status();
}
