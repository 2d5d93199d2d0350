#include "tournament/tournament.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "engine/call.hpp"
#include "engine/call_options.hpp"
#include "engine/random.hpp"
#include "engine/stats.hpp"
#include "engine/words.hpp"
#include "games/registry.hpp"

namespace launcher {

namespace {

using nlohmann::json;

struct Options {
  std::string game;
  std::vector<std::string> players;
  int games = 2;  // per encounter of two players: pairs of games, seats swapped
  int concurrency = 1;
  std::uint64_t seed = 1;
  int max_length = 0;
  int random_plies = 0;  // played at random at the start of each pair, the same for both games
  // The openings of --openings FILE (each a list of actions), played one a
  // pair (both games), in the file's order or in the seed's.
  std::vector<std::vector<std::string>> openings;
  std::string openings_file;
  bool shuffle_openings = false;
  int encounters = 1;  // how many encounters of two players share the pairs
  engine::Params params;
  std::optional<engine::Sprt> sprt;
  std::string records, pgn, sgf_dir;
  bool gauntlet = false;               // the first player against each of the others only
  bool resume = false;                 // go on from the records
  int slice = 0, slices = 1;           // play the pairs whose number % slices is slice
  std::vector<std::string> merge;      // count these records' pairs, play nothing
  engine::CallLimits limits;           // of program: players' calls
  engine::ConfinementRequest confine;  // and how they are confined
};

constexpr std::string_view kProgram = "program:";

// Where a tournament goes to Slurm, and whether to wait for it.
struct Slurm {
  std::string dir;
  int tasks = 16;
  bool wait = false;
};

// One game's outcome as the tournament keeps it.
struct Played {
  int pair = 0, game = 0;     // which pair, and 0 or 1 within it
  int first = 0, second = 0;  // the players in seats 1 and 2
  double first_points = 0.5;  // 1, 0.5 or 0
  std::string verdict;        // "win" or "draw" by the rules, else the loser's fault's kind
  std::string reason;         // how it ended: "rules", or the loser's fault in words
  json record;                // the JSON line
  bool interrupted = false;   // the tournament was stopped (a signal) during the game
  // Lost by the loser's fault (crash, time, illegal action), not by the rules.
  bool by_fault() const { return reason != "rules"; }
};

// Where program: players play: a folder for each seat of each game in the
// tournament's temporary folder, confined (engine/arena.hpp).
struct Programs {
  std::unique_ptr<engine::CallArena> arena;
};

// An encounter: two players and the pairs they play.
struct Encounter {
  int a = 0, b = 0;
};

// The game's start for a pair (games::start_params): the same for both
// games of the pair.
engine::Params start_of_pair(const Options& o, const games::GameInfo& info, int pair) {
  return games::start_params(info.params, o.params, o.seed, static_cast<std::uint64_t>(pair),
                             o.max_length);
}

// An action of a game's record: who played it, its text, its time, and the
// game's notation of it where the game has one (classic Amazons: d1-d7).
json action_record(const engine::AnyState& state, int player, const std::string& action,
                   long long ms) {
  json out = {{"player", player}, {"action", action}, {"ms", ms}};
  if (const auto move = state.describe(action, player); move && move->notation != action)
    out["notation"] = move->notation;
  return out;
}

// The pair's opening: --random-plies plies of actions drawn at random from
// the pair's seed (a ply ends when the player to move changes: an Amazons
// move and its shot, a Sword and Shield turn), marked as such in the record.
void play_random_plies(const Options& o, int pair, engine::AnyState& state, json& actions) {
  engine::Random rng(o.seed * 1000003ULL + static_cast<std::uint64_t>(pair) * 7919ULL + 1);
  for (int plies = 0; plies < o.random_plies && !state.over();) {
    const int mover = state.to_move();
    const std::vector<std::string> legal = state.legal_actions();
    const std::string& action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    actions.push_back(action_record(state, mover, action, 0));
    actions.back()["random"] = true;
    state.apply(action);
    plies += state.over() || state.to_move() != mover;
  }
}

// The opening of a pair (its index in the suite): the pairs of each
// encounter go through the suite in order, or in an order drawn from the
// seed, once each before any comes again.
std::size_t opening_of(const Options& o, int pair) {
  const std::size_t n = o.openings.size();
  const auto k = static_cast<std::size_t>(pair / std::max(1, o.encounters));
  if (!o.shuffle_openings) return k % n;
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  engine::Random rng(o.seed * 7919ULL + k / n + 17);  // a new order each time round
  for (std::size_t i = n; i > 1; --i)
    std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
  return order[k % n];
}

// The pair's opening of --openings, played as it is, marked in the record.
void play_opening(const Options& o, int pair, engine::AnyState& state, json& actions) {
  if (o.openings.empty()) return;
  for (const std::string& action : o.openings[opening_of(o, pair)]) {
    actions.push_back(action_record(state, state.to_move(), action, 0));
    actions.back()["opening"] = true;
    state.apply(action);
  }
}

// Reads --openings FILE: an opening a line, its actions (the game's texts)
// separated by ";", "#" and what follows a comment; each checked from the
// start of the first pair. Empty, or why not.
std::string read_openings(Options& o, const games::GameInfo& info) {
  std::ifstream in(o.openings_file);
  if (!in) return "--openings " + o.openings_file + ": cannot be read";
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    line = line.substr(0, line.find('#'));
    std::vector<std::string> opening;
    for (std::string action : engine::split_on(line, ';')) {
      action = std::string(engine::trim(action));
      if (!action.empty()) opening.push_back(action);
    }
    if (opening.empty()) continue;
    const std::string where = "--openings " + o.openings_file + " line " + std::to_string(number);
    auto state = std::get<std::unique_ptr<engine::AnyState>>(info.make(start_of_pair(o, info, 0)));
    for (const std::string& action : opening) {
      if (state->over())
        return where + ": the game is over before \"" + engine::printable(action) + "\"";
      if (auto why = state->apply(action))
        return where + ": " + engine::printable(action) + ": " + *why;
    }
    if (state->over()) return where + ": the game is over after it";
    o.openings.push_back(std::move(opening));
  }
  if (o.openings.empty()) return "--openings " + o.openings_file + ": no opening in it";
  return "";
}

// A seat's player: a bot, or a program: player in `seat`.
std::unique_ptr<engine::AnyBot> make_player(const Options& o, const games::GameInfo& info,
                                            const std::string& name, const engine::SeatFolder* seat,
                                            std::uint64_t seed) {
  if (!name.starts_with(kProgram)) return info.make_bot(name, games::SelfplayOptions{}, seed);
  return info.make_program(name.substr(kProgram.size()), engine::ProgramSeat{seat, o.limits});
}

// Plays one game: seat 1 `first`, seat 2 `second`. A player whose action
// the rules refuse loses the game ("illegal action"), as does a program
// that crashes or runs out of time.
Played play_game(const Options& o, const games::GameInfo& info, const Programs& programs, int pair,
                 int game, int first, int second) {
  Played out{pair, game, first, second, 0.5, "draw", "rules", json()};
  const engine::Params params = start_of_pair(o, info, pair);
  auto state = std::get<std::unique_ptr<engine::AnyState>>(info.make(params));
  const int seats[2] = {first, second};
  // The seats' folders outlive their players (declared first, gone last).
  std::unique_ptr<engine::SeatFolder> folders[2];
  std::unique_ptr<engine::AnyBot> bots[2];
  for (int s = 0; s < 2; ++s) {
    const std::uint64_t seed =
        o.seed * 1000003ULL + static_cast<std::uint64_t>(pair * 4 + game * 2 + s);
    const std::string& name = o.players[static_cast<std::size_t>(seats[s])];
    if (name.starts_with(kProgram)) {
      auto made = programs.arena->seat(
          programs.arena->path() / ("pair-" + std::to_string(pair + 1) + "-game-" +
                                    std::to_string(game + 1) + "-seat-" + std::to_string(s + 1)));
      if (auto* why = std::get_if<std::string>(&made))
        throw std::runtime_error("a program: player's folder: " + *why);
      folders[s] = std::move(std::get<std::unique_ptr<engine::SeatFolder>>(made));
    }
    bots[s] = make_player(o, info, name, folders[s].get(), seed);
  }
  json actions = json::array();
  play_random_plies(o, pair, *state, actions);
  play_opening(o, pair, *state, actions);
  int loser = -1;
  for (long long n = 0; !state->over() && n < 10000000; ++n) {
    const int mover = state->to_move();
    const auto began = std::chrono::steady_clock::now();
    const std::string action = bots[mover]->choose(*state);
    const auto ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began);
    const std::string& who = o.players[static_cast<std::size_t>(seats[mover])];
    if (const auto fault = bots[mover]->fault()) {
      loser = mover;
      out.verdict = fault->kind;
      out.reason = fault->kind + " by " + who + ": " + engine::printable(fault->detail, 300);
      break;
    }
    actions.push_back(action_record(*state, mover, action, std::llround(ms.count())));
    if (auto refused = state->apply(action)) {
      loser = mover;
      out.verdict = "illegal action";
      out.reason =
          "illegal action by " + who + ": " + engine::printable(action) + " (" + *refused + ")";
      break;
    }
  }
  out.interrupted = engine::calls_stopped();
  const engine::Returns r = state->returns();
  if (loser >= 0) {
    out.first_points = loser == 0 ? 0 : 1;
  } else {
    out.first_points = r[0] > r[1] ? 1 : r[0] < r[1] ? 0 : 0.5;
    out.verdict = out.first_points == 0.5 ? "draw" : "win";
  }
  out.record = {
      {"game", info.name},
      {"pair", pair + 1},
      {"game_in_pair", game + 1},
      {"seed", o.seed},
      {"players", {first, second}},
      {"seats",
       {o.players[static_cast<std::size_t>(first)], o.players[static_cast<std::size_t>(second)]}},
      {"params", params},
      {"random_plies", o.random_plies},
      {"opening", o.openings.empty() ? 0 : static_cast<int>(opening_of(o, pair)) + 1},
      {"actions", actions},
      {"points", {out.first_points, 1 - out.first_points}},
      {"verdict", out.verdict},
      {"reason", out.reason}};
  return out;
}

