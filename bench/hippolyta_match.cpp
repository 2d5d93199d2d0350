// Our Amazons AI against hippolyta (../shared/opponents/README.md), classic
// rules from the standard start, colours alternating. hippolyta runs as its
// own process a move (`hippolyta -s SECONDS BOARD`); every move of both
// sides is checked by our rules (an illegal one loses the game). Prints each
// game, then our win rate with its 95% confidence interval (Wilson) and the
// thinking time each side actually used.
//   hippolyta_match HIPPOLYTA GAMES [SECONDS] [--equal-time] [--first N] [--moves]
//                   [--random-plies K]
// SECONDS: hippolyta's -s (default 1). Ours thinks SECONDS a move, or with
// --equal-time what hippolyta has used in the game more than ours (so
// hippolyta's last move, when the totals were even before it): ours' times
// follow hippolyta's (which may take much more than -s, most in the
// opening) a move behind, and the totals stay equal. --first N: start at game N + 1 (matches split
// between processes play the same games as one run). --moves: print every move and its time.
// --random-plies K: each pair of games (ours first, then second) starts after
// the same K plies played at random, drawn from the pair's number. From the
// standard start both programs play much the same games (in 2026-11-23's
// matches half the games shared their first 22 to 39 plies with an earlier
// one, and 20 as the first player began in 6 ways), so they measure a few
// lines; the random plies make each pair a different game. Each game's
// result says at which ply it left every earlier game of the run (the longest
// move list it shares with one), and the end the median of those.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "games/amazons/ai.hpp"
#include "games/amazons/rules.hpp"

