#include "launcher/tournament.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

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
  engine::Params params;
  std::optional<engine::Sprt> sprt;
  std::string records, pgn;
};

// One game's outcome as the tournament keeps it.
struct Played {
  int pair = 0, game = 0;     // which pair, and 0 or 1 within it
  int first = 0, second = 0;  // the players in seats 1 and 2
  double first_points = 0.5;  // 1, 0.5 or 0
  std::string reason;         // how it ended: "rules", or the loser's fault
  json record;                // the JSON line
};

// An encounter: two players and the pairs they play.
struct Encounter {
  int a = 0, b = 0;
};

// The game's start for a pair: its own seed when the game has one (the same
// for both games of the pair), unless --param seed= fixes it.
engine::Params start_of_pair(const Options& o, const games::GameInfo& info, int pair) {
  engine::Params params = o.params;
  const auto& specs = info.entry.params;
  const auto has = [&](std::string_view name) {
    return std::any_of(specs.begin(), specs.end(), [&](const auto& s) { return s.name == name; });
  };
  if (has("seed") && !o.params.contains("seed"))
    params["seed"] =
        std::to_string((o.seed * 1000003ULL + static_cast<std::uint64_t>(pair)) % 1000000000ULL);
  if (o.max_length > 0 && has("max_length")) params["max_length"] = std::to_string(o.max_length);
  return params;
}

// Plays one game: seat 1 `first`, seat 2 `second`. A bot whose action the
// rules refuse loses the game ("illegal action").
Played play_game(const Options& o, const games::GameInfo& info, int pair, int game, int first,
                 int second) {
  Played out{pair, game, first, second, 0.5, "rules", json()};
  const engine::Params params = start_of_pair(o, info, pair);
  auto state = std::get<std::unique_ptr<engine::AnyState>>(info.entry.make(params));
  games::SelfplayOptions thinking;
  const int seats[2] = {first, second};
  std::unique_ptr<games::AnyBot> bots[2];
  for (int s = 0; s < 2; ++s) {
    const std::uint64_t seed =
        o.seed * 1000003ULL + static_cast<std::uint64_t>(pair * 4 + game * 2 + s);
    bots[s] = info.make_bot(o.players[static_cast<std::size_t>(seats[s])], thinking, seed);
  }
  json actions = json::array();
  int loser = -1;
  for (long long n = 0; !state->over() && n < 10000000; ++n) {
    const int mover = state->to_move();
    const auto began = std::chrono::steady_clock::now();
    const std::string action = bots[mover]->choose(*state);
    const auto ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began);
    actions.push_back({{"player", mover}, {"action", action}, {"ms", std::llround(ms.count())}});
    if (auto refused = state->apply(action)) {
      loser = mover;
      out.reason = "illegal action by " + o.players[static_cast<std::size_t>(seats[mover])] + ": " +
                   engine::printable(action) + " (" + *refused + ")";
      break;
    }
  }
  const engine::Returns r = state->returns();
  if (loser >= 0) {
    out.first_points = loser == 0 ? 0 : 1;
  } else {
    out.first_points = r[0] > r[1] ? 1 : r[0] < r[1] ? 0 : 0.5;
  }
  out.record = {
      {"game", info.entry.name},
      {"pair", pair + 1},
      {"seats",
       {o.players[static_cast<std::size_t>(first)], o.players[static_cast<std::size_t>(second)]}},
      {"params", params},
      {"actions", actions},
      {"points", {out.first_points, 1 - out.first_points}},
      {"reason", out.reason}};
  return out;
}

// The PGN of a game's result (tags only), as Ordo and BayesElo read them.
std::string pgn_of(const Options& o, const Played& p, int round) {
  const char* result = p.first_points == 1 ? "1-0" : p.first_points == 0 ? "0-1" : "1/2-1/2";
  std::ostringstream out;
  out << "[Event \"gridgames tournament " << o.game << "\"]\n[Site \"?\"]\n[Round \"" << round
      << "\"]\n[White \"" << o.players[static_cast<std::size_t>(p.first)] << "\"]\n[Black \""
      << o.players[static_cast<std::size_t>(p.second)] << "\"]\n[Result \"" << result << "\"]\n\n"
      << result << "\n\n";
  return out.str();
}

