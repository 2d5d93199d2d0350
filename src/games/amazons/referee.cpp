#include "games/amazons/referee.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "engine/random.hpp"
#include "engine/words.hpp"
#include "games/amazons/program.hpp"
#include "games/amazons/verify.hpp"

namespace amazons {
namespace {

const char* const kUsage =
    "usage: amazons referee [OPTIONS] PROGRAM PROGRAM...\n"
    "       amazons referee --replay LOG\n"
    "  PROGRAM is a command line in one argument, e.g. \"build/bin/amazons player=a time=500\"\n"
    "  --games K       play K games, the seats rotating (default 1)\n"
    "  --jobs J        play J games at a time (default 1)\n"
    "  --rows R --cols C   the board's size (default 10 x 10)\n"
    "  --treasure P    percent of fields with treasure (default 30)\n"
    "  --artifacts P   percent of fields with an artifact (default 8)\n"
    "  --amazons N     amazons per player (default 4)\n"
    "  --seed S        the first board's seed (default 1; game k uses S+k)\n"
    "  --limit MS      time allowed per call (default 2000)\n"
    "  --log FILE      a JSON line for every call (default referee.log)\n";

struct Settings {
  int games = 1;
  int jobs = 1;
  int rows = 10;
  int cols = 10;
  int treasure = 30;
  int artifacts = 8;
  int amazons = 4;
  std::uint64_t seed = 1;
  int limit_ms = 2000;
  std::string log = "referee.log";
  std::vector<std::string> programs;
};

struct CallResult {
  int exit = -1;  // -1: killed for time, or did not run
  long long ms = 0;
};

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += ' ';
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string json_unescape(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      ++i;
      out += s[i] == 'n' ? '\n' : s[i];
    } else {
      out += s[i];
    }
  }
  return out;
}

