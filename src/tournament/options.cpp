#include "tournament/options.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/random.hpp"
#include "engine/words.hpp"
#include "games/registry.hpp"
#include "sandbox/call.hpp"
#include "sandbox/call_options.hpp"
#include "tournament/openings.hpp"

namespace tournament {

namespace {

// The numbers of `text` between `separator`s, as far as each is a finite
// number and nothing else (the callers check how many they need).
std::vector<double> read_numbers(const std::string& text, char separator) {
  std::vector<double> numbers;
  for (const std::string& part : engine::split_on(text, separator)) {
    char* end = nullptr;
    const double d = std::strtod(part.c_str(), &end);
    if (part.empty() || *end != '\0' || !std::isfinite(d)) break;
    numbers.push_back(d);
  }
  return numbers;
}

}  // namespace

std::variant<engine::Sprt, std::string> read_sprt(const std::string& text) {
  const std::vector<double> v = read_numbers(text, ',');
  if (v.size() != 4 || v[0] >= v[1] || v[2] <= 0 || v[2] >= 0.5 || v[3] <= 0 || v[3] >= 0.5)
    return std::string(
        "--sprt is ELO0,ELO1,ALPHA,BETA with ELO0 < ELO1 and error rates "
        "between 0 and 0.5, such as 0,5,0.05,0.05");
  return engine::Sprt{v[0], v[1], v[2], v[3]};
}

std::variant<engine::SeatClock, std::string> read_clock(const std::string& text) {
  const std::vector<double> seconds = read_numbers(text, '+');
  if (seconds.size() != 2 || seconds[0] * 1000 < 1 || seconds[1] < 0 ||
      std::max(seconds[0], seconds[1]) > 1e6)
    return std::string(
        "--clock is BASE+INC in seconds, such as 60+0.5: BASE at least 0.001, both at most "
        "1000000");
  return engine::SeatClock{static_cast<int>(std::llround(seconds[0] * 1000)),
                           static_cast<int>(std::llround(seconds[1] * 1000))};
}

std::string clock_text(const engine::SeatClock& clock) {
  const auto seconds = [](int ms) {
    std::string s = std::to_string(ms / 1000);
    if (ms % 1000 != 0) {
      std::string fraction = std::to_string(1000 + ms % 1000).substr(1);
      while (fraction.back() == '0') fraction.pop_back();
      s += "." + fraction;
    }
    return s;
  };
  return seconds(clock.remaining_ms) + "+" + seconds(clock.increment_ms);
}

namespace {

// The options read as text, checked once all are read.
struct Texts {
  std::string players, sprt, slice, resume, clock;
  std::vector<std::string> params;
};

void add_options(CLI::App& app, Options& o, Slurm& slurm, Texts& texts) {
  app.add_option("game", o.game, "the game")->required();
  app.add_option("--players", texts.players,
                 "the players, comma-separated: bots by name, NAME@N (N iterations a decision) or "
                 "NAME@Nms (N milliseconds); program:COMMAND, a program of someone else (Amazons': "
                 "of the tournament file protocol; the other games': of the engine protocol), "
                 "engine:COMMAND, a program of the engine protocol in any game (commands without "
                 "commas)")
      ->required();
  app.add_option("--games", o.games, "games per encounter of two players (pairs: even)")
      ->check(CLI::Range(2, 10000000));
  app.add_option("--concurrency", o.concurrency, "games played at once")->check(CLI::Range(1, 256));
  app.add_option("--seed", o.seed,
                 "the seed of the starts (deals) and the bots; without it, one drawn from the "
                 "system's random source, which the standings and records give");
  app.add_option("--max-length", o.max_length, "the length limit of games that have one")
      ->check(CLI::Range(1, 10000000));
  app.add_option("--param", texts.params, "a game parameter NAME=VALUE (repeatable)");
  app.add_option("--random-plies", o.random_plies,
                 "start each pair after this many plies played at random (the same in both "
                 "games of the pair)")
      ->check(CLI::Range(0, 1000));
  app.add_option("--openings", o.openings_file,
                 "start each pair from an opening of this file (an opening a line, its actions "
                 "separated by ';'), the suite once through unless --games says otherwise");
  app.add_flag("--shuffle-openings", o.shuffle_openings,
               "take the openings in an order drawn from the seed, not the file's");
  app.add_option("--sprt", texts.sprt, "ELO0,ELO1,ALPHA,BETA: the sequential test (two players)");
  app.add_option("--clock", texts.clock,
                 "BASE+INC: a game clock for each seat, BASE seconds and INC more a decision "
                 "(Fischer's); who runs out loses on time. Bots without @N think by it; programs' "
                 "calls are cut at what they have left, and the engine protocol's are told it");
  app.add_option("--records", o.records, "a JSON line per game to this file");
  app.add_option("--pgn", o.pgn, "each game's result as PGN (tags only) to this file");
  app.add_option("--sgf", o.sgf_dir, "a classic Amazons game each as SGF into this folder");
  app.add_flag("--gauntlet", o.gauntlet, "the first player against each of the others only");
  app.add_option("--resume", texts.resume,
                 "go on after an interruption from these records (a --records file): the pairs "
                 "they hold are counted, the others played and appended");
  app.add_option("--slice", texts.slice, "I/K: play only the pairs whose number modulo K is I");
  app.add_option("--slurm", slurm.dir,
                 "submit the tournament to Slurm as a job array, its records into this new folder");
  app.add_option("--slurm-tasks", slurm.tasks, "the job array's tasks (16, at most the pairs)")
      ->check(CLI::Range(1, 10000));
  app.add_flag("--wait", slurm.wait, "with --slurm: wait for the job, then give the standings");
  sandbox::add_call_options(app, o.limits, o.confine, "program: and engine: players", "you");
}

// The game and its players; why not, if they are not good.
std::optional<std::string> check_players(Options& o, const games::GameInfo& info,
                                         const Texts& texts) {
  if (const auto wrong = games::add_params(texts.params, o.params))
    return "--param " + *wrong + ": write it as NAME=VALUE";
  auto made = info.make(start_of_pair(o, info, 0));
  if (const auto* error = std::get_if<std::string>(&made)) return *error;
  if (std::get<std::unique_ptr<engine::AnyState>>(made)->players() != 2)
    return o.game + " with these parameters is not a game of two players";
  o.players = engine::split_on(texts.players, ',');
  if (o.players.size() < 2) return "--players needs two players at least";
  for (const std::string& p : o.players) {
    if (is_program(p)) {
      if (sandbox::command_line(program_command(p)).empty())
        return "\"" + engine::printable(p) + "\": " + p.substr(0, p.find(':') + 1) +
               "COMMAND needs a command";
      continue;
    }
    if (!info.make_bot(p, {}, 0)) {
      std::string bots;
      for (const std::string& b : info.bots) bots += (bots.empty() ? "" : ", ") + b;
      return "no player \"" + engine::printable(p) + "\" for " + o.game + " (its bots: " + bots +
             ", each with @N iterations or @Nms if it searches)";
    }
  }
  return std::nullopt;
}

// The seed of the first game in a records file, if it has one: a
// tournament resumed without --seed goes on with its own.
std::optional<std::uint64_t> seed_of_records(const std::string& file) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    const nlohmann::json game = nlohmann::json::parse(line, nullptr, false);
    if (game.is_object() && game.value("seed", nlohmann::json()).is_number_unsigned())
      return game["seed"].get<std::uint64_t>();
  }
  return std::nullopt;
}

