// What a game's registration (src/games/<game>/register.cpp) builds its
// entry of the registry with: the bots every game has (random, UCT), the
// templates for a game's own bots (a reference player, a searching AI), the
// match runner (`gridgames selfplay`), and the makers of a game's state for
// front ends. Written against the contract: nothing here names a game.
#pragma once

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/etf.hpp"
#include "engine/mcts.hpp"
#include "engine/simulation.hpp"
#include "engine/words.hpp"
#include "games/registry.hpp"

namespace games {

// A player of a game S: picks one of the legal actions.
template <engine::Game S>
class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::size_t choose(const S& state, const std::vector<typename S::Action>& legal) = 0;
  // A bot that thinks by the clock thinks `ms` a decision from now on (the
  // web server shares the machine's cores among its games' bots).
  virtual void set_time_ms(int /*ms*/) {}
};

template <engine::Game S>
class RandomBot final : public Bot<S> {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
  std::size_t choose(const S&, const std::vector<typename S::Action>& legal) override {
    return rng_.below(static_cast<std::uint32_t>(legal.size()));
  }

 private:
  engine::Random rng_;
};

// The position of `action` among the legal actions (the first if absent).
template <typename Action>
std::size_t index_of(const std::vector<Action>& legal, const Action& action) {
  const auto at = std::find(legal.begin(), legal.end(), action);
  return at == legal.end() ? 0 : static_cast<std::size_t>(at - legal.begin());
}

inline engine::SearchLimits limits_of(const SelfplayOptions& o, std::int64_t default_nodes) {
  engine::SearchLimits limits;
  if (o.time_ms > 0) {
    limits.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(o.time_ms);
  } else {
    limits.iterations = o.nodes > 0 ? o.nodes : default_nodes;
  }
  return limits;
}

// Plain UCT with random playouts, for any game of the contract.
template <engine::Game S>
class UctBot final : public Bot<S> {
 public:
  UctBot(const SelfplayOptions& options, std::uint64_t seed) : options_(options), rng_(seed) {}
  std::size_t choose(const S& state, const std::vector<typename S::Action>& legal) override {
    if (legal.size() == 1) return 0;
    const auto action =
        mcts_.search(state, limits_of(options_, 100), rng_, engine::RandomPlayout{});
    return static_cast<std::size_t>(std::find(legal.begin(), legal.end(), action) - legal.begin());
  }
  void set_time_ms(int ms) override {
    if (options_.time_ms > 0) options_.time_ms = ms;
  }

 private:
  SelfplayOptions options_;
  engine::Random rng_;
  engine::Mcts<S> mcts_{1.0};
};

template <engine::Game S>
std::unique_ptr<Bot<S>> generic_bot(std::string_view name, const SelfplayOptions& o,
                                    std::uint64_t seed) {
  if (name == "random") return std::make_unique<RandomBot<S>>(seed);
  if (name == "uct") return std::make_unique<UctBot<S>>(o, seed);
  return nullptr;
}

// A game's reference player: its choice function, with a generator.
template <engine::Game S, auto Choose>
class ReferenceBot final : public Bot<S> {
 public:
  explicit ReferenceBot(std::uint64_t seed) : rng_(seed) {}
  std::size_t choose(const S& state, const std::vector<typename S::Action>& legal) override {
    return index_of(legal, Choose(state, rng_));
  }

 private:
  engine::Random rng_;
};

// A game's searching AI (its Options: nodes, time_ms, seed, start), with the
// match's budget, or DefaultNodes iterations a decision.
template <engine::Game S, typename Options, auto Decide, std::int64_t DefaultNodes>
class SearchBot final : public Bot<S> {
 public:
  SearchBot(const SelfplayOptions& options, std::uint64_t seed) : options_(options), seed_(seed) {}
  std::size_t choose(const S& state, const std::vector<typename S::Action>& legal) override {
    Options ai;
    ai.seed = seed_ + static_cast<std::uint64_t>(++decisions_);
    ai.start = std::chrono::steady_clock::now();
    if (options_.time_ms > 0) {
      ai.time_ms = options_.time_ms;
    } else {
      ai.nodes = options_.nodes > 0 ? options_.nodes : DefaultNodes;
    }
    return index_of(legal, Decide(state, ai));
  }
  void set_time_ms(int ms) override {
    if (options_.time_ms > 0) options_.time_ms = ms;
  }

 private:
  SelfplayOptions options_;
  std::uint64_t seed_;
  int decisions_ = 0;
};

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

// A bot as named in --bots: NAME, or NAME@N for N search iterations a
// decision, or NAME@Nms for N milliseconds, whatever the match's --nodes or
// --time; nothing when the budget is not a number in their ranges.
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