std::string elo_text(const engine::EloEstimate& e) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(1) << std::showpos << e.elo << std::noshowpos << " ["
      << std::showpos << e.low << ", " << e.high << std::noshowpos << "]";
  return out.str();
}

class Tournament {
 public:
  Tournament(const Options& o, const games::GameInfo& info) : o_(o), info_(info) {
    for (int a = 0; a < static_cast<int>(o.players.size()); ++a)
      for (int b = a + 1; b < static_cast<int>(o.players.size()); ++b)
        encounters_.push_back({a, b});
    pairs_per_encounter_ = std::max(1, o.games / 2);
    tallies_.resize(o.players.size());
    pentanomials_.resize(encounters_.size());
  }

  int run(std::ostream& out, std::ostream& err) {
    if (!o_.records.empty() && !open(records_, o_.records, err)) return 2;
    if (!o_.pgn.empty() && !open(pgn_, o_.pgn, err)) return 2;
    const int total = static_cast<int>(encounters_.size()) * pairs_per_encounter_;
    std::vector<std::thread> workers;
    for (int w = 0; w < o_.concurrency; ++w)
      workers.emplace_back([&] {
        for (int job; !stop_ && (job = next_++) < total;) play_pair(job, out);
      });
    for (std::thread& w : workers) w.join();
    standings(out);
    return 0;
  }

 private:
  static bool open(std::ofstream& file, const std::string& path, std::ostream& err) {
    file.open(path, std::ios::out | std::ios::trunc);
    if (!file) err << "gridgames tournament: cannot write " << path << "\n";
    return static_cast<bool>(file);
  }

  void play_pair(int job, std::ostream& out) {
    const int e = job % static_cast<int>(encounters_.size());
    const int pair = job;
    const Encounter enc = encounters_[static_cast<std::size_t>(e)];
    const Played one = play_game(o_, info_, pair, 0, enc.a, enc.b);
    const Played two = play_game(o_, info_, pair, 1, enc.b, enc.a);
    const std::lock_guard lock(mutex_);
    for (const Played* p : {&one, &two}) {
      tally(p->first).add(p->first_points);
      tally(p->second).add(1 - p->first_points);
      if (records_)
        records_ << p->record.dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
      if (pgn_) pgn_ << pgn_of(o_, *p, ++games_played_);
    }
    engine::Pentanomial& penta = pentanomials_[static_cast<std::size_t>(e)];
    penta.add(one.first_points, 1 - two.first_points);
    ++pairs_played_;
    out << "pair " << pair + 1 << ": " << name(enc.a) << " vs " << name(enc.b) << ": "
        << points(one.first_points) << " " << points(1 - two.first_points);
    for (const Played* p : {&one, &two})
      if (p->reason != "rules") out << " (" << p->reason << ")";
    if (o_.sprt) {
      const double llr = o_.sprt->llr(penta);
      out << std::fixed << std::setprecision(2) << "; LLR " << llr << " [" << o_.sprt->lower()
          << ", " << o_.sprt->upper() << "]";
      const auto decision = o_.sprt->decide(penta);
      if (decision != engine::Sprt::Decision::Continue && !stop_) {
        stop_ = true;
        out << "\nSPRT: " << (decision == engine::Sprt::Decision::AcceptH1 ? "H1" : "H0")
            << " accepted after " << penta.count() << " pairs";
      }
    }
    out << "\n" << std::flush;
  }

  engine::Trinomial& tally(int player) { return tallies_[static_cast<std::size_t>(player)]; }
  const std::string& name(int player) const { return o_.players[static_cast<std::size_t>(player)]; }
  static std::string points(double p) { return p == 1 ? "1" : p == 0 ? "0" : "1/2"; }

  void standings(std::ostream& out) {
    out << "Standings after " << 2 * pairs_played_ << " games (Elo against the field, 95%):\n";
    for (std::size_t p = 0; p < tallies_.size(); ++p) {
      const engine::Trinomial& t = tallies_[p];
      out << p + 1 << ". " << o_.players[p] << ": " << t.wins << " wins, " << t.draws << " draws, "
          << t.losses << " losses, Elo " << elo_text(engine::estimate(t)) << "\n";
    }
    for (std::size_t e = 0; e < encounters_.size(); ++e) {
      const engine::Pentanomial& penta = pentanomials_[e];
      if (penta.count() == 0) continue;
      out << name(encounters_[e].a) << " vs " << name(encounters_[e].b) << ": pairs";
      for (const std::int64_t n : penta.pairs) out << " " << n;
      out << " (0 to 2 points), Elo " << elo_text(engine::estimate(penta)) << "\n";
    }
  }