// The moves of a game in its notation, a ply (a player's actions until the
// player to move changes) a word, numbered as PGN numbers White's: "1.
// d1-d7/g7 a7-d4/i4 2. ..."; nothing for a game with no notation.
std::string movetext(const json& actions) {
  std::vector<std::string> plies;
  int last = -1;
  for (const json& a : actions) {
    if (!a.contains("notation")) return "";
    const int player = a.value("player", 0);
    if (plies.empty() || player != last) plies.emplace_back();
    plies.back() += a["notation"].get<std::string>();
    last = player;
  }
  std::string out;
  for (std::size_t i = 0; i < plies.size(); ++i)
    out += (i % 2 == 0 ? std::to_string(i / 2 + 1) + ". " : "") + plies[i] + " ";
  return out;
}

// The PGN of a game: its tags and, where the game has a notation, its moves,
// as Ordo and BayesElo read them.
std::string pgn_of(const Options& o, const Played& p, int round) {
  const char* result = p.first_points == 1 ? "1-0" : p.first_points == 0 ? "0-1" : "1/2-1/2";
  // A tag's value is a PGN string: its quotes and backslashes escaped.
  const auto tag = [](const std::string& text) {
    std::string value;
    for (const char c : text)
      value += c == '"' || c == '\\' ? std::string{'\\', c} : std::string{c};
    return value;
  };
  std::ostringstream out;
  out << "[Event \"gridgames tournament " << o.game << "\"]\n[Site \"?\"]\n[Round \"" << round
      << "\"]\n[White \"" << tag(o.players[static_cast<std::size_t>(p.first)]) << "\"]\n[Black \""
      << tag(o.players[static_cast<std::size_t>(p.second)]) << "\"]\n[Result \"" << result
      << "\"]\n";
  if (p.by_fault()) out << "[Termination \"" << tag(p.verdict) << "\"]\n";
  out << "\n" << movetext(p.record.value("actions", json::array())) << result << "\n\n";
  return out.str();
}