namespace {

using amazons::Board;
using amazons::Coord;
using Clock = std::chrono::steady_clock;

// hippolyta's board: a1 b1 ... j1 a2 ... j10; our row r is rank r + 1.
std::string hippolyta_board(const Board& board) {
  std::string text(100, '0');
  for (int r = 0; r < 10; ++r) {
    for (int c = 0; c < 10; ++c) {
      const int o = board.at({r, c}).occupant;
      text[static_cast<std::size_t>(r * 10 + c)] = o == 9 ? '3' : static_cast<char>('0' + o);
    }
  }
  return text;
}

std::optional<Coord> square(const std::string& name) {
  if (name.size() < 2 || name[0] < 'a' || name[0] > 'j') return std::nullopt;
  const int rank = std::atoi(name.c_str() + 1);
  if (rank < 1 || rank > 10) return std::nullopt;
  return Coord{rank - 1, name[0] - 'a'};
}

// Runs hippolyta on the board; its standard output.
std::string run_hippolyta(const char* program, double seconds, const std::string& board) {
  int out[2];
  if (pipe(out) != 0) return "";
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    const std::string s = std::to_string(seconds);
    execl(program, program, "-s", s.c_str(), board.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  std::string text;
  char buffer[4096];
  ssize_t n;
  while ((n = read(out[0], buffer, sizeof buffer)) > 0)
    text.append(buffer, static_cast<std::size_t>(n));
  close(out[0]);
  waitpid(pid, nullptr, 0);
  return text;
}

// Ours' first move when it opens the game with --equal-time: less than
// hippolyta takes for its first reply (at -s 0.02, 5 to 15 s here), so that
// ours' next move gets the difference. At 10 s, ours' third ply often had
// the floor of 0.1 s, and ours as the first player won 2 of 12 (as the
// second 9 of 11).
constexpr double kFirstMove = 2.0;

struct Side {
  double seconds = 0;
  int moves = 0;
};

struct MatchOptions {
  const char* program = nullptr;  // hippolyta
  double seconds = 1.0;           // its -s
  bool equal_time = false;
  bool print_moves = false;
  int random_plies = 0;
};

std::string square_name(Coord c) {
  return std::string(1, static_cast<char>('a' + c.col)) + std::to_string(c.row + 1);
}

std::string turn_text(const amazons::Turn& turn) {
  return square_name(turn.from) + "-" + square_name(turn.steps.front().to) + "/" +
         square_name(*turn.steps.front().target);
}

using Moves = std::vector<std::string>;

// The most moves `game` shares from the start with one of `earlier`.
std::size_t shared_plies(const Moves& game, const std::vector<Moves>& earlier) {
  std::size_t most = 0;
  for (const Moves& other : earlier) {
    const auto end =
        game.begin() + static_cast<std::ptrdiff_t>(std::min(game.size(), other.size()));
    most =
        std::max(most, static_cast<std::size_t>(
                           std::mismatch(game.begin(), end, other.begin()).first - game.begin()));
  }
  return most;
}

// One game; returns whether ours won. `moves`: the game's moves, as text.
bool play(const MatchOptions& m, int ours, std::uint64_t seed, std::uint64_t opening, Side& us,
          Side& them, Moves& moves) {
  Board board = amazons::standard_board();
  int to_move = 1;
  Side game_us, game_them;
  int plies = 0;
  for (; plies < m.random_plies && amazons::can_move(board, to_move); ++plies) {
    amazons::AiOptions o;
    o.brain = amazons::Brain::Random;
    o.rules = amazons::RuleSet::Standard;
    o.seed = opening + static_cast<std::uint64_t>(plies);
    const amazons::Turn turn = *amazons::ai_turn(board, to_move, o);
    moves.push_back(turn_text(turn));
    if (m.print_moves) std::printf("  %d. random %s\n", plies + 1, moves.back().c_str());
    amazons::play_turn(board, to_move, turn);
    to_move = 3 - to_move;
  }
  while (amazons::can_move(board, to_move)) {
    const auto began = Clock::now();
    amazons::Turn turn;
    if (to_move == ours) {
      amazons::AiOptions o;
      o.rules = amazons::RuleSet::Standard;
      o.seed = seed + static_cast<std::uint64_t>(plies);
      o.start = began;
      // With equal time: what hippolyta has used in the game more than
      // ours (before its first move: kFirstMove), at least a tenth of a
      // second.
      const double lead = game_them.moves == 0 ? kFirstMove : game_them.seconds - game_us.seconds;
      const double budget = m.equal_time ? std::max(0.1, lead) : m.seconds;
      o.time_ms = static_cast<int>(budget * 1000);
      turn = *amazons::ai_turn(board, to_move, o);
    } else {
      std::istringstream words(run_hippolyta(m.program, m.seconds, hippolyta_board(board)));
      std::string from, to, target;
      words >> from >> to >> target;
      if (from == "resign") {
        std::printf("  hippolyta resigns after %d plies\n", plies);
        return true;
      }
      const auto f = square(from), t = square(to), a = square(target);
      if (!f || !t || !a) {
        std::printf("  hippolyta's answer is not a move: %s %s %s\n", from.c_str(), to.c_str(),
                    target.c_str());
        return true;
      }
      turn = {*f, {{*t, *a}}};
    }
    const double used = std::chrono::duration<double>(Clock::now() - began).count();
    Side& side = to_move == ours ? us : them;
    side.seconds += used;
    ++side.moves;
    Side& in_game = to_move == ours ? game_us : game_them;
    in_game.seconds += used;
    ++in_game.moves;
    moves.push_back(turn_text(turn));
    if (m.print_moves) {
      std::printf("  %d. %s %s %.2f s\n", plies + 1, to_move == ours ? "ours" : "hippolyta",
                  moves.back().c_str(), used);
    }
    if (const auto error = amazons::play_turn(board, to_move, turn)) {
      std::printf("  %s played an illegal move: %s\n", to_move == ours ? "ours" : "hippolyta",
                  error->c_str());
      return to_move != ours;
    }
    to_move = 3 - to_move;
    ++plies;
  }
  return to_move != ours;  // the player who cannot move loses
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: hippolyta_match HIPPOLYTA GAMES [SECONDS] [--equal-time] [--first N] "
                 "[--moves] [--random-plies K]\n");
    return 2;
  }
  MatchOptions m;
  m.program = argv[1];
  const int games = std::atoi(argv[2]);
  int first = 0;
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--equal-time") {
      m.equal_time = true;
    } else if (arg == "--moves") {
      m.print_moves = true;
    } else if (arg == "--first" && i + 1 < argc) {
      first = std::atoi(argv[++i]);
    } else if (arg == "--random-plies" && i + 1 < argc) {
      m.random_plies = std::atoi(argv[++i]);
    } else {
      m.seconds = std::atof(arg.c_str());
    }
  }
  Side us, them;
  int wins = 0;
  std::vector<Moves> played;
  std::vector<std::size_t> left_at;  // by game after the first
  for (int g = first; g < first + games; ++g) {
    const int ours = g % 2 == 0 ? 1 : 2;  // 1 moves first
    const auto pair = static_cast<std::uint64_t>(g / 2 + 1);
    Moves moves;
    const bool won =
        play(m, ours, 1000003ULL * (g + 1), 0x9e3779b97f4a7c15ULL * pair, us, them, moves);
    const std::size_t shared = shared_plies(moves, played);
    wins += won;
    std::printf("game %d: ours plays %s, %s", g + 1, ours == 1 ? "first" : "second",
                won ? "wins" : "loses");
    if (!played.empty()) {
      left_at.push_back(shared + 1);
      if (shared == moves.size()) {
        std::printf(" (the same moves as an earlier game)");
      } else {
        std::printf(" (new from ply %zu)", shared + 1);
      }
    }
    std::printf("\n");
    played.push_back(std::move(moves));
    std::fflush(stdout);
  }
  // Wilson's 95% interval of the win rate.
  const double n = games, p = wins / n, z = 1.96;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  std::printf("ours won %d of %d (%.1f%%, 95%% interval %.1f%%-%.1f%%)\n", wins, games, 100 * p,
              100 * (centre - half), 100 * (centre + half));
  std::printf("time a move: ours %.2f s, hippolyta %.2f s\n", us.seconds / std::max(1, us.moves),
              them.seconds / std::max(1, them.moves));
  if (!left_at.empty()) {
    std::nth_element(left_at.begin(), left_at.begin() + left_at.size() / 2, left_at.end());
    std::printf("a game left the earlier ones at ply %zu (the median)\n",
                left_at[left_at.size() / 2]);
  }
  return 0;
}
