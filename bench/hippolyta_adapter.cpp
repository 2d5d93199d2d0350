// hippolyta (../shared/opponents/README.md) as a player of the document's
// tournament file protocol, so that `gridgames tournament amazons` (and the
// referee) can play it:
//   hippolyta_adapter HIPPOLYTA SECONDS name
//   hippolyta_adapter HIPPOLYTA SECONDS phase=movement IN OUT
// hippolyta plays classic Amazons on 10 x 10 from the standard start, one
// process a move (`HIPPOLYTA -s SECONDS BOARD`); the adapter gives it the
// board as 100 characters (a1 b1 ... j10: 0 empty, 1 and 2 the amazons of
// the players of ids 1 and 2, 3 an arrow), plays its answer on the board
// and writes the board. Its line is the one named "hippolyta". When it
// resigns, the game is played out by the simple player (player.hpp): the
// protocol has no resignation, and the rules then end the game.
// Exit codes as the protocol's: 0 moved, 1 no move, 2 a wrong board, 3 an
// error (hippolyta missing, a placement asked, an answer that is no move).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/files.hpp"
#include "engine/random.hpp"
#include "games/amazons/ai/player.hpp"
#include "games/amazons/rules.hpp"

namespace {

using amazons::Board;
using amazons::Coord;

constexpr const char* kName = "hippolyta";

// hippolyta's board: a1 b1 ... j1 a2 ... j10; our row r is rank r + 1.
std::string hippolyta_board(const Board& board) {
  std::string text(100, '0');
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 10; ++c) {
      const int o = board.at({r, c}).occupant;
      text[static_cast<std::size_t>(r * 10 + c)] =
          o == amazons::kObstacle ? '3' : static_cast<char>('0' + o);
    }
  return text;
}

std::optional<Coord> square(const std::string& name) {
  if (name.size() < 2 || name.size() > 3 || name[0] < 'a' || name[0] > 'j') return std::nullopt;
  const int rank = std::atoi(name.c_str() + 1);
  if (rank < 1 || rank > 10) return std::nullopt;
  return Coord{rank - 1, name[0] - 'a'};
}

// Runs hippolyta on the board; its standard output ("" if it cannot run).
std::string run_hippolyta(const std::string& program, const std::string& seconds,
                          const std::string& board) {
  int out[2];
  if (pipe(out) != 0) return "";
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    execl(program.c_str(), program.c_str(), "-s", seconds.c_str(), board.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  std::string text;
  char buffer[4096];
  for (ssize_t n; (n = read(out[0], buffer, sizeof buffer)) > 0;)
    text.append(buffer, static_cast<std::size_t>(n));
  close(out[0]);
  waitpid(pid, nullptr, 0);
  return text;
}

int error(const std::string& why, int code) {
  std::cerr << "hippolyta_adapter: " << why << "\n";
  return code;
}

int move(const std::string& program, const std::string& seconds, const std::string& in,
         const std::string& out) {
  const auto text = engine::read_text_file(in);
  if (const auto* problem = std::get_if<engine::FileProblem>(&text))
    return error(in + ": " + problem->reason, 2);
  auto parsed = amazons::read_board(std::get<std::string>(text));
  if (const auto* e = std::get_if<amazons::FileError>(&parsed))
    return error(in + ": " + e->text(), 2);
  Board board = std::get<Board>(std::move(parsed));
  const amazons::PlayerLine* self = board.player_by_name(kName);
  if (board.rows() != 10 || board.cols() != 10 || board.players().size() != 2 || !self)
    return error(in + ": hippolyta plays classic Amazons on 10 x 10, two players, its line "
                      "named hippolyta",
                 2);
  const int id = self->id;
  if (!amazons::can_move(board, id)) return 1;
  std::istringstream words(run_hippolyta(program, seconds, hippolyta_board(board)));
  std::string from, to, target;
  words >> from >> to >> target;
  std::optional<amazons::Turn> turn;
  if (from == "resign") {
    engine::Random rng(1);
    turn = amazons::choose_turn(board, id, rng);
  } else if (const auto f = square(from), t = square(to), a = square(target); f && t && a) {
    turn = amazons::Turn{*f, {{*t, *a}}};
  } else {
    return error("hippolyta's answer is not a move: \"" + from + " " + to + " " + target + "\"", 3);
  }
  if (const auto illegal = amazons::play_turn(board, id, *turn))
    return error("hippolyta's move " + from + " " + to + " " + target + " is illegal: " + *illegal,
                 3);
  const auto written = engine::write_file_safely(out, amazons::write_board(board));
  if (const auto* problem = std::get_if<engine::FileProblem>(&written))
    return error(out + ": " + problem->reason, 3);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 3 && args[2] == "name") {
    std::cout << kName << "\n";
    return 0;
  }
  if (args.size() == 5 && args[2] == "phase=movement")
    return move(args[0], args[1], args[3], args[4]);
  if (args.size() >= 3 && args[2] == "phase=placement")
    return error("hippolyta plays from the standard start: it places no amazons", 3);
  return error("usage: hippolyta_adapter HIPPOLYTA SECONDS name | phase=movement IN OUT", 3);
}