std::string elo_text(engine::EloEstimate e) {
  // Every game won (or lost): no finite estimate, and no interval to give.
  if (std::isinf(e.elo)) return e.elo > 0 ? "+inf (every point won)" : "-inf (every point lost)";
  if (std::abs(e.elo) < 0.05) e.elo = 0;  // not "-0.0"
  std::ostringstream out;
  out << std::fixed << std::setprecision(1) << std::showpos << e.elo << std::noshowpos;
  // Every game (or pair) scored the same: the spread that an interval
  // comes from is not seen yet.
  if (e.low == e.high) return out.str() + " (every score the same: no interval yet)";
  out << " [" << std::showpos << e.low << ", " << e.high << std::noshowpos << "]";
  return out.str();
}

class Tournament {
 public:
  Tournament(const Options& o, const games::GameInfo& info, const Programs& programs)
      : o_(o), info_(info), programs_(programs) {
    const int n = static_cast<int>(o.players.size());
    for (int a = 0; a < (o.gauntlet ? 1 : n); ++a)
      for (int b = a + 1; b < n; ++b) encounters_.push_back({a, b});
    pairs_per_encounter_ = std::max(1, o.games / 2);
    tallies_.resize(o.players.size());
    pentanomials_.resize(encounters_.size());
  }

  int run(std::ostream& out, std::ostream& err) {
    out_ = &out;
    const int total = static_cast<int>(encounters_.size()) * pairs_per_encounter_;
    std::vector<bool> done(static_cast<std::size_t>(total));
    if (!o_.merge.empty()) {
      std::map<int, std::vector<json>> pairs;
      for (const std::string& file : o_.merge)
        if (!load(file, pairs, err)) return 2;
      count_loaded(pairs, done);
      standings(out);
      return 0;
    }
    if (o_.resume && !resume(done, out, err)) return 2;
    if (!o_.records.empty() && !open(records_, o_.records, o_.resume, err)) return 2;
    if (!o_.pgn.empty() && !open(pgn_, o_.pgn, o_.resume, err)) return 2;
    std::vector<std::thread> workers;
    for (int w = 0; w < o_.concurrency; ++w)
      workers.emplace_back([&] {
        for (int job; !stop_ && !engine::calls_stopped() && (job = next_++) < total;)
          if (!done[static_cast<std::size_t>(job)] && job % o_.slices == o_.slice)
            play_pair(job, out);
      });
    for (std::thread& w : workers) w.join();
    standings(out);
    return 0;
  }

  // The standings as values (what `standings` prints).
  TournamentResult result() const {
    TournamentResult r;
    for (std::size_t p = 0; p < tallies_.size(); ++p) {
      const auto f = faults_.find(static_cast<int>(p));
      r.standings.push_back(
          {o_.players[p], tallies_[p],
           tallies_[p].games() ? engine::estimate(tallies_[p]) : engine::EloEstimate{},
           f == faults_.end() ? std::map<std::string, int>{} : f->second});
    }
    for (std::size_t e = 0; e < encounters_.size(); ++e)
      r.encounters.push_back(
          {name(encounters_[e].a), name(encounters_[e].b), pentanomials_[e],
           pentanomials_[e].count() ? engine::estimate(pentanomials_[e]) : engine::EloEstimate{}});
    r.sprt = sprt_decision_;
    return r;
  }

