// What a game's registration (src/games/<game>/register.cpp) builds its
// entry of the registry with: the makers of a game's state for front ends
// (by value, or in its ETF program's session) and info(), which puts them
// together with its bots (games/bots.hpp) and the match runner and
// random-simulation test (games/match_runner.hpp). Written against the
// contract: nothing here names a game.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/etf.hpp"
#include "games/bots.hpp"
#include "games/match_runner.hpp"
#include "games/registry.hpp"

namespace games {

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

// An ETF game for front ends: its program's session, which owns the game,
// started by the commands `start` makes of the parameters (checked by the
// game's make first), its games ending after `max_length` turns, its first
// game `seed` draws on in the course generator's sequence.
template <engine::Viewable S, typename Session, const engine::etf::Grammar& (*Grammar)(),
          std::vector<std::string> (*Start)(const engine::Params&)>
std::variant<std::unique_ptr<engine::AnyState>, std::string> make_etf(const engine::Params& p) {
  auto made = S::make(p);
  if (auto* error = std::get_if<std::string>(&made)) return *error;
  engine::ParamReader read(p, S::param_specs());
  const engine::Params filled = read.filled();
  Session session;
  session.set_max_length(read.integer("max_length", 1, S::kNoLimit));
  session.skip_draws(static_cast<std::uint64_t>(read.integer("seed", 0, 999999999)));
  return std::make_unique<engine::etf::SessionState<Session, S>>(
      Grammar(), std::move(session), Start(filled), std::vector<std::string>{"status"});
}

// A game's entry: its state S, its bots (MakeBot: a bot by name), how front
// ends make it (Make: by value, or in its ETF program's session).
template <engine::Viewable S, auto MakeBot, auto Make = &make_any<S>>
GameInfo info(std::string name, std::string title, std::string description,
              std::vector<std::string> bots, std::vector<SimulationStart> simulations,
              GameFacts facts = {}) {
  GameInfo game{std::move(name),        std::move(description),
                S::param_specs(),       Make,
                std::move(title),       std::move(bots),
                &selfplay<S, MakeBot>,  &make_any_bot<S, MakeBot>,
                std::move(simulations), &simulate<S>};
  game.facts = facts;
  if constexpr (requires { S::help(); }) game.help = S::help();
  // A state held by value reads back from its string; a program's session does not.
  if constexpr (Make == &make_any<S>) game.restore = &restore_any<S>;
  return game;
}

}  // namespace games
