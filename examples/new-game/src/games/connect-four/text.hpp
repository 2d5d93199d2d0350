// Connect Four in words: the display, refusals and events.
#pragma once

#include <string>

#include "games/connect-four/rules.hpp"

namespace connect_four::text {

std::string player_name(int player);  // "Red", "Yellow"
char disc_letter(int player);         // 'R', 'Y'
// The grid with the columns numbered from 1 above it, and whose turn it is
// or how the game ended.
std::string display(const Position& game);
std::string refusal_message(Refusal refusal, int column, const Position& game);
// What an event did, a line ending in a newline.
std::string event_line(const Event& event, const Position& game);

}  // namespace connect_four::text
