#include "games/amazons/protocol/referee.hpp"

#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "engine/files.hpp"
#include "engine/random.hpp"
#include "engine/words.hpp"
#include "games/amazons/protocol/player_call.hpp"
#include "games/amazons/protocol/program.hpp"
#include "games/amazons/protocol/verify.hpp"
#include "sandbox/call.hpp"
#include "sandbox/call_options.hpp"

namespace amazons {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using sandbox::become_subreaper;
using sandbox::CallArena;
using sandbox::CallLimits;
using sandbox::CallOutcome;
using sandbox::calls_stopped;
using sandbox::describe_end;
using sandbox::run_call;
using sandbox::SeatFolder;
using sandbox::signal_name;
using sandbox::stop_all_calls;

constexpr int kUsageError = 2;
// A board in the log (given or left) is cut after this many bytes, its
// length beside it: a board of 500 x 500 fits.
constexpr std::size_t kLogBoardBytes = 1u << 20;

struct Settings {
  int games = 1;
  int jobs = 1;
  int rows = 10;
  int cols = 10;
  int treasure = 30;
  int artifacts = 8;
  int amazons = 4;
  std::uint64_t seed = 1;
  CallLimits limits;
  sandbox::ConfinementRequest confine;
  std::string log = "referee.log";
  std::vector<std::string> programs;
  std::vector<std::string> names;
};

struct Seat {
  std::vector<std::string> argv;
  std::string name;        // the seat's, distinct from every other seat's
  std::string board_name;  // the name its program plays by, once known
  int id = 0;              // learnt from the player line its first placement adds
  bool out = false;
  std::string why;
};

Board generate(const Settings& s, std::uint64_t seed) {
  return generate_board(s.rows, s.cols, s.treasure, s.artifacts, seed);
}

class Log {
 public:
  explicit Log(const std::string& path) : file_(path, std::ios::trunc) {}
  bool ok() const { return static_cast<bool>(file_); }
  // Every text from a player reaches here through engine::escape_invalid_utf8;
  // a byte missed still never stops the referee.
  void write(const json& line) {
    std::lock_guard lock(mutex_);
    file_ << line.dump(-1, ' ', false, json::error_handler_t::replace) << "\n" << std::flush;
  }

 private:
  std::ofstream file_;
  std::mutex mutex_;
};

struct GameResult {
  int game = 0;
  Board board;
  std::vector<Seat> seats;
};

// The size of the file at `path` as "after_bytes" if it is a regular file
// (a link is not followed): what the log says of a board file too large to
// read. (No std::optional here: GCC 12 under the sanitizers at -O1 warns
// that an inlined optional's value may be used uninitialized.)
void log_file_size(json& entry, const fs::path& path) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode)) {
    entry["after_bytes"] = static_cast<std::uintmax_t>(info.st_size);
  }
}

// A board in the log: its first bytes, as many as fit in kLogBoardBytes of
// the log once escaped (a byte outside UTF-8 takes 5, a control 6), and its
// length when cut.
void log_board(json& entry, const std::string& key, const std::string& board) {
  std::string_view logged = std::string_view(board).substr(0, kLogBoardBytes);
  std::string escaped = engine::escape_invalid_utf8(logged);
  while (json(escaped).dump(-1, ' ', false, json::error_handler_t::replace).size() >
         kLogBoardBytes) {
    logged = logged.substr(0, logged.size() / 2);
    escaped = engine::escape_invalid_utf8(logged);
  }
  entry[key] = std::move(escaped);
  if (logged.size() < board.size()) entry[key + "_bytes"] = board.size();
}

