#include "games/amazons/board.hpp"

#include <algorithm>

#include "engine/words.hpp"

namespace amazons {
namespace {

// Splits the text into lines, dropping each line's trailing spaces and CR.
// A missing last newline is fine; the text after the last newline, if empty,
// is no line. Only the first `keep` lines are split off: a file of millions
// of lines costs no more than one of `keep`.
std::vector<std::string_view> lines_of(std::string_view text, std::size_t keep) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size() && lines.size() < keep) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

// The most lines a board file is read for: its size line, the most rows,
// the most player lines, and one more (which no board can hold, so the
// reader stops with an error before it).
constexpr std::size_t kMaxLines = 1 + kMaxSide + kMaxPlayers + 1;

// A line's fields: all of them counted, the first `keep` kept, so that a
// line of millions of fields costs no memory.
struct Fields {
  std::vector<std::string_view> first;
  std::size_t count = 0;
  std::string_view operator[](std::size_t i) const { return first[i]; }
};

// Fields separated by single spaces; no leading space, no empty field.
std::optional<Fields> single_spaced(std::string_view line, std::size_t keep) {
  Fields fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t space = line.find(' ', start);
    const std::string_view field = line.substr(start, space - start);
    if (field.empty()) return std::nullopt;
    if (fields.count++ < keep) fields.first.push_back(field);
    if (space == std::string_view::npos) return fields;
    start = space + 1;
  }
}

std::string shown(std::string_view s) {
  return "\"" + engine::printable(s, 20) + "\"";
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<FileError> read_size(std::string_view line, int& rows, int& cols) {
  const auto fields = single_spaced(line, 2);
  if (!fields || fields->count != 2) {
    return FileError{1, 0,
                     "the first line must be the rows and columns, \"m n\", not " + shown(line)};
  }
  for (int i = 0; i < 2; ++i) {
    const std::string_view f = (*fields)[static_cast<std::size_t>(i)];
    const auto value = all_digits(f) ? engine::parse_int(f) : std::nullopt;
    if (!value || *value < 1 || *value > kMaxSide) {
      return FileError{1, i + 1,
                       std::string(i == 0 ? "rows" : "columns") + " must be a number from 1 to " +
                           std::to_string(kMaxSide) + ", not " + shown(f)};
    }
    (i == 0 ? rows : cols) = *value;
  }
  return std::nullopt;
}

std::optional<FileError> read_row(std::string_view line, int line_number, Board& board, int row) {
  const auto fields = single_spaced(line, static_cast<std::size_t>(board.cols()));
  if (!fields) {
    return FileError{line_number, 0, "fields must be separated by single spaces"};
  }
  if (fields->count != static_cast<std::size_t>(board.cols())) {
    return FileError{line_number, 0,
                     "the row has " + std::to_string(fields->count) + " fields, not " +
                         std::to_string(board.cols())};
  }
  for (int col = 0; col < board.cols(); ++col) {
    const std::string_view f = (*fields)[static_cast<std::size_t>(col)];
    const int field_number = col + 1;
    if (f.size() != 3 || !all_digits(f)) {
      return FileError{line_number, field_number, "a field is three digits, not " + shown(f)};
    }
    Field& field = board.at({row, col});
    field.treasure = static_cast<std::uint8_t>(f[0] - '0');
    field.artifact = static_cast<std::uint8_t>(f[1] - '0');
    field.occupant = static_cast<std::uint8_t>(f[2] - '0');
    if (field.treasure > 5) {
      return FileError{line_number, field_number,
                       "treasure " + std::string(1, f[0]) + " is over 5"};
    }
    if (field.artifact > 3) {
      return FileError{line_number, field_number,
                       "artifact " + std::string(1, f[1]) + " is over 3"};
    }
    if (field.occupant == kObstacle) {
      // Some players' programs leave the digits of what was there under an
      // arrow or spear ("309"): read as "009" (CLARIFICATIONS.md §4).
      field.treasure = 0;
      field.artifact = kNoArtifact;
    } else if (field.occupant != kEmpty && (field.treasure != 0 || field.artifact != 0)) {
      return FileError{line_number, field_number,
                       "a field with an amazon must have treasure and artifact 0, not " + shown(f),
                       true};
    }
  }
  return std::nullopt;
}

std::optional<FileError> read_player(std::string_view line, int line_number, Board& board) {
  if (line.empty()) return FileError{line_number, 0, "an empty line where a player line belongs"};
  const auto fields = single_spaced(line, 3);
  if (!fields) return FileError{line_number, 0, "fields must be separated by single spaces"};
  if (fields->count == 2) {
    return FileError{line_number, 2,
                     "the player's id is missing: a player line is \"name id score\""};
  }
  if (fields->count != 3) {
    return FileError{
        line_number, 0,
        "a player line is \"name id score\", not " + std::to_string(fields->count) + " fields"};
  }
  const std::string_view name = (*fields)[0];
  if (name.size() > kMaxNameLength) {
    return FileError{line_number, 1, "the name " + shown(name) + " is over 15 characters"};
  }
  if (!std::all_of(name.begin(), name.end(), name_character)) {
    return FileError{
        line_number, 1,
        "the name " + shown(name) + " has a quotation mark or a character that is not printable"};
  }
  const auto id = all_digits((*fields)[1]) ? engine::parse_int((*fields)[1]) : std::nullopt;
  if (!id || *id < 1 || *id > kMaxPlayers) {
    return FileError{line_number, 2, "the player id must be 1 to 8, not " + shown((*fields)[1])};
  }
  const std::string_view score_text = (*fields)[2];
  if (!all_digits(score_text) || score_text.size() > 15) {
    return FileError{line_number, 3, "the score must be a whole number, not " + shown(score_text)};
  }
  long long score = 0;
  for (char c : score_text) score = score * 10 + (c - '0');
  if (board.player_by_name(name)) {
    return FileError{line_number, 1, "the name " + shown(name) + " appears twice"};
  }
  if (board.player_by_id(*id)) {
    return FileError{line_number, 2, "the id " + std::to_string(*id) + " appears twice"};
  }
  board.players().push_back({std::string(name), *id, score});
  return std::nullopt;
}

}  // namespace