 private:
  static bool open(std::ofstream& file, const std::string& path, bool append, std::ostream& err) {
    file.open(path, std::ios::out | (append ? std::ios::app : std::ios::trunc));
    if (!file) err << "gridgames tournament: cannot write " << path << "\n";
    return static_cast<bool>(file);
  }

  // The games of `file` by pair; false (and why) if they are not all of
  // this tournament. A line cut by an interruption is left out.
  bool load(const std::string& file, std::map<int, std::vector<json>>& pairs, std::ostream& err) {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
      const json game = json::parse(line, nullptr, false);
      if (game.is_discarded()) continue;
      if (!of_this_tournament(game)) {
        err << "gridgames tournament: " << file
            << " holds games of another tournament (its game, players, seed, parameters or random "
               "plies differ)\n";
        return false;
      }
      pairs[game["pair"].get<int>() - 1].push_back(game);
    }
    return true;
  }

  // The whole pairs among them, counted as if played now (a pair with one
  // game of two is left to be played again).
  void count_loaded(const std::map<int, std::vector<json>>& pairs, std::vector<bool>& done) {
    for (const auto& [pair, games] : pairs) {
      if (games.size() != 2) continue;
      done[static_cast<std::size_t>(pair)] = true;
      count(pair, played_of(games[0]), played_of(games[1]), nullptr);
    }
  }

  // Going on from the records: their whole pairs counted; the file written
  // again with those only, then appended to.
  bool resume(std::vector<bool>& done, std::ostream& out, std::ostream& err) {
    std::map<int, std::vector<json>> pairs;
    if (!std::filesystem::exists(o_.records)) return true;  // nothing yet
    if (!load(o_.records, pairs, err)) return false;
    count_loaded(pairs, done);
    std::ofstream kept(o_.records, std::ios::trunc);
    for (const auto& [pair, games] : pairs)
      if (games.size() == 2)
        for (const json& g : games)
          kept << g.dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
    out << "resumed: " << pairs_played_ << " pairs from " << o_.records << "\n";
    if (!kept) err << "gridgames tournament: cannot write " << o_.records << "\n";
    return static_cast<bool>(kept);
  }

  // Whether a record is a game of this tournament: its game, seed, a pair
  // it has, and the players at its seats.
  bool of_this_tournament(const json& g) const {
    const int total = static_cast<int>(encounters_.size()) * pairs_per_encounter_;
    if (!g.is_object() || g.value("game", "") != o_.game || g.value("seed", json()) != o_.seed ||
        !g.value("pair", json()).is_number_integer() || g["pair"].get<int>() < 1 ||
        g["pair"].get<int>() > total || !g.value("players", json()).is_array() ||
        g["players"].size() != 2 || !g.value("seats", json()).is_array() ||
        g["seats"].size() != 2 || !g.value("points", json()).is_array() || g["points"].empty() ||
        !g["points"][0].is_number() || g.value("random_plies", 0) != o_.random_plies ||
        g.value("opening", 0) !=
            (o_.openings.empty()
                 ? 0
                 : static_cast<int>(opening_of(o_, g["pair"].get<int>() - 1)) + 1) ||
        g.value("params", json()) != json(start_of_pair(o_, info_, g["pair"].get<int>() - 1)))
      return false;
    for (std::size_t s = 0; s < 2; ++s) {
      const json& index = g["players"][s];
      if (!index.is_number_unsigned() || index.get<std::size_t>() >= o_.players.size() ||
          g["seats"][s] != o_.players[index.get<std::size_t>()])
        return false;
    }
    return true;
  }

  static Played played_of(const json& g) {
    Played p;
    p.first = g["players"][0];
    p.second = g["players"][1];
    p.first_points = g["points"][0];
    p.reason = g.value("reason", "rules");
    p.verdict = g.value("verdict", "");
    p.record = g;
    return p;
  }

  void play_pair(int pair, std::ostream& out) {
    const Encounter enc = encounters_[static_cast<std::size_t>(pair) % encounters_.size()];
    const Played one = play_game(o_, info_, programs_, pair, 0, enc.a, enc.b);
    const Played two = play_game(o_, info_, programs_, pair, 1, enc.b, enc.a);
    if (one.interrupted || two.interrupted) return;  // counted by none, played again on --resume
    const std::lock_guard lock(mutex_);
    for (const Played* p : {&one, &two}) {
      if (records_)
        records_ << p->record.dump(-1, ' ', false, json::error_handler_t::replace) << "\n"
                 << std::flush;
      if (pgn_) pgn_ << pgn_of(o_, *p, ++games_played_) << std::flush;
      if (!o_.sgf_dir.empty()) write_sgf(*p);
    }
    count(pair, one, two, &out);
  }

  // The pair in the standings; with `out`, its line and the SPRT's.
  void count(int pair, const Played& one, const Played& two, std::ostream* out) {
    const std::size_t e = static_cast<std::size_t>(pair) % encounters_.size();
    for (const Played* p : {&one, &two}) {
      tally(p->first).add(p->first_points);
      tally(p->second).add(1 - p->first_points);
      if (p->by_fault()) ++faults_[p->first_points == 0 ? p->first : p->second][p->verdict];
    }
    engine::Pentanomial& penta = pentanomials_[e];
    penta.add(one.first_points, 1 - two.first_points);
    ++pairs_played_;
    if (out) {
      *out << "pair " << pair + 1 << ": " << name(encounters_[e].a) << " vs "
           << name(encounters_[e].b) << ": " << points(one.first_points) << " "
           << points(1 - two.first_points);
      for (const Played* p : {&one, &two})
        if (p->by_fault()) *out << " (" << p->reason << ")";
      if (o_.sprt) {
        const double llr = o_.sprt->llr(penta);
        *out << std::fixed << std::setprecision(2) << "; LLR "
             << (std::abs(llr) < 0.005 ? 0.0 : llr) << " ["  // not "-0.00"
             << o_.sprt->lower() << ", " << o_.sprt->upper() << "]";
      }
      *out << "\n" << std::flush;
    }
    const auto decision = o_.sprt ? o_.sprt->decide(penta) : engine::Sprt::Decision::Continue;
    if (decision != engine::Sprt::Decision::Continue && !stop_) {
      stop_ = true;
      sprt_decision_ = decision == engine::Sprt::Decision::AcceptH1 ? "H1" : "H0";
      *out_ << "SPRT: " << (decision == engine::Sprt::Decision::AcceptH1 ? "H1" : "H0")
            << " accepted after " << penta.count() << " pairs\n"
            << std::flush;
    }
  }

  // A classic Amazons game as SGF too (pair-N-game-M.sgf), when the game
  // has that format for these parameters.
  void write_sgf(const Played& p) const {
    if (!info_.sgf) return;
    std::vector<std::string> actions;
    for (const json& a : p.record["actions"]) actions.push_back(a["action"]);
    engine::Returns r{};
    r[0] = 2 * p.first_points - 1;
    r[1] = -r[0];
    const auto today = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch());
    const auto sgf = info_.sgf(p.record["params"].get<engine::Params>(), actions, r,
                               p.by_fault() ? engine::EndedBy::Forfeit : engine::EndedBy::Rules,
                               engine::utc_date(today.count()));
    if (!sgf) return;
    std::ofstream(o_.sgf_dir + "/pair-" + std::to_string(p.record["pair"].get<int>()) + "-game-" +
                  std::to_string(p.record["game_in_pair"].get<int>()) + ".sgf")
        << *sgf;
  }

  engine::Trinomial& tally(int player) { return tallies_[static_cast<std::size_t>(player)]; }
  const std::string& name(int player) const { return o_.players[static_cast<std::size_t>(player)]; }
  static std::string points(double p) { return p == 1 ? "1" : p == 0 ? "0" : "1/2"; }

  void standings(std::ostream& out) {
    out << "Standings after " << 2 * pairs_played_ << " games (Elo against the field, 95%):\n";
    for (std::size_t p = 0; p < tallies_.size(); ++p) {
      const engine::Trinomial& t = tallies_[p];
      out << p + 1 << ". " << o_.players[p] << ": " << t.wins << " wins, " << t.draws << " draws, "
          << t.losses << " losses, Elo "
          << (t.games() > 0 ? elo_text(engine::estimate(t)) : "- (no games)");
      if (const auto f = faults_.find(static_cast<int>(p)); f != faults_.end()) {
        out << "; lost by";
        for (const auto& [kind, n] : f->second) out << " " << kind << " " << n;
      }
      out << "\n";
    }
    for (std::size_t e = 0; e < encounters_.size(); ++e) {
      const engine::Pentanomial& penta = pentanomials_[e];
      if (penta.count() == 0) continue;
      out << name(encounters_[e].a) << " vs " << name(encounters_[e].b) << ": pairs";
      for (const std::int64_t n : penta.pairs) out << " " << n;
      out << " (0 to 2 points), Elo " << elo_text(engine::estimate(penta)) << "\n";
    }
    if (o_.players.size() > 2) crosstable(out);
  }

  // Each player's points against each other (row against column), of the
  // games they played: "7.5/10".
  void crosstable(std::ostream& out) const {
    const std::size_t n = o_.players.size();
    std::vector<std::vector<std::string>> cells(n, std::vector<std::string>(n, "-"));
    for (std::size_t e = 0; e < encounters_.size(); ++e) {
      const engine::Pentanomial& penta = pentanomials_[e];
      double first = 0;
      for (std::size_t k = 0; k < penta.pairs.size(); ++k)
        first += 0.5 * static_cast<double>(k * static_cast<std::size_t>(penta.pairs[k]));
      const std::string games = "/" + std::to_string(2 * penta.count());
      const auto a = static_cast<std::size_t>(encounters_[e].a);
      const auto b = static_cast<std::size_t>(encounters_[e].b);
      cells[a][b] = points_text(first) + games;
      cells[b][a] = points_text(2.0 * static_cast<double>(penta.count()) - first) + games;
    }
    std::size_t label = 0, width = std::to_string(n).size();
    for (std::size_t p = 0; p < n; ++p) {
      label = std::max(label, std::to_string(p + 1).size() + 2 + o_.players[p].size());
      for (const std::string& cell : cells[p]) width = std::max(width, cell.size());
    }
    out << "Crosstable (the row's points against the column's player, of their games):\n"
        << std::string(label, ' ');
    for (std::size_t c = 0; c < n; ++c) out << "  " << std::setw(static_cast<int>(width)) << c + 1;
    out << "\n";
    for (std::size_t p = 0; p < n; ++p) {
      out << std::left << std::setw(static_cast<int>(label))
          << std::to_string(p + 1) + ". " + o_.players[p] << std::right;
      for (const std::string& cell : cells[p])
        out << "  " << std::setw(static_cast<int>(width)) << cell;
      out << "\n";
    }
  }

  // 7, 7.5: points as people write them.
  static std::string points_text(double points) {
    const auto whole = static_cast<long long>(points);
    return std::to_string(whole) + (points - static_cast<double>(whole) >= 0.5 ? ".5" : "");
  }

  const Options& o_;
  const games::GameInfo& info_;
  const Programs& programs_;
  std::vector<Encounter> encounters_;
  int pairs_per_encounter_ = 1;
  std::atomic<int> next_{0};
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::vector<engine::Trinomial> tallies_;
  std::vector<engine::Pentanomial> pentanomials_;
  std::map<int, std::map<std::string, int>> faults_;  // games a player lost by a fault, by kind
  std::string sprt_decision_;                         // "H1" or "H0" once the SPRT decided
  int pairs_played_ = 0, games_played_ = 0;
  std::ofstream records_, pgn_;
  std::ostream* out_ = nullptr;
};

