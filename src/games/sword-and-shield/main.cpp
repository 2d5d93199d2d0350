// sword-and-shield: two players push and react, at one terminal.
//   sword-and-shield           commands from standard input
//   sword-and-shield -b FILE   commands from FILE, each echoed as "> command"
#include <sys/ioctl.h>
#include <unistd.h>

#include <iostream>
#include <sstream>
#include <string>

#include "engine/files.hpp"
#include "games/sword-and-shield/session.hpp"

namespace {

const char* const kUsage =
    "usage: sword-and-shield [-compact | -full] [-b FILE]\n"
    "       sword-and-shield --help | --version\n"
    "Commands: create <letter> <0|90|180|270>, move <letter> <up|right|down|left>,\n"
    "rotate <letter> <1-4>, pass, react <letter> <letter>, undo, quit (the end of input quits "
    "too).\n"
    "-compact: a display of 17 lines (the default on a terminal shorter than the full\n"
    "display's 50 lines); -full: the full display always.\n";

// The terminal's height, when standard output is one.
int terminal_rows() {
  winsize size{};
  if (!isatty(STDOUT_FILENO) || ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_row;
}

}  // namespace

int main(int argc, char** argv) {
  int compact = -1;  // unset: by the terminal's height
  if (argc > 1 && (std::string(argv[1]) == "-compact" || std::string(argv[1]) == "-full")) {
    compact = std::string(argv[1]) == "-compact";
    --argc;
    ++argv;
  }
  const std::string first = argc > 1 ? argv[1] : "";
  if (argc == 2 && (first == "--help" || first == "-h")) {
    std::cout << kUsage;
    return 0;
  }
  if (argc == 2 && first == "--version") {
    std::cout << "sword-and-shield (gridgames) 1.0\n";
    return 0;
  }
  std::istringstream file;
  const bool batch = argc == 3 && first == "-b";
  if (batch) {
    auto text = engine::read_text_file(argv[2]);
    if (const auto* problem = std::get_if<engine::FileProblem>(&text)) {
      std::cerr << "sword-and-shield: " << argv[2] << ": " << problem->reason << "\n";
      return 2;
    }
    file.str(std::get<std::string>(text));
  } else if (argc != 1) {
    std::cerr << "sword-and-shield: bad arguments\n" << kUsage;
    return 2;
  }
  std::istream& in = batch ? static_cast<std::istream&>(file) : std::cin;
  sas::Session session;
  const int rows = terminal_rows();
  session.set_compact(compact == 1 || (compact == -1 && rows > 0 && rows < 50));
  std::cout << session.display();
  std::string line;
  bool refused = false;
  while (!session.finished() && std::getline(in, line)) {
    if (batch) std::cout << "> " << line << "\n";
    const std::string out = session.execute(line);
    refused |= out.starts_with("Error: ");
    std::cout << out << std::flush;
  }
  // A script with a refused command exits 1, so that it can be noticed.
  return refused && (batch || !isatty(STDIN_FILENO)) ? 1 : 0;
}
