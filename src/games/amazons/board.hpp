// The extended Amazons board (amazons.txt, CLARIFICATIONS.md §4): m rows by
// n columns of fields with treasure (0-5), an artifact (0 none, 1 horse,
// 2 broken arrow, 3 spear) and an occupant (0 empty, 1-8 a player's amazon,
// 9 an arrow or spear), and the players' lines (name, id, score).
// The board file format is read strictly and written canonically.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/grid.hpp"

namespace amazons {

using engine::Coord;  // 0-based row and column

inline constexpr int kMaxPlayers = 8;
inline constexpr int kMaxSide = 1000;
inline constexpr std::uint8_t kEmpty = 0;
inline constexpr std::uint8_t kObstacle = 9;
inline constexpr std::size_t kMaxNameLength = 15;

// A character a player's name may hold: printable, no space or quotation mark.
inline bool name_character(char c) {
  return c != '"' && c != '\'' && c >= 0x21 && c <= 0x7e;
}
// A name a player line can hold: 1 to 15 such characters.
inline bool valid_name(std::string_view name) {
  return !name.empty() && name.size() <= kMaxNameLength &&
         std::all_of(name.begin(), name.end(), name_character);
}

enum Artifact : std::uint8_t { kNoArtifact = 0, kHorse = 1, kBrokenArrow = 2, kSpear = 3 };

struct Field {
  std::uint8_t treasure = 0;
  std::uint8_t artifact = kNoArtifact;
  std::uint8_t occupant = kEmpty;
  friend bool operator==(const Field&, const Field&) = default;
};

struct PlayerLine {
  std::string name;
  int id = 0;
  long long score = 0;
  friend bool operator==(const PlayerLine&, const PlayerLine&) = default;
};

class Board {
 public:
  Board() = default;
  Board(int rows, int cols)
      : rows_(rows), cols_(cols), fields_(static_cast<std::size_t>(rows * cols)) {}

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  bool contains(Coord c) const {
    return c.row >= 0 && c.row < rows_ && c.col >= 0 && c.col < cols_;
  }
  Field& at(Coord c) { return fields_[index(c)]; }
  const Field& at(Coord c) const { return fields_[index(c)]; }
  std::size_t index(Coord c) const { return static_cast<std::size_t>(c.row * cols_ + c.col); }
  const std::vector<Field>& fields() const { return fields_; }

  std::vector<PlayerLine>& players() { return players_; }
  const std::vector<PlayerLine>& players() const { return players_; }
  const PlayerLine* player_by_name(std::string_view name) const;
  PlayerLine* player_by_id(int id);
  const PlayerLine* player_by_id(int id) const;
  // The smallest id 1-8 no player line has, if any.
  std::optional<int> free_id() const;

  friend bool operator==(const Board&, const Board&) = default;

 private:
  int rows_ = 0;
  int cols_ = 0;
  std::vector<Field> fields_;
  std::vector<PlayerLine> players_;
};

// What is wrong with a board file: the line (1-based), the field (1-based, 0
// when the whole line is wrong) and why.
struct FileError {
  int line = 0;
  int field = 0;
  std::string message;
  // Set for a field of the board where an amazon stands on treasure or an
  // artifact: a placement or move that did not take them.
  bool goods_under_amazon = false;
  std::string text() const;  // "line 3, field 5: ..."
};

// A field as players type it, ROW,COL counted from 1 ("3,4"), on a board of
// `rows` x `cols`; or what is wrong with the word. The one reader of fields
// for the contract's actions and interactive play.
std::variant<Coord, std::string> read_field(std::string_view word, int rows, int cols);
// The text of a field: "3,4".
std::string field_text(Coord c);

std::variant<Board, FileError> read_board(std::string_view text);
std::string write_board(const Board& board);

// The most bytes a readable board of `rows` x `cols` can take: its size
// line, its rows and eight player lines as write_board writes them, each
// line with 64 bytes to spare (trailing spaces, a CR). A larger file is no
// board of that size, and is not read.
constexpr std::size_t max_board_text(int rows, int cols) {
  const auto r = static_cast<std::size_t>(rows), c = static_cast<std::size_t>(cols);
  constexpr std::size_t kSpare = 64, kPlayerLine = kMaxNameLength + 1 + 1 + 1 + 15 + 1;
  return (1 + r + kMaxPlayers) * kSpare + 10 + r * 4 * c + kMaxPlayers * kPlayerLine;
}

}  // namespace amazons