// "elo0,elo1,alpha,beta", or why not.
std::variant<engine::Sprt, std::string> read_sprt(const std::string& text) {
  const auto parts = engine::split_on(text, ',');
  std::vector<double> v;
  for (const std::string& part : parts) {
    char* end = nullptr;
    const double d = std::strtod(part.c_str(), &end);
    if (part.empty() || *end != '\0' || !std::isfinite(d)) break;
    v.push_back(d);
  }
  if (v.size() != 4 || v[0] >= v[1] || v[2] <= 0 || v[2] >= 0.5 || v[3] <= 0 || v[3] >= 0.5)
    return std::string(
        "--sprt is ELO0,ELO1,ALPHA,BETA with ELO0 < ELO1 and error rates "
        "between 0 and 0.5, such as 0,5,0.05,0.05");
  return engine::Sprt{v[0], v[1], v[2], v[3]};
}

// The arguments of a tournament (those after "tournament") read into `o`;
// nullopt when they are good, else the exit code (after the reason).
std::optional<int> read_options(std::vector<std::string> args, Options& o, Slurm& slurm,
                                std::ostream& out = std::cout, std::ostream& err = std::cerr) {
  std::string players, sprt, slice, resume;
  std::vector<std::string> params;
  CLI::App app{
      "Plays a round robin between bots of a game of two: each encounter in pairs of games\n"
      "from one start with the seats swapped; standings with Elo and its 95% interval, the\n"
      "pairs' statistics; with --sprt, a sequential test that stops when it decides.\n"
      "gridgames tournament --merge DIR: the standings of a tournament run with --slurm DIR.",
      "gridgames tournament"};
  app.add_option("game", o.game, "the game")->required();
  app.add_option("--players", players,
                 "the players, comma-separated: bots by name, NAME@N (N iterations a decision) or "
                 "NAME@Nms (N milliseconds); for Amazons also program:COMMAND, a program of the "
                 "tournament file protocol (its command without commas)")
      ->required();
  app.add_option("--games", o.games, "games per encounter of two players (pairs: even)")
      ->check(CLI::Range(2, 10000000));
  app.add_option("--concurrency", o.concurrency, "games played at once")->check(CLI::Range(1, 256));
  app.add_option("--seed", o.seed, "the seed of the starts and the bots");
  app.add_option("--max-length", o.max_length, "the length limit of games that have one")
      ->check(CLI::Range(1, 10000000));
  app.add_option("--param", params, "a game parameter NAME=VALUE (repeatable)");
  app.add_option("--random-plies", o.random_plies,
                 "start each pair after this many plies played at random (the same in both "
                 "games of the pair)")
      ->check(CLI::Range(0, 1000));
  app.add_option("--openings", o.openings_file,
                 "start each pair from an opening of this file (an opening a line, its actions "
                 "separated by ';'), the suite once through unless --games says otherwise");
  app.add_flag("--shuffle-openings", o.shuffle_openings,
               "take the openings in an order drawn from the seed, not the file's");
  app.add_option("--sprt", sprt, "ELO0,ELO1,ALPHA,BETA: the sequential test (two players)");
  app.add_option("--records", o.records, "a JSON line per game to this file");
  app.add_option("--pgn", o.pgn, "each game's result as PGN (tags only) to this file");
  app.add_option("--sgf", o.sgf_dir, "a classic Amazons game each as SGF into this folder");
  app.add_flag("--gauntlet", o.gauntlet, "the first player against each of the others only");
  app.add_option("--resume", resume,
                 "go on after an interruption from these records (a --records file): the pairs "
                 "they hold are counted, the others played and appended");
  app.add_option("--slice", slice, "I/K: play only the pairs whose number modulo K is I");
  app.add_option("--slurm", slurm.dir,
                 "submit the tournament to Slurm as a job array, its records into this new folder");
  app.add_option("--slurm-tasks", slurm.tasks, "the job array's tasks (16, at most the pairs)")
      ->check(CLI::Range(1, 10000));
  app.add_flag("--wait", slurm.wait, "with --slurm: wait for the job, then give the standings");
  engine::add_call_options(app, o.limits, o.confine, "program: players", "you");
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
  const games::GameInfo* info = games::find_game(o.game);
  if (!info) return fail("unknown game \"" + engine::printable(o.game) + "\"");
  if (const auto wrong = games::add_params(params, o.params))
    return fail("--param " + *wrong + ": write it as NAME=VALUE");
  auto made = info->make(start_of_pair(o, *info, 0));
  if (const auto* error = std::get_if<std::string>(&made)) return fail(*error);
  if (std::get<std::unique_ptr<engine::AnyState>>(made)->players() != 2)
    return fail(o.game + " with these parameters is not a game of two players");
  o.players = engine::split_on(players, ',');
  if (o.players.size() < 2) return fail("--players needs two players at least");
  for (const std::string& p : o.players) {
    if (p.starts_with(kProgram)) {
      if (!info->make_program)
        return fail(o.game + " has no file protocol for programs: its players are bots");
      if (!info->make_program(p.substr(kProgram.size()), {}))
        return fail("\"" + engine::printable(p) + "\": program:COMMAND needs a command");
      continue;
    }
    if (!info->make_bot(p, {}, 0)) {
      std::string bots;
      for (const std::string& b : info->bots) bots += (bots.empty() ? "" : ", ") + b;
      return fail("no player \"" + engine::printable(p) + "\" for " + o.game +
                  " (its bots: " + bots + ", each with @N iterations or @Nms if it searches)");
    }
  }
  if (!o.openings_file.empty()) {
    if (o.random_plies > 0) return fail("--openings and --random-plies: give one way to open");
    if (const std::string why = read_openings(o, *info); !why.empty()) return fail(why);
    if (app.count("--games") == 0) o.games = 2 * static_cast<int>(o.openings.size());
  } else if (o.shuffle_openings) {
    return fail("--shuffle-openings needs --openings FILE");
  }
  const auto n = static_cast<int>(o.players.size());
  o.encounters = o.gauntlet ? n - 1 : n * (n - 1) / 2;
  if (!resume.empty()) {
    if (!o.records.empty() && o.records != resume)
      return fail("--resume FILE appends to FILE: give no other --records");
    o.records = resume;
    o.resume = true;
  }
  if (!o.sgf_dir.empty() && !std::filesystem::is_directory(o.sgf_dir))
    return fail("--sgf " + o.sgf_dir + ": not a folder");
  if (!slice.empty()) {
    const std::size_t slash = slice.find('/');
    const auto i = engine::parse_int(slice.substr(0, slash));
    const auto k =
        slash == std::string::npos ? std::nullopt : engine::parse_int(slice.substr(slash + 1));
    if (!i || !k || *k < 1 || *i < 0 || *i >= *k) return fail("--slice is I/K with 0 <= I < K");
    o.slice = *i;
    o.slices = *k;
  }
  if (!sprt.empty()) {
    auto read = read_sprt(sprt);
    if (const auto* why = std::get_if<std::string>(&read)) return fail(*why);
    if (o.players.size() != 2) return fail("--sprt tests two players");
    if (!slurm.dir.empty() || o.slices > 1)
      return fail("--sprt decides pair by pair: it runs in one process, not sliced");
    o.sprt = std::get<engine::Sprt>(read);
  }
  return std::nullopt;
}