const PlayerLine* Board::player_by_name(std::string_view name) const {
  for (const PlayerLine& p : players_) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

PlayerLine* Board::player_by_id(int id) {
  for (PlayerLine& p : players_) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

const PlayerLine* Board::player_by_id(int id) const {
  return const_cast<Board*>(this)->player_by_id(id);
}

std::optional<int> Board::free_id() const {
  for (int id = 1; id <= kMaxPlayers; ++id) {
    if (!player_by_id(id)) return id;
  }
  return std::nullopt;
}

std::string FileError::text() const {
  return "line " + std::to_string(line) + (field ? ", field " + std::to_string(field) : "") + ": " +
         message;
}

std::variant<Coord, std::string> read_field(std::string_view word, int rows, int cols) {
  const auto comma = word.find(',');
  const auto row =
      comma == std::string_view::npos ? std::nullopt : engine::parse_int(word.substr(0, comma));
  const auto col =
      comma == std::string_view::npos ? std::nullopt : engine::parse_int(word.substr(comma + 1));
  if (!row || !col)
    return "\"" + engine::printable(word, 20) + "\" is not a field: write ROW,COL, e.g. 3,4";
  const Coord c{*row - 1, *col - 1};
  if (c.row < 0 || c.row >= rows || c.col < 0 || c.col >= cols) {
    return engine::printable(word, 20) + " is outside the board (rows 1-" + std::to_string(rows) +
           ", columns 1-" + std::to_string(cols) + ")";
  }
  return c;
}

std::string field_text(Coord c) {
  return std::to_string(c.row + 1) + "," + std::to_string(c.col + 1);
}

std::variant<Board, FileError> read_board(std::string_view text) {
  const std::vector<std::string_view> lines = lines_of(text, kMaxLines);
  if (lines.empty()) return FileError{1, 0, "the file is empty"};
  int rows = 0, cols = 0;
  if (auto e = read_size(lines[0], rows, cols)) return *e;
  if (static_cast<int>(lines.size()) < rows + 1) {
    return FileError{
        static_cast<int>(lines.size()) + 1, 0,
        "the board has " + std::to_string(lines.size() - 1) + " rows, not " + std::to_string(rows)};
  }
  Board board(rows, cols);
  for (int row = 0; row < rows; ++row) {
    if (auto e = read_row(lines[static_cast<std::size_t>(row + 1)], row + 2, board, row)) return *e;
  }
  for (std::size_t i = static_cast<std::size_t>(rows) + 1; i < lines.size(); ++i) {
    if (auto e = read_player(lines[i], static_cast<int>(i) + 1, board)) return *e;
  }
  for (int row = 0; row < rows; ++row) {
    for (int col = 0; col < cols; ++col) {
      const int occupant = board.at({row, col}).occupant;
      if (occupant >= 1 && occupant <= kMaxPlayers && !board.player_by_id(occupant)) {
        return FileError{
            row + 2, col + 1,
            "an amazon of player " + std::to_string(occupant) + ", who has no player line"};
      }
    }
  }
  return board;
}

std::string write_board(const Board& board) {
  std::string out = std::to_string(board.rows()) + " " + std::to_string(board.cols()) + "\n";
  out.reserve(out.size() + board.fields().size() * 4 + board.players().size() * 24);
  for (int row = 0; row < board.rows(); ++row) {
    for (int col = 0; col < board.cols(); ++col) {
      const Field& f = board.at({row, col});
      if (col) out += ' ';
      out += static_cast<char>('0' + f.treasure);
      out += static_cast<char>('0' + f.artifact);
      out += static_cast<char>('0' + f.occupant);
    }
    out += '\n';
  }
  for (const PlayerLine& p : board.players()) {
    out += p.name + " " + std::to_string(p.id) + " " + std::to_string(p.score) + "\n";
  }
  return out;
}

}  // namespace amazons
