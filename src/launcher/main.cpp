// gridgames: starts any of the games by name, or offers a menu of those built.
//   gridgames               a menu of the games built beside this program
//   gridgames GAME ARGS...  starts GAME with ARGS
//   gridgames selfplay ...  plays bots against each other (selfplay.hpp)
//   gridgames serve ...     serves the games to web browsers (web/server.hpp)
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "games/registry.hpp"
#include "grading/grade.hpp"
#include "launcher/engine_program.hpp"
#include "launcher/selfplay.hpp"
#include "sandbox/call.hpp"
#include "tournament/tournament.hpp"
#include "web/bot_bridge.hpp"
#include "web/server.hpp"

namespace {

std::filesystem::path program_dir() {
  std::error_code error;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::filesystem::current_path() : self.parent_path();
}

// The games of the registry whose programs are built beside this one.
std::vector<const games::GameInfo*> built_games(const std::filesystem::path& dir) {
  std::vector<const games::GameInfo*> built;
  for (const games::GameInfo& game : games::all_games()) {
    if (std::filesystem::exists(dir / game.name)) built.push_back(&game);
  }
  return built;
}

int start(const std::filesystem::path& dir, std::string_view name, int argc, char** argv) {
  const std::string path = (dir / name).string();
  std::vector<char*> args;
  args.push_back(const_cast<char*>(path.c_str()));
  for (int i = 0; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  execv(path.c_str(), args.data());
  std::cerr << "gridgames: cannot start " << path << "\n";
  return 3;
}

std::string names(const std::vector<const games::GameInfo*>& games) {
  std::string text;
  for (const games::GameInfo* game : games) text += (text.empty() ? "" : ", ") + game->name;
  return text;
}

// Reads one line from standard input a byte at a time, so that nothing after
// it is buffered here: the game started next reads the rest.
bool read_line(std::string& line) {
  line.clear();
  char c;
  while (read(STDIN_FILENO, &c, 1) == 1) {
    if (c == '\n') return true;
    if (line.size() < 256) line += c;
  }
  return !line.empty();
}

// Runs a game as a child and waits for it: the menu comes back afterwards.
void play(const std::filesystem::path& dir, std::string_view name) {
  const std::string path = (dir / name).string();
  const pid_t pid = fork();
  if (pid == 0) {
    execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
    std::cerr << "gridgames: cannot start " << path << "\n";
    _exit(3);
  }
  if (pid > 0) waitpid(pid, nullptr, 0);
}

int menu(const std::filesystem::path& dir, const std::vector<const games::GameInfo*>& games) {
  if (games.empty()) {
    std::cerr << "gridgames: no game is built in " << dir << "\n";
    return 3;
  }
  std::string answer;
  while (true) {
    std::cout << "gridgames: choose a game\n";
    for (std::size_t i = 0; i < games.size(); ++i) {
      // A line each, within 80 columns: the name to type, what the game is.
      std::string name = games[i]->name;
      name.resize(std::max<std::size_t>(name.size() + 1, 18), ' ');
      std::cout << "  " << i + 1 << ". " << name << games[i]->description << "\n";
    }
    bool chosen = false;
    while (!chosen) {
      std::cout << "number or name (q or quit to leave): " << std::flush;
      if (!read_line(answer) || answer == "q" || answer == "quit") return 0;
      for (std::size_t i = 0; i < games.size() && !chosen; ++i) {
        if (answer == games[i]->name || answer == std::to_string(i + 1)) {
          play(dir, games[i]->name);
          chosen = true;
        }
      }
      if (!chosen)
        std::cout << "no game \"" << answer << "\"; the games are " << names(games) << "\n";
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::filesystem::path dir = program_dir();
  const std::vector<const games::GameInfo*> games = built_games(dir);
  if (argc < 2) return menu(dir, games);
  const std::string_view wanted = argv[1];
  if (wanted == "-h" || wanted == "--help") {
    std::cout << "Usage: gridgames [GAME [ARGS...]]\n"
                 "  or:  gridgames serve [OPTION]...            (gridgames serve --help)\n"
                 "  or:  gridgames selfplay GAME [OPTION]...    (gridgames selfplay --help)\n"
                 "  or:  gridgames tournament GAME --players A,B[,...] [OPTION]...\n"
                 "  or:  gridgames grade GAME --tests DIR --program CMD [OPTION]...\n"
                 "  or:  gridgames engine GAME BOT              (a request on standard input)\n"
                 "  or:  gridgames bot --server URL --token T -- COMMAND...\n"
                 "Turn-based grid games. With no argument, a menu of the games; with GAME,\n"
                 "that game's program with ARGS (GAME --help for its own options); serve:\n"
                 "the games in a web browser; selfplay: bots against bots; tournament: a\n"
                 "round robin of bots with Elo and a sequential test; grade: a program\n"
                 "run on a folder of tests, its output compared with the expected; engine:\n"
                 "a bot as a program of the engine protocol; bot: a bot account online,\n"
                 "played by such a program here.\n"
                 "Games: "
              << names(games)
              << "\n"
                 "\n"
                 "Options:\n"
                 "  -h, --help          show this help and exit\n"
                 "      --version       show the version and exit\n";
    return 0;
  }
  if (wanted == "--version") {
    std::cout << "gridgames 1.0\n";
    return 0;
  }
  // A tournament's sandbox starts this program first, to run a program: player's call.
  if (wanted == "--call-init") return sandbox::run_call_init({argv + 2, argv + argc});
  if (wanted == "selfplay") return launcher::run_selfplay(argc - 1, argv + 1);
  if (wanted == "tournament") return tournament::run_tournament(argc - 1, argv + 1);
  if (wanted == "grade") return grading::run_grade(argc - 1, argv + 1);
  if (wanted == "engine") return launcher::run_engine(argc - 1, argv + 1);
  if (wanted == "bot") return web::run_bot(argc - 1, argv + 1);
  if (wanted == "serve") return web::run_serve(argc - 1, argv + 1);
  for (const games::GameInfo* game : games) {
    if (game->name == wanted) return start(dir, game->name, argc - 2, argv + 2);
  }
  std::cerr << "gridgames: unknown game \"" << wanted << "\"; the games are " << names(games)
            << "\n";
  return 2;
}
