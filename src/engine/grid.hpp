// Grid coordinates and the eight compass directions, with wrap-around.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace engine {

struct Coord {
  int row = 0;
  int col = 0;
  friend constexpr bool operator==(Coord, Coord) = default;
  constexpr Coord operator+(Coord other) const { return {row + other.row, col + other.col}; }
};

enum class Direction { N, NE, E, SE, S, SW, W, NW };

inline constexpr std::array<Direction, 8> kAllDirections = {
    Direction::N, Direction::NE, Direction::E, Direction::SE,
    Direction::S, Direction::SW, Direction::W, Direction::NW};

inline constexpr std::array<Direction, 4> kOrthogonalDirections = {Direction::N, Direction::E,
                                                                   Direction::S, Direction::W};

// The step of one square in `dir`; rows grow southward, columns eastward.
constexpr Coord step(Direction dir) {
  constexpr std::array<Coord, 8> kSteps = {Coord{-1, 0}, Coord{-1, 1}, Coord{0, 1},  Coord{1, 1},
                                           Coord{1, 0},  Coord{1, -1}, Coord{0, -1}, Coord{-1, -1}};
  return kSteps[static_cast<int>(dir)];
}

constexpr Direction opposite(Direction dir) {
  return static_cast<Direction>((static_cast<int>(dir) + 4) % 8);
}

constexpr std::string_view name(Direction dir) {
  constexpr std::array<std::string_view, 8> kNames = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
  return kNames[static_cast<int>(dir)];
}

std::optional<Direction> parse_direction(std::string_view text);

// A rectangle of rows x cols with a first index (0 or 1, as the game counts).
struct GridShape {
  int rows = 0;
  int cols = 0;
  int first = 0;

  constexpr bool contains(Coord c) const {
    return c.row >= first && c.row < first + rows && c.col >= first && c.col < first + cols;
  }

  // The coordinate wrapped around both edges, as on a torus.
  constexpr Coord wrap(Coord c) const {
    return {first + wrap_index(c.row - first, rows), first + wrap_index(c.col - first, cols)};
  }

  constexpr Coord neighbour_wrapped(Coord c, Direction dir) const { return wrap(c + step(dir)); }

  // Row-major index from 0, for flat arrays.
  constexpr int index(Coord c) const { return (c.row - first) * cols + (c.col - first); }
  constexpr int size() const { return rows * cols; }

 private:
  static constexpr int wrap_index(int i, int n) { return ((i % n) + n) % n; }
};

}  // namespace engine