// Runs `command` (split on spaces) with `extra` arguments, standard output
// and error to `output`, killing it after `limit_ms`.
CallResult run(const std::string& command, const std::vector<std::string>& extra, int limit_ms,
               const std::string& output) {
  std::vector<std::string> args;
  for (std::string_view w : engine::split_words(command)) args.emplace_back(w);
  args.insert(args.end(), extra.begin(), extra.end());
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) return {};
  if (pid == 0) {
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (FILE* f = std::freopen(output.c_str(), "a", stdout)) (void)f;
    dup2(STDOUT_FILENO, STDERR_FILENO);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  CallResult result;
  while (true) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    result.ms = std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count();
    if (done == pid) break;
    if (result.ms > limit_ms) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      result.exit = -1;
      return result;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(300));
  }
  result.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::string slurp(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

Board generate(const Settings& s, std::uint64_t seed) {
  engine::Random rng(seed);
  Board board(s.rows, s.cols);
  for (int r = 0; r < s.rows; ++r) {
    for (int c = 0; c < s.cols; ++c) {
      Field& f = board.at({r, c});
      if (static_cast<int>(rng.below(100)) < s.treasure)
        f.treasure = static_cast<std::uint8_t>(rng.between(1, 5));
      if (static_cast<int>(rng.below(100)) < s.artifacts)
        f.artifact = static_cast<std::uint8_t>(rng.between(1, 3));
    }
  }
  return board;
}

struct Seat {
  std::string command;
  std::string name;
  bool out = false;
  std::string why;
};

class Log {
 public:
  explicit Log(const std::string& path) : file_(path, std::ios::trunc) {}
  bool ok() const { return static_cast<bool>(file_); }
  void write(const std::string& line) {
    std::lock_guard lock(mutex_);
    file_ << line << "\n" << std::flush;
  }

 private:
  std::ofstream file_;
  std::mutex mutex_;
};

struct GameResult {
  int game;
  Board board;
  std::vector<Seat> seats;
};

// One game; returns the final board and who was disqualified.
GameResult play_game(const Settings& s, int game, std::vector<Seat> seats, Log& log) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("amazons-referee-" + std::to_string(getpid()) + "-" + std::to_string(game));
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "board.txt").string();
  const std::string output = (dir / "output.txt").string();
  Board board = generate(s, s.seed + static_cast<std::uint64_t>(game));
  std::ofstream(file, std::ios::binary) << write_board(board);
  int call = 0;
  const auto record = [&](const Seat& seat, const std::string& phase, const CallResult& r,
                          const std::string& verdict) {
    log.write("{\"game\":" + std::to_string(game) + ",\"call\":" + std::to_string(++call) +
              ",\"player\":\"" + json_escape(seat.name) + "\",\"phase\":\"" + phase +
              "\",\"exit\":" + std::to_string(r.exit) + ",\"ms\":" + std::to_string(r.ms) +
              ",\"verdict\":\"" + json_escape(verdict) + "\",\"board\":\"" +
              json_escape(write_board(board)) + "\"}");
  };
  const auto round = [&](const std::string& phase) {
    bool anyone = false;
    for (Seat& seat : seats) {
      if (seat.out) continue;
      std::vector<std::string> extra = {"phase=" + phase};
      if (phase == "placement") extra.push_back("amazons=" + std::to_string(s.amazons));
      extra.push_back(file);
      extra.push_back(file);
      const CallResult r = run(seat.command, extra, s.limit_ms, output);
      std::string verdict = "ok";
      const std::string text = slurp(file);
      auto parsed = read_board(text);
      const PlayerLine* line = std::holds_alternative<Board>(parsed)
                                   ? std::get<Board>(parsed).player_by_name(seat.name)
                                   : nullptr;
      const int id =
          line ? line->id
               : (board.player_by_name(seat.name) ? board.player_by_name(seat.name)->id : 0);
      if (r.exit < 0) {
        verdict = "disqualified: no answer within " + std::to_string(s.limit_ms) + " ms";
      } else if (r.exit != 0 && r.exit != 1) {
        verdict = "disqualified: exit code " + std::to_string(r.exit);
      } else if (!std::holds_alternative<Board>(parsed)) {
        verdict = "disqualified: left a broken board: " + std::get<FileError>(parsed).text();
      } else if (r.exit == 1) {
        const Board& after = std::get<Board>(parsed);
        if (!(after == board)) {
          verdict = "disqualified: exit 1 but the board changed";
        } else if (phase == "movement" && id && can_move(board, id)) {
          verdict = "disqualified: exit 1 but it could move";
        } else if (phase == "placement" && id &&
                   static_cast<int>(amazons_of(board, id).size()) < s.amazons &&
                   !free_fields(board).empty()) {
          verdict = "disqualified: exit 1 but it had amazons left to place";
        }
      } else {
        const Board& after = std::get<Board>(parsed);
        bool gave_up = false;  // a long chain of horses not found: the benefit of the doubt
        const auto error = id == 0 ? std::optional<std::string>("no player line named " + seat.name)
                           : phase == "placement" ? check_placement(board, after, id)
                                                  : check_turn(board, after, id, &gave_up);
        if (error && !gave_up) {
          verdict = "disqualified: " + *error;
        } else {
          if (gave_up) verdict = "ok, not verified: " + *error;
          board = after;
          anyone = true;
        }
      }
      if (verdict.starts_with("disqualified")) {
        seat.out = true;
        seat.why = verdict;
        std::ofstream(file, std::ios::binary)
            << write_board(board);  // the game goes on from the last legal board
      }
      record(seat, phase, r, verdict);
    }
    return anyone;
  };
  int rounds = 0;
  while (round("placement") && ++rounds < 10000) {
  }
  rounds = 0;
  while (round("movement") && ++rounds < 100000) {
  }
  std::filesystem::remove_all(dir);
  return {game, board, seats};
}

int replay(const std::string& path) {
  std::ifstream file(path);
  if (!file) {
    std::cerr << "amazons referee: cannot read " << path << "\n";
    return kBadInput;
  }
  std::string line;
  while (std::getline(file, line)) {
    const auto field = [&](const std::string& key) {
      const auto at = line.find("\"" + key + "\":");
      if (at == std::string::npos) return std::string();
      std::size_t start = at + key.size() + 3;
      if (line[start] == '"') {
        std::size_t end = start + 1;
        while (end < line.size() && !(line[end] == '"' && line[end - 1] != '\\')) ++end;
        return json_unescape(std::string_view(line).substr(start + 1, end - start - 1));
      }
      return line.substr(start, line.find_first_of(",}", start) - start);
    };
    std::cout << "game " << field("game") << ", call " << field("call") << ": " << field("player")
              << " (" << field("phase") << "), exit " << field("exit") << ", " << field("ms")
              << " ms: " << field("verdict") << "\n"
              << field("board");
  }
  return kMoved;
}

}  // namespace