json log_entry(int game, int call, const Seat& seat, bool placement, const std::string& before,
               const std::variant<std::string, engine::FileProblem>& left, const fs::path& file,
               const CallOutcome& r, const Judgement& j) {
  json entry = {{"game", game},
                {"call", call},
                {"player", seat.name},
                {"phase", placement ? "placement" : "movement"},
                {"exit", r.end == CallOutcome::End::Exited ? json(r.code) : json(nullptr)},
                {"signal", r.end == CallOutcome::End::Signaled ? json(r.code) : json(nullptr)},
                {"timed_out", r.end == CallOutcome::End::TimedOut},
                {"ms", r.ms},
                {"memory_kib", r.peak_kib},
                {"leftovers_killed", r.leftovers},
                {"verdict", j.verdict},
                {"output", engine::escape_invalid_utf8(r.output)},
                {"output_cut", r.output_cut}};
  log_board(entry, "before", before);
  if (const auto* after = std::get_if<std::string>(&left)) {
    log_board(entry, "after", *after);
  } else {
    entry["after"] = nullptr;
    log_file_size(entry, file);
  }
  return entry;
}

// The seats' lines of an accepted board under the seats' names (a program
// plays by its own, which may be another seat's); a seat's first placement
// tells the name its program plays by.
void name_lines(Board& board, std::vector<Seat>& seats) {
  for (PlayerLine& line : board.players()) {
    for (Seat& seat : seats) {
      if (seat.id != line.id) continue;
      if (seat.board_name.empty()) seat.board_name = line.name;
      line.name = seat.name;
    }
  }
}

// One game, each player in a folder of its own, the document's loop:
// placement rounds, then movement rounds, until a round where nobody moves.
GameResult play_game(const Settings& s, CallArena& arena, const fs::path& folder, int game,
                     std::vector<Seat> seats, Log& log) {
  std::vector<std::unique_ptr<SeatFolder>> seat_folders;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    auto made = arena.seat(folder / ("player-" + std::to_string(i + 1)));
    if (auto* why = std::get_if<std::string>(&made)) throw std::runtime_error(*why);
    seat_folders.push_back(std::move(std::get<std::unique_ptr<SeatFolder>>(made)));
  }
  Board board = generate(s, s.seed + static_cast<std::uint64_t>(game));
  int call = 0;
  const auto round = [&](bool placement) {
    bool anyone = false;
    for (std::size_t i = 0; i < seats.size() && !calls_stopped(); ++i) {
      Seat& seat = seats[i];
      if (seat.out) continue;
      const SeatFolder& seat_folder = *seat_folders[i];
      const Board given =
          seat.board_name.empty() ? board : board_for_player(board, seat.id, seat.board_name);
      const std::string before = write_board(given);
      const fs::path file = seat_folder.path() / "board.txt";
      std::vector<std::string> argv = seat.argv;
      argv.push_back(placement ? "phase=placement" : "phase=movement");
      if (placement) argv.push_back("amazons=" + std::to_string(s.amazons));
      argv.insert(argv.end(), {"board.txt", "board.txt"});
      CallOutcome r;
      if (put_board(file, before, seat_folder.confinement())) {
        r = run_call(argv, seat_folder.path().string(), s.limits, seat_folder.confinement());
      } else {
        r.why_not_started = "the referee could not write its board";
      }
      if (r.end == CallOutcome::End::Stopped) break;
      const auto left =
          engine::read_untrusted_file(file.string(), max_board_text(given.rows(), given.cols()));
      Judgement j = Judge(s.limits, s.amazons, given, seat.id, placement)(r, left);
      if (j.verdict.starts_with("disqualified")) {
        seat.out = true;
        seat.why = j.verdict;
      }
      if (j.moved) {
        board = std::move(*j.after);
        name_lines(board, seats);
        anyone = true;
      }
      log.write(log_entry(game, ++call, seat, placement, before, left, file, r, j));
    }
    return anyone && !calls_stopped();
  };
  for (int rounds = 0; round(true) && rounds < 100000; ++rounds) {
  }
  for (int rounds = 0; round(false) && rounds < 10000000; ++rounds) {
  }
  seat_folders.clear();
  arena.retire(folder);
  return {game, board, seats};
}

struct Standing {
  int won = 0, tied = 0, lost = 0, disqualified = 0;
  long long treasure = 0;
};

