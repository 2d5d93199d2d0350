// raiinet: two players, hidden links, data and viruses, at one terminal.
//   raiinet [-ability1 ORDER] [-ability2 ORDER] [-link1 FILE] [-link2 FILE] [-seed N]
//           [-graphics [both]] [-snapshot FILE.png]
// Commands come from standard input; see docs/games/raiinet.md.
#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "engine/commands.hpp"
#include "games/raiinet/ai.hpp"
#include "games/raiinet/graphics.hpp"
#include "games/raiinet/options.hpp"
#include "games/raiinet/session.hpp"

namespace {

// The next line of standard input. With windows open, waits in short polls
// and lets the windows handle their events meanwhile; false at the end of
// input or when a window is closed.
bool next_line(std::string& line, raiinet::GraphicsDisplay* graphics) {
  if (!graphics) return static_cast<bool>(std::getline(std::cin, line));
  static std::string pending;
  static bool at_end = false;
  while (true) {
    const auto newline = pending.find('\n');
    if (newline != std::string::npos) {
      line = pending.substr(0, newline);
      pending.erase(0, newline + 1);
      return true;
    }
    if (at_end) {
      if (pending.empty()) return false;
      line.swap(pending);
      pending.clear();
      return true;
    }
    if (!graphics->pump()) return false;
    pollfd input{STDIN_FILENO, POLLIN, 0};
    if (poll(&input, 1, 30) <= 0) continue;
    char buffer[4096];
    const ssize_t n = read(STDIN_FILENO, buffer, sizeof buffer);
    if (n <= 0) {
      at_end = true;
    } else {
      pending.append(buffer, static_cast<std::size_t>(n));
    }
  }
}

}  // namespace

const char* const kUsage =
    "Usage: raiinet [OPTION]...\n"
    "Two players at one terminal, or one against the computer: hidden links, data and\n"
    "viruses. Commands come from standard input: move <link> <up|down|left|right>,\n"
    "abilities, ability <1-5> <target>, board, sequence <file>, help, quit (the end of\n"
    "input quits too).\n"
    "\n"
    "Options:\n"
    "  -ability1 ORDER     player 1's five ability cards as letters (default LFDSP)\n"
    "  -ability2 ORDER     player 2's five ability cards\n"
    "  -link1 FILE         player 1's links a-h in order, e.g. V1 D4 V3 V2 D3 V4 D2 D1\n"
    "  -link2 FILE         player 2's links A-H\n"
    "  -seed N             the seed of random placements and of the computer (default:\n"
    "                      the clock's, printed as Seed: N)\n"
    "  -graphics [both]    also show the game in a window (both: a window a player)\n"
    "  -snapshot FILE.png  with -graphics, save the window's picture after each redraw\n"
    "  -ai 1|2             the computer plays that player\n"
    "  -time MS            the computer's thinking a move, in milliseconds (default 1000)\n"
    "  -nodes N            instead, N search iterations a move (the same move for the\n"
    "                      same -seed)\n"
    "      --strict        the first command refused ends the run with exit 1, naming\n"
    "                      its line\n"
    "  -h, --help          show this help and exit\n"
    "      --version       show the version and exit\n";

// The computer's turn (raiinet/ai.hpp): it decides from its player's
// knowledge only, and hands its action to the session.
std::string computer_turn(raiinet::Session& session, const raiinet::Options& options,
                          std::uint64_t seed) {
  const raiinet::AiOptions ai{.nodes = options.nodes, .time_ms = options.think_ms, .seed = seed};
  return engine::computer_turn(session, "Player " + std::to_string(options.computer + 1),
                               [&](const raiinet::State& s) { return raiinet::ai_action(s, ai); });
}

// The game of the options: the placements given, or drawn from the seed
// (a seed not given is drawn from the clock, and shown).
raiinet::Session new_session(const raiinet::Options& options, std::uint64_t& seed) {
  seed = 0;
  if (options.seed) {
    seed = *options.seed;
  } else if (!options.placements[0] || !options.placements[1]) {
    seed = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) %
           1000000000;
    std::cout << "Seed: " << seed << "\n";
  }
  return raiinet::Session(raiinet::starting_position(options, seed));
}

// The window (-graphics), drawn again after every change; nothing (and
// false, having said why) when it cannot open.
bool open_graphics(const raiinet::Options& options, raiinet::Session& session,
                   std::unique_ptr<raiinet::GraphicsDisplay>& graphics) {
  std::string error;
  graphics = raiinet::GraphicsDisplay::open(options.graphics_both, options.snapshot, error);
  if (!graphics) {
    std::cerr << "raiinet: " << error << "\n";
    return false;
  }
  raiinet::GraphicsDisplay* window = graphics.get();
  const auto redraw = [window](const raiinet::Position& game) {
    if (!window->update(game)) {
      std::cerr << "raiinet: cannot write the snapshot " << window->failed_snapshot() << "\n";
      std::exit(2);
    }
  };
  session.add_observer(redraw);
  redraw(session.game());
  return true;
}

// Two people at one terminal: before each player's secrets show, a pause
// for the keyboard to change hands, and the screen cleared.
void hand_over(const std::string& so_far, int next) {
  std::cout << so_far << "Pass the keyboard to Player " << next + 1 << ", then press Enter."
            << std::flush;
  std::string ignored;
  std::getline(std::cin, ignored);
  std::cout << "\033[2J\033[H" << std::flush;
}

// The command loop, the computer's turns among them; the exit status.
int play(raiinet::Session& session, const raiinet::Options& options,
         raiinet::GraphicsDisplay* graphics, std::uint64_t seed) {
  auto opened = engine::CommandInput::open("raiinet", "", options.strict);
  engine::CommandInput& input = std::get<engine::CommandInput>(opened);  // standard input
  const bool terminal = input.interactive();
  // (Never for scripts or windows.)
  const bool hot_seat = terminal && isatty(STDOUT_FILENO) && !graphics && options.computer < 0;
  if (options.computer >= 0) session.set_viewer(1 - options.computer);
  if (hot_seat) {
    session.set_handover(hand_over);
    hand_over("", session.game().current());
  }
  if (terminal) std::cout << "Type help for the commands.\n";
  std::cout << session.board();
  std::string line;
  int decisions = 0;
  while (!session.finished()) {
    if (session.game().current() == options.computer) {
      std::cout << computer_turn(session, options, seed + static_cast<std::uint64_t>(decisions++))
                << std::flush;
      continue;
    }
    if (terminal) std::cout << "Player " << session.game().current() + 1 << "> " << std::flush;
    if (!next_line(line, graphics)) break;
    input.took(line);
    const std::string out = session.execute(line);
    std::cout << out << std::flush;
    if (!input.go_on_after(out.find("Error: ") != std::string::npos)) return 1;
  }
  return input.status();
}

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << kUsage;
    return 0;
  }
  if (args.size() == 1 && args[0] == "--version") {
    std::cout << "raiinet (gridgames) 1.0\n";
    return 0;
  }
  auto parsed = raiinet::parse_options(args);
  if (auto* e = std::get_if<raiinet::SetupError>(&parsed)) {
    std::cerr << "raiinet: " << e->message << "\n" << kUsage;
    return 2;
  }
  const raiinet::Options& options = std::get<raiinet::Options>(parsed);
  std::uint64_t seed = 0;
  raiinet::Session session = new_session(options, seed);
  std::unique_ptr<raiinet::GraphicsDisplay> graphics;
  if (options.graphics && !open_graphics(options, session, graphics)) return 2;
  return play(session, options, graphics.get(), seed);
}
