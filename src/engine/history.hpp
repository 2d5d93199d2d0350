// A state written as its game's parameters and the actions since, and
// read back by replaying them: the serialization of the games whose chance
// comes from their own seeded generator.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/contract.hpp"

namespace engine {

// A state written as its game's parameters and the actions played since it
// was made: "key=value key=value" on the first line, then an action a line.
// Games whose chance comes from their own generator serialize this way, and
// deserialize by replaying.
struct History {
  Params params;
  std::vector<std::string> actions;
};
std::string history_text(const Params& params, const std::vector<std::string>& actions);
// A count written in decimal digits ("0", "1234"), if the text is one.
std::optional<std::uint64_t> parse_count(std::string_view text);
std::optional<History> parse_history(std::string_view text);

// Reads a state written by history_text: makes it from its parameters with
// `make` and replays the actions, each checked for legality; nothing when the
// text or any step fails. The deserialize of the games that serialize so.
template <Game S, typename Make>
std::optional<S> replay(std::string_view text, Make make) {
  const auto history = parse_history(text);
  if (!history) return std::nullopt;
  auto made = make(history->params);
  if (!std::holds_alternative<S>(made)) return std::nullopt;
  S state = std::get<S>(std::move(made));
  std::vector<typename S::Action> legal;
  for (const std::string& action_text : history->actions) {
    const auto action = state.parse_action(action_text);
    if (!action) return std::nullopt;
    state.legal_actions(legal);
    if (std::find(legal.begin(), legal.end(), *action) == legal.end()) return std::nullopt;
    state.apply(*action);
  }
  return state;
}

// The key under which a state's text keeps, beside its parameters, how many
// calls the course oracles' generator had made before the game (a game of an
// ETF program, which draws where the last game left the generator).
inline constexpr std::string_view kRngCalls = "rng_calls";

// replay() for such games: `make_after(params, calls)` makes the state with
// the generator `calls` calls on (0 when the text has no kRngCalls).
template <Game S, typename MakeAfter>
std::optional<S> replay_after_calls(std::string_view text, MakeAfter make_after) {
  return replay<S>(text, [&](Params params) -> std::variant<S, std::string> {
    std::uint64_t calls = 0;
    if (const auto given = params.find(kRngCalls); given != params.end()) {
      const auto n = parse_count(given->second);
      if (!n) return std::string(kRngCalls) + " is a count of calls";
      calls = *n;
      params.erase(given);
    }
    return make_after(params, calls);
  });
}

}  // namespace engine
