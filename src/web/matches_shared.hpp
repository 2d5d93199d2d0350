// What the parts of web::Matches share (matches.cpp: seats, tokens,
// actions and views; matches_endings.cpp: resignations, draws, undo,
// rematches; matches_records.cpp: persistence, replays, records and SGF;
// matches_clocks.cpp; matches_bots.cpp: the computer seats' threads).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "engine/game.hpp"
#include "engine/protocol.hpp"

namespace web {

// How long a view with a running clock is shared before it is rendered again.
inline constexpr std::int64_t kClockShareMs = 50;
// The most actions sent as one turn (an extended Amazons turn has four).
inline constexpr std::size_t kMaxSteps = 8;
// The most queries (status) an ETF game's program answers: each is a step
// kept in the store.
inline constexpr std::size_t kMaxQueries = 500;
inline constexpr const char* kSpectatorsWatch = "a spectator watches: only the seats play";
inline constexpr const char* kCannotSave = "the server cannot save this game now; try again later";

// A move as data, as every page reads moves.
using engine::move_json;

// Each player's name for people (the game's own, or "Player N").
std::vector<std::string> seat_names(const engine::AnyState& state);

// The time of day in milliseconds since the epoch, as records keep it.
std::int64_t now_ms();

}  // namespace web
