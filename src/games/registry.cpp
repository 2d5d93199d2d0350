#include "games/registry.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>

#include "engine/etf.hpp"
#include "engine/mcts.hpp"
#include "engine/simulation.hpp"
#include "engine/words.hpp"
#include "games/amazons/ai.hpp"
#include "games/amazons/state.hpp"
#include "games/raiinet/ai.hpp"
#include "games/raiinet/state.hpp"
#include "games/simodyssey/session.hpp"
#include "games/simodyssey/state.hpp"
#include "games/space-defender-2/session.hpp"
#include "games/space-defender-2/state.hpp"
#include "games/sword-and-shield/ai.hpp"
#include "games/sword-and-shield/state.hpp"

namespace games {
namespace {

// A player of a game S: picks one of the legal actions.
template <engine::Game S>
class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::size_t choose(const S& state, const std::vector<typename S::Action>& legal) = 0;
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

engine::SearchLimits limits_of(const SelfplayOptions& o, std::int64_t default_nodes) {
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

 private:
  SelfplayOptions options_;
  engine::Random rng_;
  engine::Mcts<S> mcts_{1.0};
};

// The Amazons AI (ai.hpp): it plans a whole turn, or a placement, at the
// start of it and plays it out action by action.
class AmazonsAi final : public Bot<amazons::State> {
 public:
  AmazonsAi(const SelfplayOptions& options, std::uint64_t seed) : options_(options), seed_(seed) {}
  std::size_t choose(const amazons::State& state,
                     const std::vector<amazons::State::Action>& legal) override {
    if (plan_.empty()) plan(state);
    const auto next = plan_.empty() ? legal.front() : plan_.front();
    if (!plan_.empty()) plan_.pop_front();
    const auto at = std::find(legal.begin(), legal.end(), next);
    if (at == legal.end()) {  // not the state it planned for: start again
      plan_.clear();
      return 0;
    }
    return static_cast<std::size_t>(at - legal.begin());
  }

 private:
  using Action = amazons::State::Action;

  void plan(const amazons::State& state) {
    const amazons::Board& board = state.board();
    const int id = board.players()[static_cast<std::size_t>(state.to_move())].id;
    amazons::AiOptions ai;
    ai.rules = state.rules();  // the classic game is won by the last to move, not by treasure
    ai.seed = seed_ + static_cast<std::uint64_t>(++decisions_);
    ai.start = std::chrono::steady_clock::now();
    if (options_.time_ms > 0) {
      ai.time_ms = options_.time_ms;
    } else {
      ai.nodes = options_.nodes > 0 ? options_.nodes : 200;
    }
    const auto field = [&](amazons::Coord c) { return c.row * board.cols() + c.col; };
    if (state.placing()) {
      if (const auto at = amazons::ai_placement(board, id, ai))
        plan_.push_back({Action::Kind::Place, 0, field(*at)});
      return;
    }
    const auto turn = amazons::ai_turn(board, id, ai);
    if (!turn) return;
    amazons::Coord from = turn->from;
    for (const amazons::Step& step : turn->steps) {
      plan_.push_back({Action::Kind::Move, field(from), field(step.to)});
      if (step.target) plan_.push_back({Action::Kind::Shoot, field(step.to), field(*step.target)});
      from = step.to;
    }
  }

  SelfplayOptions options_;
  std::uint64_t seed_;
  int decisions_ = 0;
  std::deque<Action> plan_;
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

