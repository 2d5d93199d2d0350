// How much of a game clock an Amazons turn spends (the AI's time under a
// clock: `gridgames tournament --clock`, the engine protocol's clock).
#pragma once

#include "engine/players.hpp"
#include "games/amazons/board.hpp"

namespace amazons {

// Even: what is left shared evenly over the player's turns to come, taken
// as half the empty squares (a turn's shot fills one), at least 10.
// Open: more while the position is open: shared over a third of the
// squares both sides can still reach (contested), at least 6, until every
// region of empty squares is one side's; then as Even.
enum class TimeUse { Even, Open };

// The empty squares of the regions (empty squares joined by king steps) that
// amazons of two players or more touch.
int contested_squares(const Board& board);

// The milliseconds the turn of the player to move spends of `clock`.
int turn_time_ms(const Board& board, const engine::SeatClock& clock, TimeUse use);

}  // namespace amazons