// How the pairs open, which of them this process plays, and where they go.
std::optional<std::string> check_pairs(Options& o, const games::GameInfo& info, const Slurm& slurm,
                                       const Texts& texts, bool games_given) {
  if (!o.openings_file.empty()) {
    if (o.random_plies > 0) return "--openings and --random-plies: give one way to open";
    if (const std::string why = read_openings(o, info); !why.empty()) return why;
    if (!games_given) o.games = 2 * static_cast<int>(o.openings.size());
  } else if (o.shuffle_openings) {
    return "--shuffle-openings needs --openings FILE";
  }
  const auto n = static_cast<int>(o.players.size());
  o.encounters = o.gauntlet ? n - 1 : n * (n - 1) / 2;
  if (!texts.resume.empty()) {
    if (!o.records.empty() && o.records != texts.resume)
      return "--resume FILE appends to FILE: give no other --records";
    o.records = texts.resume;
    o.resume = true;
    if (o.seed_drawn) {
      if (const auto seed = seed_of_records(o.records)) o.seed = *seed;
    }
  }
  if (!o.sgf_dir.empty() && !std::filesystem::is_directory(o.sgf_dir))
    return "--sgf " + o.sgf_dir + ": not a folder";
  if (!texts.slice.empty()) {
    const std::size_t slash = texts.slice.find('/');
    const auto i = engine::parse_int(texts.slice.substr(0, slash));
    const auto k = slash == std::string::npos ? std::nullopt
                                              : engine::parse_int(texts.slice.substr(slash + 1));
    if (!i || !k || *k < 1 || *i < 0 || *i >= *k) return "--slice is I/K with 0 <= I < K";
    o.slice = *i;
    o.slices = *k;
  }
  if (!texts.clock.empty()) {
    auto read = read_clock(texts.clock);
    if (const auto* why = std::get_if<std::string>(&read)) return *why;
    o.clock = std::get<engine::SeatClock>(read);
  }
  if (!texts.sprt.empty()) {
    auto read = read_sprt(texts.sprt);
    if (const auto* why = std::get_if<std::string>(&read)) return *why;
    if (o.players.size() != 2) return "--sprt tests two players";
    if (!slurm.dir.empty() || o.slices > 1)
      return "--sprt decides pair by pair: it runs in one process, not sliced";
    o.sprt = std::get<engine::Sprt>(read);
  }
  return std::nullopt;
}

}  // namespace

std::optional<int> read_options(std::vector<std::string> args, Options& o, Slurm& slurm,
                                std::ostream& out, std::ostream& err) {
  CLI::App app{
      "Plays a round robin between bots of a game of two: each encounter in pairs of games\n"
      "from one start with the seats swapped; standings with Elo and its 95% interval, the\n"
      "pairs' statistics; with --sprt, a sequential test that stops when it decides.\n"
      "gridgames tournament --merge DIR: the standings of a tournament run with --slurm DIR.",
      "gridgames tournament"};
  Texts texts;
  add_options(app, o, slurm, texts);
  std::reverse(args.begin(), args.end());  // CLI11 reads a vector from its end
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? 0 : 2;
  }
  const auto fail = [&err](const std::string& why) -> std::optional<int> {
    err << "gridgames tournament: " << why << "\n";
    return 2;
  };
  if (app.count("--seed") == 0) {
    o.seed = engine::system_seed();
    o.seed_drawn = true;
  }
  const games::GameInfo* info = games::find_game(o.game);
  if (!info) return fail("unknown game \"" + engine::printable(o.game) + "\"");
  if (auto why = check_players(o, *info, texts)) return fail(*why);
  if (auto why = check_pairs(o, *info, slurm, texts, app.count("--games") > 0)) return fail(*why);
  return std::nullopt;
}

}  // namespace tournament
