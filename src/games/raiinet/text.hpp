// RAIInet's text display (CLARIFICATIONS.md §3), as seen by one player.
#pragma once

#include <string>

#include "games/raiinet/rules.hpp"

namespace raiinet::text {

// What a card's target is, in words (for errors) and as written after
// `ability N` (for help).
struct Target {
  std::string_view words;
  std::string_view syntax;
};
Target target_of(Needs needs);

// A refusal of the rules in words.
std::string refusal_message(const Refusal& refusal);
// Who may know a link's value: both players (kBothPlayers: the text two
// people at one terminal share), or one player.
inline constexpr int kBothPlayers = -1;
bool knows_value(const Position& game, LinkId link, int viewer);

// What an event of the rules did, in one line (with its final newline). A
// link's value shows only where `viewer` knows it.
std::string event_line(const Position& game, const Event& event, int viewer = kBothPlayers);

// The whole display for `viewer`: both players' summaries and the board.
std::string display(const Position& game, int viewer);
// The board's eight rows only.
std::string board_rows(const Position& game);
// The `abilities` listing: "1: Link boost" and "(used)" for used cards.
std::string ability_list(const Position& game, int player);

}  // namespace raiinet::text