int run_referee(const std::vector<std::string>& args) {
  Settings s;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help") {
      std::cout << kUsage;
      return kMoved;
    }
    if (a == "--replay" && i + 1 < args.size()) return replay(args[i + 1]);
    if (a.starts_with("--")) {
      if (i + 1 >= args.size()) {
        std::cerr << "amazons referee: " << a << " needs a value\n" << kUsage;
        return kInternal;
      }
      const std::string value = args[++i];
      const auto n = engine::parse_int(value);
      const auto number = [&](int low, int high, int& out) {
        if (!n || *n < low || *n > high) return false;
        out = *n;
        return true;
      };
      int seed = 0;
      bool ok = true;
      if (a == "--games")
        ok = number(1, 100000, s.games);
      else if (a == "--jobs")
        ok = number(1, 64, s.jobs);
      else if (a == "--rows")
        ok = number(1, 100, s.rows);
      else if (a == "--cols")
        ok = number(1, 100, s.cols);
      else if (a == "--treasure")
        ok = number(0, 100, s.treasure);
      else if (a == "--artifacts")
        ok = number(0, 100, s.artifacts);
      else if (a == "--amazons")
        ok = number(1, 100, s.amazons);
      else if (a == "--limit")
        ok = number(1, 3600000, s.limit_ms);
      else if (a == "--seed")
        ok = number(0, 999999999, seed), s.seed = static_cast<std::uint64_t>(seed);
      else if (a == "--log")
        s.log = value;
      else
        ok = false;
      if (!ok) {
        std::cerr << "amazons referee: bad option " << a << " " << value << "\n" << kUsage;
        return kInternal;
      }
      continue;
    }
    s.programs.push_back(a);
  }
  if (s.programs.empty() || s.programs.size() > kMaxPlayers) {
    std::cerr << "amazons referee: 1 to 8 player programs are needed\n" << kUsage;
    return kInternal;
  }
  // Each program says its name; names must differ (they are the player lines).
  std::vector<Seat> seats;
  const std::string names = (std::filesystem::temp_directory_path() /
                             ("amazons-referee-names-" + std::to_string(getpid())))
                                .string();
  for (const std::string& command : s.programs) {
    std::filesystem::remove(names);
    const CallResult r = run(command, {"name"}, s.limit_ms, names);
    std::string name = slurp(names);
    while (!name.empty() && (name.back() == '\n' || name.back() == '\r' || name.back() == ' '))
      name.pop_back();
    if (r.exit != 0 || name.empty() || name.size() > kMaxNameLength) {
      std::cerr << "amazons referee: \"" << command << " name\" did not answer with a name\n";
      return kInternal;
    }
    for (const Seat& other : seats) {
      if (other.name == name) {
        std::cerr << "amazons referee: two programs are called " << name
                  << " (give one a player= name)\n";
        return kInternal;
      }
    }
    seats.push_back({command, name, false, ""});
  }
  std::filesystem::remove(names);
  Log log(s.log);
  if (!log.ok()) {
    std::cerr << "amazons referee: cannot write " << s.log << "\n";
    return kInternal;
  }
  std::vector<GameResult> results(static_cast<std::size_t>(s.games));
  std::mutex results_mutex;
  int next = 0;
  std::vector<std::thread> pool;
  for (int j = 0; j < std::min(s.jobs, s.games); ++j) {
    pool.emplace_back([&] {
      while (true) {
        int game;
        {
          std::lock_guard lock(results_mutex);
          if (next >= s.games) return;
          game = next++;
        }
        std::vector<Seat> order = seats;
        std::rotate(order.begin(), order.begin() + game % static_cast<int>(order.size()),
                    order.end());
        GameResult r = play_game(s, game, order, log);
        std::lock_guard lock(results_mutex);
        results[static_cast<std::size_t>(game)] = std::move(r);
      }
    });
  }
  for (auto& t : pool) t.join();
  // Standings: games won (shared wins count for each), then treasure.
  std::map<std::string, std::pair<double, long long>> table;
  std::map<std::string, int> disqualified;
  for (const GameResult& r : results) {
    long long best = -1;
    for (const Seat& seat : r.seats) {
      if (const PlayerLine* p = r.board.player_by_name(seat.name); p && !seat.out)
        best = std::max(best, p->score);
    }
    for (const Seat& seat : r.seats) {
      const PlayerLine* p = r.board.player_by_name(seat.name);
      const long long score = p ? p->score : 0;
      table[seat.name].second += score;
      if (seat.out) {
        ++disqualified[seat.name];
        std::cout << "game " << r.game << ": " << seat.name << " " << seat.why << "\n";
      } else if (score == best) {
        table[seat.name].first += 1.0;
      }
    }
  }
  std::vector<std::pair<std::string, std::pair<double, long long>>> rows(table.begin(),
                                                                         table.end());
  std::sort(rows.begin(), rows.end(),
            [](const auto& a, const auto& b) { return a.second > b.second; });
  std::cout << "standings after " << s.games << " game(s):\n";
  for (const auto& [name, score] : rows) {
    std::cout << "  " << name << ": " << score.first << " won, " << score.second << " treasure";
    if (disqualified[name]) std::cout << ", disqualified in " << disqualified[name];
    std::cout << "\n";
  }
  return kMoved;
}

}  // namespace amazons