// A shell word: 'text', its quotes written '\''.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs a program (found on PATH) with these arguments; its exit code, or
// -1 if it cannot be started.
int run_program(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ) != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int merge(const std::string& dir);

// The folder and the confinement of the program: players, if there are
// any; false (and why) if they cannot be confined as asked.
bool prepare_programs(const Options& o, Programs& programs, std::ostream& err) {
  if (std::none_of(o.players.begin(), o.players.end(),
                   [](const std::string& p) { return p.starts_with(kProgram); }))
    return true;
  engine::become_subreaper();
  const auto fail = [&err](const std::string& why) {
    err << "gridgames tournament: " << why << "\n";
    return false;
  };
  auto opened = engine::CallArena::open("gridgames-tournament", o.confine, o.limits);
  if (auto* why = std::get_if<std::string>(&opened)) return fail(*why);
  programs.arena = std::move(std::get<std::unique_ptr<engine::CallArena>>(opened));
  for (const std::string& player : o.players) {
    if (!player.starts_with(kProgram)) continue;
    const auto argv = engine::command_line(player.substr(kProgram.size()));
    if (const auto why = programs.arena->unreachable(argv)) return fail(*why);
  }
  if (const auto problem = programs.arena->sandbox_problem())
    return fail("the program: players' sandbox cannot start: " + *problem +
                "\nGive --no-sandbox to run them unconfined (they can then read and write all "
                "you can)");
  return true;
}

