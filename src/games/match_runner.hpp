// The match runner of `gridgames selfplay` (games of bots through the
// contract, the tallies and the figures) and the random-simulation test's
// games (tests/contract/): the contract's checks before every action and
// the game's invariants after each. Written against the contract: nothing
// here names a game.
#pragma once

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/simulation.hpp"
#include "games/bots.hpp"
#include "games/registry.hpp"

namespace games {

struct Tally {
  int wins = 0, draws = 0, losses = 0;
};

// Won, drawn or lost for each seat: the best result alone wins, shared it
// draws. With one player a positive result is a win.
inline std::vector<int> outcomes(const engine::Returns& r, int players) {
  std::vector<int> result(static_cast<std::size_t>(players));
  if (players == 1) {
    result[0] = r[0] > 0 ? 1 : -1;
    return result;
  }
  const double best = *std::max_element(r.begin(), r.begin() + players);
  const auto best_count = std::count(r.begin(), r.begin() + players, best);
  for (int p = 0; p < players; ++p) {
    const double v = r[static_cast<std::size_t>(p)];
    result[static_cast<std::size_t>(p)] = v == best ? (best_count == 1 ? 1 : 0) : -1;
  }
  return result;
}

// The game's own invariants (check_invariants: is_consistent, RAIInet's
// hidden links, Sword and Shield's undo), after every action of a checked
// game, and that every player's view, and a spectator's (kNoPlayer), is a
// JSON document of this state, with an observation and events.
template <engine::Viewable S>
std::optional<std::string> invariants(const S& state) {
  if constexpr (requires { state.check_invariants(); }) {
    if (auto broken = state.check_invariants()) return broken;
  }
  for (int p = engine::kNoPlayer; p < state.players(); ++p) {
    const std::string who = p < 0 ? "a spectator" : "player " + std::to_string(p + 1);
    const nlohmann::json view = state.view(p);
    if (view.value("to_move", -2) != state.to_move() || view.dump().empty())
      return who + "'s view does not show who is to move";
    if (state.observation(p).empty()) return who + "'s observation is empty";
    (void)state.events_text(p);
  }
  return std::nullopt;
}

// The random-simulation test's games of one start: random actions from a
// seeded generator, the contract's checks before every action and the
// invariants after each; the first violation, if any.
template <engine::Viewable S>
std::optional<std::string> simulate(const SimulationStart& start, std::uint64_t seed) {
  auto made = S::make(start.params);
  if (const auto* error = std::get_if<std::string>(&made)) return *error;
  const S& state = std::get<S>(made);
  engine::Random rng(seed);
  for (int g = 0; g < start.games; ++g) {
    auto played =
        engine::checked_game(state, start.bound, engine::RandomChoice{rng}, &invariants<S>);
    if (const auto* violation = std::get_if<std::string>(&played))
      return "game " + std::to_string(g + 1) + ": " + *violation;
  }
  return std::nullopt;
}

// The bots' names all known to the game; false (and why, on `err`) if not.
template <auto MakeBot>
bool known_bots(const SelfplayOptions& o, std::ostream& err) {
  for (const std::string& name : o.bots) {
    if (make_seat<MakeBot>(name, o, 0)) continue;
    err << "selfplay: no bot \"" << name << "\" for this game";
    if (name.find('@') != std::string::npos)
      err << " (a budget is @N iterations, N from 1 to " << kMaxBotNodes
          << ", or @Nms milliseconds, N from 1 to " << kMaxBotTimeMs << ")";
    err << "\n";
    return false;
  }
  return true;
}

// The matches' totals: each bot's tally, and the games' lengths and results.
struct SelfplayTotals {
  std::vector<Tally> tallies;
  double result = 0;  // the first seat's returns, added up (a game of one: its score)
  long long length = 0;
  int adjudicated = 0;

