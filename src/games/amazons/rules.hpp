// The extended Amazons rules (amazons.txt, CLARIFICATIONS.md §4) on a Board:
// placement, queen moves, arrows, the three artifacts, scores, the end.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/amazons/board.hpp"

namespace amazons {

// The steps of the eight queen directions: the engine's compass.
inline constexpr std::array<Coord, 8> kQueenSteps = [] {
  std::array<Coord, 8> steps{};
  for (std::size_t i = 0; i < steps.size(); ++i) steps[i] = engine::step(engine::kAllDirections[i]);
  return steps;
}();

// The standard game's start: 10 x 10, two players with four amazons each.
Board standard_board();
// An empty board with treasure (1-5) on `treasure_percent` of the fields and
// an artifact on `artifact_percent`, drawn from `seed`; no player lines.
Board generate_board(int rows, int cols, int treasure_percent, int artifact_percent,
                     std::uint64_t seed);

std::vector<Coord> amazons_of(const Board& board, int player);
std::vector<Coord> free_fields(const Board& board);

// Fields an amazon at `from` can reach (or shoot an arrow to): queen lines,
// stopping before any occupied field.
void queen_targets(const Board& board, Coord from, std::vector<Coord>& out);
bool has_queen_move(const Board& board, Coord from);
// Fields a spear from `from` can land on: any free field on a queen line,
// obstacles in between notwithstanding.
void spear_targets(const Board& board, Coord from, std::vector<Coord>& out);
bool can_move(const Board& board, int player);
bool on_queen_line(Coord from, Coord to);
// Whether a queen goes from `from` to `to`: on one of its lines, over free
// fields only, onto a free field on the board.
bool clear_line(const Board& board, Coord from, Coord to);

// One move of an amazon within a turn, and what follows from the artifact
// collected: an arrow (no artifact, horse), a spear, or nothing (broken arrow).
struct Step {
  Coord to;
  std::optional<Coord> target;
};

// A whole turn: the amazon at `from` and its steps (more than one only when
// a horse gave another move).
struct Turn {
  Coord from;
  std::vector<Step> steps;
};

// Placement: the field becomes the player's amazon; treasure and artifact
// are removed without scoring. Returns why not, if it cannot be done.
std::optional<std::string> place_amazon(Board& board, int player, Coord at);

// Plays one step of `player`'s amazon at `from`; returns why not, if illegal
// (nothing changes then). `artifact` receives the artifact collected.
std::optional<std::string> play_step(Board& board, int player, Coord from, const Step& step,
                                     Artifact* artifact = nullptr);
// A whole turn, checked step by step (a horse must be used while the amazon can move).
std::optional<std::string> play_turn(Board& board, int player, const Turn& turn);

}  // namespace amazons