 private:
  SelfplayOptions options_;
  std::uint64_t seed_;
  int decisions_ = 0;
};

// Sword and Shield's reference player and AI (sword-and-shield/ai.hpp).
using SasGreedy = ReferenceBot<sas::State, &sas::greedy_action>;
using SasAi = SearchBot<sas::State, sas::AiOptions, &sas::ai_action, 300>;

std::unique_ptr<Bot<sas::State>> sas_bot(std::string_view name, const SelfplayOptions& o,
                                         std::uint64_t seed) {
  if (name == "greedy") return std::make_unique<SasGreedy>(seed);
  if (name == "ai") return std::make_unique<SasAi>(o, seed);
  return generic_bot<sas::State>(name, o, seed);
}

// RAIInet's reference player and AI (raiinet/ai.hpp): both decide from
// their player's knowledge only.
using RaiinetHeuristic = ReferenceBot<raiinet::State, &raiinet::heuristic_action>;
using RaiinetAi = SearchBot<raiinet::State, raiinet::AiOptions, &raiinet::ai_action, 400>;

// `ai` with one option changed, measured against it (docs/computer-players.md, and the journal):
// the information-set search (one tree, a world drawn for each iteration: AiOptions::worlds 0), the
// first `ai`, choosing the action most visited over four worlds whatever the budget
// (raiinet::vote_over_fixed_worlds), and the second, its worlds drawn each on its own
// (AiOptions::antithetic false).
template <void (*Vary)(raiinet::AiOptions&)>
raiinet::State::Action raiinet_varied_action(const raiinet::State& s,
                                             const raiinet::AiOptions& options) {
  raiinet::AiOptions varied = options;
  Vary(varied);
  return raiinet::ai_action(s, varied);
}
void one_tree(raiinet::AiOptions& o) {
  o.worlds = 0;
}
using RaiinetIsmcts =
    SearchBot<raiinet::State, raiinet::AiOptions, &raiinet_varied_action<&one_tree>, 400>;
void unpaired_worlds(raiinet::AiOptions& o) {
  o.antithetic = false;
}
using RaiinetUnpaired =
    SearchBot<raiinet::State, raiinet::AiOptions, &raiinet_varied_action<&unpaired_worlds>, 400>;
using RaiinetVote = SearchBot<raiinet::State, raiinet::AiOptions,
                              &raiinet_varied_action<&raiinet::vote_over_fixed_worlds>, 400>;

// No uct for RAIInet: it would see the opponent's hidden links.
std::unique_ptr<Bot<raiinet::State>> raiinet_bot(std::string_view name, const SelfplayOptions& o,
                                                 std::uint64_t seed) {
  if (name == "random") return std::make_unique<RandomBot<raiinet::State>>(seed);
  if (name == "heuristic") return std::make_unique<RaiinetHeuristic>(seed);
  if (name == "ai") return std::make_unique<RaiinetAi>(o, seed);
  if (name == "ismcts") return std::make_unique<RaiinetIsmcts>(o, seed);
  if (name == "ai-vote") return std::make_unique<RaiinetVote>(o, seed);
  if (name == "ai-unpaired") return std::make_unique<RaiinetUnpaired>(o, seed);
  return nullptr;
}

std::unique_ptr<Bot<amazons::State>> amazons_bot(std::string_view name, const SelfplayOptions& o,
                                                 std::uint64_t seed) {
  if (name == "ai") return std::make_unique<AmazonsAi>(o, seed);
  return generic_bot<amazons::State>(name, o, seed);
}

struct Tally {
  int wins = 0, draws = 0, losses = 0;
};

// Won, drawn or lost for each seat: the best result alone wins, shared it
// draws. With one player a positive result is a win.
std::vector<int> outcomes(const engine::Returns& r, int players) {
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

template <engine::Game S, auto MakeBot>
int selfplay(const SelfplayOptions& o, std::ostream& out, std::ostream& err) {
  engine::Params params = o.params;
  const auto& specs = S::param_specs();
  const auto has_param = [&](std::string_view name) {
    return std::any_of(specs.begin(), specs.end(), [&](const auto& s) { return s.name == name; });
  };
  if (o.max_length > 0 && has_param("max_length"))
    params["max_length"] = std::to_string(o.max_length);
  // A game with a seed parameter (RAIInet's placements, Amazons' board)
  // starts each round of seats from a seed of its own, unless --param seed=
  // fixes it: every bot plays every start from every seat.
  const bool has_seed = has_param("seed");
  const bool vary_start = has_seed && !o.params.contains("seed");
  const int n = static_cast<int>(o.bots.size());
  const auto start_of_game = [&](int g) {
    if (vary_start) params["seed"] = std::to_string((o.seed * 1000003ULL + g / n) % 1000000000ULL);
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
        [](const S& s) -> std::optional<std::string> {
          if constexpr (requires { s.check_invariants(); }) return s.check_invariants();
          return std::nullopt;
        });
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

template <engine::Game S>
std::variant<std::unique_ptr<engine::AnyState>, std::string> make_any(const engine::Params& p) {
  auto made = S::make(p);
  if (auto* error = std::get_if<std::string>(&made)) return *error;
  return std::make_unique<engine::StateOf<S>>(std::get<S>(std::move(made)));
}

// A typed bot behind AnyBot: the state must be one this game made.
template <engine::Game S>
class BotOf final : public AnyBot {
 public:
  explicit BotOf(std::unique_ptr<Bot<S>> bot) : bot_(std::move(bot)) {}
  std::string choose(const engine::AnyState& any) override {
    const S& state = dynamic_cast<const engine::TypedState<S>&>(any).state();
    state.legal_actions(legal_);
    return state.action_text(legal_.at(bot_->choose(state, legal_)));
  }

 private:
  std::unique_ptr<Bot<S>> bot_;
  std::vector<typename S::Action> legal_;
};

template <engine::Game S, auto MakeBot>
std::unique_ptr<AnyBot> make_any_bot(std::string_view name, const SelfplayOptions& o,
                                     std::uint64_t seed) {
  auto bot = MakeBot(name, o, seed);
  if (!bot) return nullptr;
  return std::make_unique<BotOf<S>>(std::move(bot));
}

// An ETF game for front ends: its program's session, which owns the game,
// started by the commands `start` makes of the parameters (checked by the
// game's make first), its games ending after `max_length` turns.
template <engine::Game S, typename Session, const engine::etf::Grammar& (*Grammar)(),
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

std::vector<std::string> simodyssey_start(const engine::Params& p) {
  return {"test(" + p.at("threshold") + ")"};
}

std::vector<std::string> sd2_start(const engine::Params& p) {
  std::vector<std::string> start = {"play(" + p.at("row") + "," + p.at("column") + "," +
                                    p.at("g_threshold") + "," + p.at("f_threshold") + "," +
                                    p.at("c_threshold") + "," + p.at("i_threshold") + "," +
                                    p.at("p_threshold") + ")"};
  for (const char* stage : {"weapon", "armour", "engine", "power"}) {
    start.push_back("setup_select(" + p.at(stage) + ")");
    start.push_back("setup_next(1)");
  }
  start.push_back("setup_next(1)");  // from the summary into the game
  return start;
}

template <engine::Game S, auto MakeBot, auto Make = &make_any<S>>
GameInfo info(std::string name, std::string description, std::vector<std::string> bots) {
  return {{std::move(name), std::move(description), S::param_specs(), Make},
          std::move(bots),
          &selfplay<S, MakeBot>,
          &make_any_bot<S, MakeBot>};
}

}  // namespace

const std::vector<GameInfo>& all_games() {
  static const std::vector<GameInfo> kGames = {
      info<sd2::State, &generic_bot<sd2::State>,
           &make_etf<sd2::State, sd2::Session, &sd2::grammar, &sd2_start>>(
          "space-defender-2", "a Starfighter against waves of enemies (one player)",
          {"random", "uct"}),
      info<simodyssey::State, &generic_bot<simodyssey::State>,
           &make_etf<simodyssey::State, simodyssey::Session, &simodyssey::grammar,
                     &simodyssey_start>>(
          "simodyssey", "explore a galaxy in search of life (one player)", {"random", "uct"}),
      info<raiinet::State, &raiinet_bot>(
          "raiinet", "two players, hidden links, data and viruses",
          {"random", "heuristic", "ai", "ismcts", "ai-vote", "ai-unpaired"}),
      info<amazons::State, &amazons_bot>("amazons",
                                         "queens, arrows, treasures and artifacts for 1-8 players",
                                         {"random", "uct", "ai"}),
      info<sas::State, &sas_bot>("sword-and-shield", "two players push and react with armed pieces",
                                 {"random", "uct", "greedy", "ai"}),
  };
  return kGames;
}

const GameInfo* find_game(std::string_view name) {
  for (const GameInfo& g : all_games()) {
    if (g.entry.name == name) return &g;
  }
  return nullptr;
}

}  // namespace games