  // Game `g` (its seats the bots from g on, in turn) counted; with
  // o.each_game, its line on `out` (`start` says its seed).
  template <typename S>
  void count(const SelfplayOptions& o, int g, const engine::PlayedGame<S>& game,
             const std::string& start, std::ostream& out) {
    const int n = static_cast<int>(o.bots.size()), players = game.end.players();
    length += game.length;
    const engine::Returns r = game.end.returns();
    result += r[0];
    bool truncated = false;
    if constexpr (requires { game.end.truncated(); }) truncated = game.end.truncated();
    adjudicated += truncated;
    const auto outcome = outcomes(r, players);
    if (o.each_game) out << "game " << g + 1 << start << ":";
    for (int p = 0; p < players; ++p) {
      Tally& t = tallies[static_cast<std::size_t>((g + p) % n)];
      const int x = outcome[static_cast<std::size_t>(p)];
      ++(x > 0 ? t.wins : x == 0 ? t.draws : t.losses);
      if (o.each_game)
        out << (p ? ", " : " ") << o.bots[static_cast<std::size_t>((g + p) % n)]
            << (x > 0    ? " won"
                : x == 0 ? " drew"
                         : " lost");
    }
    if (o.each_game)  // seen as each game ends, when piped too
      out << "; " << game.length << " actions" << (truncated ? ", adjudicated" : "") << "\n"
          << std::flush;
  }

  void print(const SelfplayOptions& o, int players, double seconds, std::ostream& out) const {
    for (std::size_t b = 0; b < tallies.size(); ++b) {
      out << b + 1 << " " << o.bots[b] << ": " << tallies[b].wins << " wins, " << tallies[b].draws
          << " draws, " << tallies[b].losses << " losses\n";
    }
    out << std::fixed << std::setprecision(1) << "mean length "
        << static_cast<double>(length) / std::max(1, o.games) << " actions, "
        << (seconds > 0 ? o.games / seconds : 0.0) << " games per second";
    if (players == 1) out << ", mean result " << result / std::max(1, o.games);
    out << "\n";
    if (adjudicated > 0)
      out << adjudicated << " of " << o.games
          << " games reached the length limit and were adjudicated\n";
    if (o.seed_drawn)
      out << "seed " << o.seed << " (drawn): --seed " << o.seed << " plays these games again\n";
  }
};

template <engine::Viewable S, auto MakeBot>
int selfplay(const SelfplayOptions& o, std::ostream& out, std::ostream& err) {
  // A game with a seed parameter (RAIInet's placements, Amazons' board)
  // starts each round of seats from a seed of its own, unless --param seed=
  // fixes it: every bot plays every start from every seat.
  const auto& specs = S::param_specs();
  const bool has_seed =
      std::any_of(specs.begin(), specs.end(), [](const auto& s) { return s.name == "seed"; });
  const bool vary_start = has_seed && !o.params.contains("seed");
  const int n = static_cast<int>(o.bots.size());
  engine::Params params;
  const auto start_of_game = [&](int g) {
    params = start_params(specs, o.params, o.seed, static_cast<std::uint64_t>(g / n), o.max_length);
    return S::make(params);
  };
  auto made = start_of_game(0);
  if (const auto* error = std::get_if<std::string>(&made)) {
    err << "selfplay: " << *error << "\n";
    return 2;
  }
  if (!known_bots<MakeBot>(o, err)) return 2;
  S start = std::get<S>(std::move(made));
  const int players = start.players();
  SelfplayTotals totals;
  totals.tallies.resize(o.bots.size());
  const auto began = std::chrono::steady_clock::now();
  for (int g = 0; g < o.games; ++g) {
    if (vary_start && g > 0 && g % n == 0) start = std::get<S>(start_of_game(g));
    std::vector<std::unique_ptr<Bot<S>>> seats;
    for (int p = 0; p < players; ++p) {
      const std::uint64_t seed = o.seed * 1000003ULL + static_cast<std::uint64_t>(g * 16 + p);
      seats.push_back(make_seat<MakeBot>(o.bots[static_cast<std::size_t>((g + p) % n)], o, seed));
    }
    auto played = engine::checked_game(
        start, 10000000,
        [&](const S& s, const std::vector<typename S::Action>& legal) {
          return seats[static_cast<std::size_t>(s.to_move())]->choose(s, legal);
        },
        &invariants<S>);
    if (const auto* violation = std::get_if<std::string>(&played)) {
      err << "selfplay: game " << g + 1 << ": " << *violation << "\n";
      return 1;
    }
    totals.count(o, g, std::get<engine::PlayedGame<S>>(played),
                 has_seed ? " (seed=" + params["seed"] + ")" : "", out);
  }
  totals.print(o, players,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count(),
               out);
  return 0;
}

}  // namespace games
