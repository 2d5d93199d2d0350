#include "tournament/runner.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "sandbox/call.hpp"
#include "tournament/openings.hpp"
#include "tournament/records.hpp"

namespace tournament {

namespace {

// An encounter: two players and the pairs they play.
struct Encounter {
  int a = 0, b = 0;
};

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
        for (int job; !stop_ && !sandbox::calls_stopped() && (job = next_++) < total;)
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
    r.seed = o_.seed;
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
    out << "Seed " << o_.seed << (o_.seed_drawn ? " (drawn)" : "") << ": --seed " << o_.seed
        << " deals these games again\n";
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

}  // namespace

int run_pairs(const Options& o, const games::GameInfo& info, const Programs& programs,
              std::ostream& out, std::ostream& err, TournamentResult* result) {
  Tournament tournament(o, info, programs);
  const int status = tournament.run(out, err);
  if (result) *result = tournament.result();
  return status;
}

}  // namespace tournament
