// The bots of any game of the contract, and the templates a game's own
// bots are made with: a player picks one of the legal actions (random, plain
// UCT, a game's reference player, a game's searching AI), named as --bots
// names them (NAME, NAME@N iterations, NAME@Nms), and held behind
// engine::AnyBot by front ends that pick a game at run time. Nothing here
// names a game.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/mcts.hpp"
#include "engine/players.hpp"
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
  // Under a game clock (engine::AnyBot::set_clock): an even share unless
  // the bot knows better.
  virtual void set_clock(const engine::SeatClock& clock) {
    set_time_ms(engine::even_share_ms(clock, engine::kDecisionsLeftUnknown));
  }
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
  void set_clock(const engine::SeatClock& clock) override { bot_->set_clock(clock); }

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

}  // namespace games