// Won, tied or lost: the best score among those not disqualified wins alone
// or ties with every other seat that has it.
void print_standings(const std::vector<GameResult>& results, int games) {
  std::map<std::string, Standing> table;
  for (const GameResult& r : results) {
    long long best = -1;
    int best_count = 0;
    const auto score_of = [&](const Seat& seat) {
      const PlayerLine* p = seat.id ? r.board.player_by_id(seat.id) : nullptr;
      return p ? p->score : 0LL;
    };
    for (const Seat& seat : r.seats) {
      if (seat.out) continue;
      const long long score = score_of(seat);
      if (score > best) {
        best = score;
        best_count = 0;
      }
      best_count += score == best;
    }
    for (const Seat& seat : r.seats) {
      Standing& st = table[seat.name];
      st.treasure += score_of(seat);
      if (seat.out) {
        ++st.disqualified;
        ++st.lost;
        std::cout << "game " << r.game << ": " << seat.name << " " << seat.why << "\n";
      } else if (score_of(seat) == best) {
        ++(best_count == 1 ? st.won : st.tied);
      } else {
        ++st.lost;
      }
    }
  }
  std::vector<std::pair<std::string, Standing>> rows(table.begin(), table.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    const Standing &x = a.second, &y = b.second;
    return std::tie(x.won, x.tied, x.treasure) > std::tie(y.won, y.tied, y.treasure);
  });
  std::cout << "standings after " << games << " game(s):\n";
  for (const auto& [name, st] : rows) {
    std::cout << "  " << name << ": " << st.won << " won, " << st.tied << " tied, " << st.lost
              << " lost, " << st.treasure << " treasure";
    if (st.disqualified) std::cout << ", disqualified in " << st.disqualified;
    std::cout << "\n";
  }
}

int replay(const std::string& path) {
  const auto text = engine::read_text_file(path);
  if (const auto* problem = std::get_if<engine::FileProblem>(&text)) {
    std::cerr << "amazons referee: " << path << ": " << problem->reason << "\n";
    return kUsageError;
  }
  // Every line must be a line of a referee log before anything is shown.
  std::vector<json> lines;
  std::istringstream in(std::get<std::string>(text));
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    json entry = json::parse(line, nullptr, false);
    const bool valid =
        entry.is_object() && entry.contains("game") && entry["game"].is_number_integer() &&
        entry.contains("call") && entry["call"].is_number_integer() && entry.contains("player") &&
        entry["player"].is_string() && entry.contains("phase") && entry["phase"].is_string() &&
        entry.contains("before") && entry["before"].is_string() && entry.contains("after") &&
        (entry["after"].is_string() || entry["after"].is_null()) && entry.contains("ms") &&
        entry["ms"].is_number_integer() && entry.contains("verdict") &&
        entry["verdict"].is_string();
    if (!valid) {
      std::cerr << "amazons referee: " << path << ": line " << number
                << " is not a line of a referee log\n";
      return kUsageError;
    }
    lines.push_back(std::move(entry));
  }
  if (lines.empty()) {
    std::cerr << "amazons referee: " << path << ": an empty file is not a referee log\n";
    return kUsageError;
  }
  for (const json& e : lines) {
    std::string ended = "ended by the referee";
    if (e.value("exit", json()).is_number_integer()) {
      ended = "exit " + std::to_string(e["exit"].get<int>());
    } else if (e.value("signal", json()).is_number_integer()) {
      ended = "killed by " + signal_name(e["signal"].get<int>());
    }
    // Everything from the log is shown escaped: a program's bytes never
    // reach the terminal as controls.
    const auto safe = [](const json& field) {
      return engine::terminal_safe(field.get<std::string>());
    };
    std::cout << "game " << e["game"].get<int>() << ", call " << e["call"].get<int>() << ": "
              << safe(e["player"]) << " (" << safe(e["phase"]) << "), " << ended << ", "
              << e["ms"].get<long long>() << " ms: " << safe(e["verdict"]);
    if (const json killed = e.value("leftovers_killed", json());
        killed.is_number_integer() && killed.get<long long>() > 0) {
      std::cout << " (" << killed.get<long long>() << " leftover process(es) killed)";
    }
    const json bytes = e.value("after_bytes", json());
    if (e["after"].is_string()) {
      std::cout << "\n" << safe(e["after"]);
      if (bytes.is_number_integer())
        std::cout << "(the board left was cut: " << bytes.get<long long>() << " bytes in all)\n";
    } else if (bytes.is_number_integer()) {
      std::cout << "\n(a board file of " << bytes.get<long long>() << " bytes, not read)\n";
    } else {
      std::cout << "\n(no board file)\n";
    }
  }
  return kMoved;
}