template <auto MakeBot>
auto make_seat(const std::string& spec, const SelfplayOptions& o, std::uint64_t seed)
    -> decltype(MakeBot(spec, o, seed)) {
  const std::size_t at = spec.find('@');
  if (at == std::string::npos) return MakeBot(spec, o, seed);
  SelfplayOptions own = o;
  std::string budget = spec.substr(at + 1);
  const bool ms = budget.ends_with("ms");
  if (ms) budget.resize(budget.size() - 2);
  const auto n = engine::parse_int(budget);
  if (!n || *n < 1 || (ms && *n > kMaxBotTimeMs) || *n > kMaxBotNodes) return nullptr;
  own.nodes = ms ? 0 : *n;
  own.time_ms = ms ? *n : 0;
  return MakeBot(std::string_view(spec).substr(0, at), own, seed);
}

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
  S start = std::get<S>(std::move(made));
  for (const std::string& name : o.bots) {
    if (!make_seat<MakeBot>(name, o, 0)) {
      err << "selfplay: no bot \"" << name << "\" for this game";
      if (name.find('@') != std::string::npos)
        err << " (a budget is @N iterations, N from 1 to " << kMaxBotNodes
            << ", or @Nms milliseconds, N from 1 to " << kMaxBotTimeMs << ")";
      err << "\n";
      return 2;
    }
  }
  const int players = start.players();
  std::vector<Tally> tallies(o.bots.size());
  double total_result = 0;
  long long total_length = 0;
  int adjudicated = 0;
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
    const auto& game = std::get<engine::PlayedGame<S>>(played);
    total_length += game.length;
    const engine::Returns r = game.end.returns();
    total_result += r[0];
    if constexpr (requires { game.end.adjudicated(); }) adjudicated += game.end.adjudicated();
    const auto result = outcomes(r, players);
    if (o.each_game)
      out << "game " << g + 1 << (has_seed ? " (seed=" + params["seed"] + "):" : ":");
    for (int p = 0; p < players; ++p) {
      Tally& t = tallies[static_cast<std::size_t>((g + p) % n)];
      const int x = result[static_cast<std::size_t>(p)];
      ++(x > 0 ? t.wins : x == 0 ? t.draws : t.losses);
      if (o.each_game)
        out << (p ? ", " : " ") << o.bots[static_cast<std::size_t>((g + p) % n)]
            << (x > 0    ? " won"
                : x == 0 ? " drew"
                         : " lost");
    }
    if (o.each_game) {
      out << "; " << game.length << " actions";
      if constexpr (requires { game.end.adjudicated(); })
        if (game.end.adjudicated()) out << ", adjudicated";
      out << "\n" << std::flush;  // seen as each game ends, when piped too
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  for (std::size_t b = 0; b < tallies.size(); ++b) {
    out << b + 1 << " " << o.bots[b] << ": " << tallies[b].wins << " wins, " << tallies[b].draws
        << " draws, " << tallies[b].losses << " losses\n";
  }
  out << std::fixed << std::setprecision(1) << "mean length "
      << static_cast<double>(total_length) / std::max(1, o.games) << " actions, "
      << (seconds > 0 ? o.games / seconds : 0.0) << " games per second";
  if (players == 1) out << ", mean result " << total_result / std::max(1, o.games);
  out << "\n";
  if (adjudicated > 0)
    out << adjudicated << " of " << o.games
        << " games reached the length limit and were adjudicated\n";
  return 0;
}

template <engine::Viewable S>
std::variant<std::unique_ptr<engine::AnyState>, std::string> make_any(const engine::Params& p) {
  auto made = S::make(p);
  if (auto* error = std::get_if<std::string>(&made)) return *error;
  return std::make_unique<engine::StateOf<S>>(std::get<S>(std::move(made)));
}

template <engine::Viewable S>
std::unique_ptr<engine::AnyState> restore_any(std::string_view text) {
  auto state = S::deserialize(text);
  if (!state) return nullptr;
  return std::make_unique<engine::StateOf<S>>(std::move(*state));
}

// A typed bot behind engine::AnyBot: the state must be one this game made.
template <engine::Viewable S>
class BotOf final : public engine::AnyBot {
 public:
  explicit BotOf(std::unique_ptr<Bot<S>> bot) : bot_(std::move(bot)) {}
  std::string choose(const engine::AnyState& any) override {
    const S& state = dynamic_cast<const engine::TypedState<S>&>(any).state();
    state.legal_actions(legal_);
    return state.action_text(legal_.at(bot_->choose(state, legal_)));
  }
  void set_time_ms(int ms) override { bot_->set_time_ms(ms); }

 private:
  std::unique_ptr<Bot<S>> bot_;
  std::vector<typename S::Action> legal_;
};

template <engine::Viewable S, auto MakeBot>
std::unique_ptr<engine::AnyBot> make_any_bot(std::string_view name, const SelfplayOptions& o,
                                             std::uint64_t seed) {
  auto bot = make_seat<MakeBot>(std::string(name), o, seed);  // NAME, NAME@N, NAME@Nms
  if (!bot) return nullptr;
  return std::make_unique<BotOf<S>>(std::move(bot));
}

// An ETF game for front ends: its program's session, which owns the game,
// started by the commands `start` makes of the parameters (checked by the
// game's make first), its games ending after `max_length` turns.
template <engine::Viewable S, typename Session, const engine::etf::Grammar& (*Grammar)(),
          std::vector<std::string> (*Start)(const engine::Params&)>
std::variant<std::unique_ptr<engine::AnyState>, std::string> make_etf(const engine::Params& p) {
  auto made = S::make(p);
  if (auto* error = std::get_if<std::string>(&made)) return *error;
  engine::ParamReader read(p, S::param_specs());
  const engine::Params filled = read.filled();
  Session session;
  session.set_max_length(read.integer("max_length", 1, S::kNoLimit));
  return std::make_unique<engine::etf::SessionState<Session, S>>(
      Grammar(), std::move(session), Start(filled), std::vector<std::string>{"status"});
}

// A game's entry: its state S, its bots (MakeBot: a bot by name), how front
// ends make it (Make: by value, or in its ETF program's session).
template <engine::Viewable S, auto MakeBot, auto Make = &make_any<S>>
GameInfo info(std::string name, std::string title, std::string description,
              std::vector<std::string> bots, std::vector<SimulationStart> simulations,
              GameFacts facts = {}) {
  GameInfo game{{std::move(name), std::move(description), S::param_specs(), Make},
                std::move(title),
                std::move(bots),
                &selfplay<S, MakeBot>,
                &make_any_bot<S, MakeBot>,
                std::move(simulations),
                &simulate<S>};
  game.facts = facts;
  // A state held by value reads back from its string; a program's session does not.
  if constexpr (Make == &make_any<S>) game.restore = &restore_any<S>;
  return game;
}

}  // namespace games
