// Sword and Shield's text display (CLARIFICATIONS.md §5): the framed board of
// 3 x 3 character cells, whose turn and phase, unused pieces and cemeteries.
#pragma once

#include <array>
#include <string>

#include "games/sword-and-shield/rules.hpp"

namespace sword_and_shield::text {

// A refusal in words, for the command that named `letter` (and `other`, the
// second piece of a reaction choice).
std::string refusal_message(Refusal refusal, char letter, char other = 0);
// What a reaction did, in one line (with its final newline).
std::string event_line(const Event& event);

// The three 3-character lines of a piece in `quarter_turns` orientation.
std::array<std::string, 3> piece_lines(int piece, int quarter_turns);
std::string board(const Position& game);
std::string display(const Position& game);
// The same in 17 lines (fits a 24-line terminal): a cell is its letter and its
// current sides north, east, south, west; the pieces by letter.
std::string compact_display(const Position& game);
std::string status(const Position& game);

}  // namespace sword_and_shield::text