// The seats in the order given, each named by the organiser or by itself;
// two that give the same name are both seated, the later one under a name
// of its own ("NAME-2").
std::optional<std::vector<Seat>> seat_players(const Settings& s, CallArena& arena,
                                              const fs::path& folder) {
  std::vector<Seat> seats;
  std::vector<std::string> taken;
  for (std::size_t i = 0; i < s.programs.size(); ++i) {
    Seat seat{sandbox::command_line(s.programs[i]), "", "", 0, false, ""};
    if (seat.argv.empty()) {
      std::cerr << "amazons referee: an empty program\n";
      return std::nullopt;
    }
    if (const auto why = arena.unreachable(seat.argv)) {
      std::cerr << "amazons referee: " << *why << "\n";
      return std::nullopt;
    }
    if (i < s.names.size() && !s.names[i].empty()) {
      if (!valid_name(s.names[i])) {
        std::cerr << "amazons referee: --names: \"" << engine::printable(s.names[i])
                  << "\" is not a name (1 to 15 printable characters, no spaces or quotes)\n";
        return std::nullopt;
      }
      seat.name = s.names[i];
    } else {
      auto made = arena.seat(folder / ("player-" + std::to_string(i + 1)));
      if (auto* why = std::get_if<std::string>(&made)) {
        std::cerr << "amazons referee: " << *why << "\n";
        return std::nullopt;
      }
      const auto name = ask_name(seat.argv, *std::get<std::unique_ptr<SeatFolder>>(made), s.limits);
      if (name.index() == 1) {
        std::cerr << "amazons referee: \"" << engine::printable(s.programs[i], 100)
                  << " name\": " << std::get<1>(name) << "; give a name with --names\n";
        return std::nullopt;
      }
      seat.name = seat.board_name = std::get<0>(name);
    }
    const std::string asked = seat.name;
    seat.name = distinct_name(seat.name, taken);
    if (seat.name != asked)
      std::cerr << "amazons referee: two players are called " << asked << "; the one of \""
                << engine::printable(s.programs[i], 100) << "\" is seated as " << seat.name << "\n";
    taken.push_back(seat.name);
    seats.push_back(std::move(seat));
  }
  return seats;
}

// Plays the games `s.jobs` at a time; an error in one stops them all.
std::vector<GameResult> play_games(const Settings& s, CallArena& arena,
                                   const std::vector<Seat>& seats, const fs::path& folder,
                                   Log& log) {
  std::vector<GameResult> results(static_cast<std::size_t>(s.games));
  std::mutex next_mutex;
  int next = 0;
  std::exception_ptr failure;
  std::vector<std::thread> pool;
  for (int j = 0; j < std::min(s.jobs, s.games); ++j) {
    pool.emplace_back([&] {
      try {
        while (!calls_stopped()) {
          int game = 0;
          {
            std::lock_guard lock(next_mutex);
            if (next >= s.games) return;
            game = next++;
          }
          std::vector<Seat> order = seats;
          std::rotate(order.begin(), order.begin() + game % static_cast<int>(order.size()),
                      order.end());
          const fs::path game_folder = folder / ("game-" + std::to_string(game + 1));
          results[static_cast<std::size_t>(game)] =
              play_game(s, arena, game_folder, game, order, log);
        }
      } catch (...) {
        std::lock_guard lock(next_mutex);
        if (!failure) failure = std::current_exception();
        stop_all_calls();
      }
    });
  }
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return results;
}

