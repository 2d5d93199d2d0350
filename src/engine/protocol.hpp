// The engine protocol: how a program of any game, in any language, plays a
// seat (docs/engine-protocol.md). For each decision the program is started
// with one line on its standard input, a JSON object (the request), and
// answers with the text of its action on the first line of its standard
// output. The request says the game and its parameters, the moves so far
// (every action's text, in order: with the parameters, the program can
// play them again to have the state), the seat, the legal moves as data,
// its observation, and the time it has. In a game with hidden things the
// parameters are those of a world the seat cannot tell from the real one
// (AnyState::resampled): what it may not know is drawn, never told.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/any_state.hpp"
#include "engine/players.hpp"

namespace engine {

inline constexpr int kProtocolVersion = 1;

// A move as data, as the pages and the protocol read moves.
nlohmann::json move_json(const MoveData& move);

// What a request tells.
struct ProtocolRequest {
  std::string game;
  Params params;
  std::vector<std::string> moves;
  int player = 0;
  int move_ms = 0;                 // the time for this decision, from the request's start
  std::optional<SeatClock> clock;  // under a game clock: what the seat has left
};

// The request for the player to move of `state`, a game `game` made with
// `params` and then `moves`, with `move_ms` for the decision and the seat's
// game clock if there is one; `seed` draws the world of a game with hidden
// things.
nlohmann::json protocol_request(const std::string& game, const Params& params,
                                const AnyState& state, const std::vector<std::string>& moves,
                                int move_ms, const std::optional<SeatClock>& clock,
                                std::uint64_t seed);

// A request read from its line, or why it cannot be.
std::variant<ProtocolRequest, std::string> parse_protocol_request(const std::string& line);

// The action's text in a program's answer: its first line, without the
// line end and surrounding spaces.
std::string protocol_answer(const std::string& output);

}  // namespace engine