  const Options& o_;
  const games::GameInfo& info_;
  std::vector<Encounter> encounters_;
  int pairs_per_encounter_ = 1;
  std::atomic<int> next_{0};
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::vector<engine::Trinomial> tallies_;
  std::vector<engine::Pentanomial> pentanomials_;
  int pairs_played_ = 0, games_played_ = 0;
  std::ofstream records_, pgn_;
};

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    out.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

// "elo0,elo1,alpha,beta", or why not.
std::variant<engine::Sprt, std::string> read_sprt(const std::string& text) {
  const auto parts = split_commas(text);
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

}  // namespace

int run_tournament(int argc, const char* const* argv) {
  Options o;
  std::string players, sprt;
  std::vector<std::string> params;
  CLI::App app{
      "Plays a round robin between bots of a game of two: each encounter in pairs of games\n"
      "from one start with the seats swapped; standings with Elo and its 95% interval, the\n"
      "pairs' statistics; with --sprt, a sequential test that stops when it decides.",
      "gridgames tournament"};
  app.add_option("game", o.game, "the game")->required();
  app.add_option("--players", players,
                 "the players, comma-separated: bots by name, NAME@N (N iterations a decision) or "
                 "NAME@Nms (N milliseconds)")
      ->required();
  app.add_option("--games", o.games, "games per encounter of two players (pairs: even)")
      ->check(CLI::Range(2, 10000000));
  app.add_option("--concurrency", o.concurrency, "games played at once")->check(CLI::Range(1, 256));
  app.add_option("--seed", o.seed, "the seed of the starts and the bots");
  app.add_option("--max-length", o.max_length, "the length limit of games that have one")
      ->check(CLI::Range(1, 10000000));
  app.add_option("--param", params, "a game parameter NAME=VALUE (repeatable)");
  app.add_option("--sprt", sprt, "ELO0,ELO1,ALPHA,BETA: the sequential test (two players)");
  app.add_option("--records", o.records, "a JSON line per game to this file");
  app.add_option("--pgn", o.pgn, "each game's result as PGN (tags only) to this file");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  const auto fail = [](const std::string& why) {
    std::cerr << "gridgames tournament: " << why << "\n";
    return 2;
  };
  const games::GameInfo* info = games::find_game(o.game);
  if (!info) return fail("unknown game \"" + engine::printable(o.game) + "\"");
  for (const std::string& p : params) {
    const std::size_t eq = p.find('=');
    if (eq == std::string::npos || eq == 0)
      return fail("--param " + p + ": write it as NAME=VALUE");
    o.params[p.substr(0, eq)] = p.substr(eq + 1);
  }
  auto made = info->entry.make(start_of_pair(o, *info, 0));
  if (const auto* error = std::get_if<std::string>(&made)) return fail(*error);
  if (std::get<std::unique_ptr<engine::AnyState>>(made)->players() != 2)
    return fail(o.game + " with these parameters is not a game of two players");
  o.players = split_commas(players);
  if (o.players.size() < 2) return fail("--players needs two players at least");
  for (const std::string& p : o.players) {
    if (!info->make_bot(p, {}, 0)) {
      std::string bots;
      for (const std::string& b : info->bots) bots += (bots.empty() ? "" : ", ") + b;
      return fail("no player \"" + engine::printable(p) + "\" for " + o.game +
                  " (its bots: " + bots + ", each with @N iterations or @Nms if it searches)");
    }
  }
  if (!sprt.empty()) {
    auto read = read_sprt(sprt);
    if (const auto* why = std::get_if<std::string>(&read)) return fail(*why);
    if (o.players.size() != 2) return fail("--sprt tests two players");
    o.sprt = std::get<engine::Sprt>(read);
  }
  return Tournament(o, *info).run(std::cout, std::cerr);
}

}  // namespace launcher