// Submits the tournament as a Slurm job array: task I plays the pairs
// whose number % K is I into DIR/records-I.jsonl (its output in
// DIR/task-I.out); DIR/tournament.json keeps the arguments for --merge.
int submit(const Options& o, const Slurm& slurm, std::vector<std::string> args) {
  const auto fail = [](const std::string& why) {
    std::cerr << "gridgames tournament: " << why << "\n";
    return 2;
  };
  std::error_code error;
  const std::filesystem::path dir = std::filesystem::absolute(slurm.dir, error);
  if (std::filesystem::exists(dir) && !std::filesystem::is_empty(dir, error))
    return fail("--slurm " + slurm.dir + ": the folder is not empty (a tournament is there?)");
  std::filesystem::create_directories(dir, error);
  if (error) return fail("--slurm " + slurm.dir + ": " + error.message());
  // The arguments of the tasks and of --merge: these, without Slurm's.
  for (const char* option : {"--slurm", "--slurm-tasks"}) {
    const auto at = std::find(args.begin(), args.end(), option);
    if (at != args.end()) args.erase(at, std::min(at + 2, args.end()));
  }
  std::erase(args, "--wait");
  const int pairs =
      static_cast<int>(o.players.size() * (o.players.size() - 1) / 2) * std::max(1, o.games / 2);
  const int tasks = std::min(
      slurm.tasks,
      o.gauntlet ? static_cast<int>(o.players.size() - 1) * std::max(1, o.games / 2) : pairs);
  const std::string program = std::filesystem::read_symlink("/proc/self/exe", error).string();
  std::ofstream((dir / "tournament.json").string())
      << json{{"args", args}, {"tasks", tasks}}.dump() << "\n";
  std::string line = "exec " + quoted(program) + " tournament";
  for (const std::string& a : args) line += " " + quoted(a);
  line += " --slice \"$SLURM_ARRAY_TASK_ID/" + std::to_string(tasks) + "\" --records " +
          quoted((dir / "records-").string()) + "\"$SLURM_ARRAY_TASK_ID.jsonl\"";
  std::ofstream((dir / "job.sh").string())
      << "#!/bin/sh\n# A slice of a gridgames tournament (gridgames tournament --merge "
      << dir.string() << " gives the standings).\n"
      << line << "\n";
  if (error) return fail(error.message());
  std::vector<std::string> sbatch = {"sbatch",
                                     "--parsable",
                                     "--job-name=gridgames-tournament",
                                     "--array=0-" + std::to_string(tasks - 1),
                                     "--output=" + (dir / "task-%a.out").string(),
                                     (dir / "job.sh").string()};
  if (slurm.wait) sbatch.insert(sbatch.begin() + 1, "--wait");
  std::cout << "submitting " << tasks << " tasks to Slurm; the job's id:\n" << std::flush;
  const int status = run_program(sbatch);
  if (status < 0) return fail("sbatch cannot be run: is Slurm installed (Debian's slurm-wlm)?");
  if (status != 0) return fail("sbatch failed (exit " + std::to_string(status) + ")");
  if (!slurm.wait) {
    std::cout << "when it is done: gridgames tournament --merge " << dir.string() << "\n";
    return 0;
  }
  return merge(dir.string());
}