int play_tournament(const Settings& s) {
  become_subreaper();
  sandbox::StopCallsOnSignals stop;
  sandbox::ConfinementRequest request = s.confine;
  request.log = fs::absolute(s.log).lexically_normal().string();
  auto opened = CallArena::open("amazons-referee", request, s.limits);
  if (auto* why = std::get_if<std::string>(&opened)) {
    std::cerr << "amazons referee: " << *why << "\n";
    return kUsageError;
  }
  CallArena& arena = *std::get<std::unique_ptr<CallArena>>(opened);
  if (const auto problem = arena.sandbox_problem()) {
    std::cerr << "amazons referee: the players' sandbox cannot start: " << *problem
              << "\nGive --no-sandbox to run the players unconfined (they can then read and "
                 "write all the referee can)\n";
    return kUsageError;
  }
  const auto seats = seat_players(s, arena, arena.path() / "names");
  if (!seats) return kUsageError;
  Log log(s.log);
  if (!log.ok()) {
    std::cerr << "amazons referee: " << s.log << ": cannot write the log\n";
    return kInternal;
  }
  const auto results = play_games(s, arena, *seats, arena.path(), log);
  if (const int signal_number = stop.received()) {
    std::cerr << "amazons referee: stopped by " << signal_name(signal_number)
              << "; the log holds the calls made\n";
    return 128 + signal_number;
  }
  print_standings(results, s.games);
  if (!arena.polled().empty())
    std::cout << "(limits polled, not enforced by the kernel: " << arena.polled() << ")\n";
  return kMoved;
}

}  // namespace

int run_referee(const std::vector<std::string>& args) {
  Settings s;
  std::string replay_log;
  CLI::App app{
      "The game master of the document, done properly: it makes boards, runs the player\n"
      "programs as the document's loop does, each player of each game in a folder of its\n"
      "own and in a sandbox, and checks every call (exit code, time, limits, one legal\n"
      "placement or turn). A program that breaks a rule is disqualified; the game goes on\n"
      "without it.",
      "amazons referee"};
  app.add_option("programs", s.programs,
                 "a player's command line in one argument, e.g. \"build/bin/amazons time=500\"");
  std::string names;
  app.add_option("--names", names,
                 "the players' names, in order, comma-separated; an empty one asks the program");
  app.add_option("--games", s.games, "games to play, the seats rotating")
      ->check(CLI::Range(1, 100000));
  app.add_option("--jobs", s.jobs, "games played at a time")->check(CLI::Range(1, 64));
  app.add_option("--rows", s.rows, "the board's rows")->check(CLI::Range(1, kMaxSide));
  app.add_option("--cols", s.cols, "the board's columns")->check(CLI::Range(1, kMaxSide));
  app.add_option("--treasure", s.treasure, "percent of fields with treasure")
      ->check(CLI::Range(0, 100));
  app.add_option("--artifacts", s.artifacts, "percent of fields with an artifact")
      ->check(CLI::Range(0, 100));
  app.add_option("--amazons", s.amazons, "amazons per player")->check(CLI::Range(1, 1000));
  app.add_option("--seed", s.seed, "the first board's seed; game k uses seed + k");
  sandbox::add_call_options(app, s.limits, s.confine, "the players", "the referee");
  app.add_option("--log", s.log, "a JSON line for every call");
  app.add_option("--replay", replay_log, "show a log of calls, board by board, and stop");
  std::vector<std::string> argv_text = {"amazons referee"};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<const char*> argv;
  for (const std::string& a : argv_text) argv.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kMoved : kUsageError;
  }
  if (!replay_log.empty()) return replay(replay_log);
  if (!names.empty()) s.names = engine::split_on(names, ',');
  if (s.programs.empty() || s.programs.size() > kMaxPlayers) {
    std::cerr << "amazons referee: 1 to 8 player programs are needed\n" << app.help();
    return kUsageError;
  }
  return play_tournament(s);
}

}  // namespace amazons