// The standings of a tournament run with --slurm DIR, from its records.
int merge(const std::string& dir) {
  std::ifstream in(std::filesystem::path(dir) / "tournament.json");
  const json saved = json::parse(in, nullptr, false);
  if (!saved.is_object() || !saved.value("args", json()).is_array()) {
    std::cerr << "gridgames tournament: " << dir
              << " is not the folder of a tournament run with --slurm (no tournament.json)\n";
    return 2;
  }
  Options o;
  Slurm none;
  if (auto exit = read_options(saved["args"].get<std::vector<std::string>>(), o, none))
    return *exit;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("records-") && name.ends_with(".jsonl"))
      o.merge.push_back(entry.path().string());
  }
  std::sort(o.merge.begin(), o.merge.end());
  const int tasks = saved.value("tasks", 0);
  if (static_cast<int>(o.merge.size()) != tasks)
    std::cout << "(" << o.merge.size() << " of " << tasks << " tasks have records so far)\n";
  if (o.merge.empty()) return 1;
  const Programs none_played;
  return Tournament(o, *games::find_game(o.game), none_played).run(std::cout, std::cerr);
}

}  // namespace

int run_tournament(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                   TournamentResult* result) {
  if (!args.empty() && args[0] == "--merge") {
    if (args.size() != 2) {
      err << "gridgames tournament: --merge DIR, the folder of a tournament run with --slurm\n";
      return 2;
    }
    return merge(args[1]);
  }
  Options o;
  Slurm slurm;
  if (auto exit = read_options(args, o, slurm, out, err)) return *exit;
  if (!slurm.dir.empty()) return submit(o, slurm, args);
  Programs programs;
  if (!prepare_programs(o, programs, err)) return 2;
  // With programs' calls running, a signal stops them and the tournament
  // after its pairs in play, so that their folders are removed.
  std::optional<engine::StopCallsOnSignals> stop;
  if (programs.arena) stop.emplace();
  Tournament tournament(o, *games::find_game(o.game), programs);
  const int status = tournament.run(out, err);
  if (result) *result = tournament.result();
  if (const int signal_number = stop ? stop->received() : 0) {
    err << "gridgames tournament: stopped by " << engine::signal_name(signal_number)
        << "; the pairs played are counted above"
        << (o.records.empty() ? "" : " and kept in " + o.records + " (--resume goes on)") << "\n";
    return 128 + signal_number;
  }
  return status;
}

int run_tournament(int argc, const char* const* argv) {
  return run_tournament({argv + 1, argv + argc}, std::cout, std::cerr, nullptr);
}

}  // namespace launcher
