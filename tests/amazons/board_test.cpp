#include "games/amazons/board.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace amazons {
namespace {

std::string slurp(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

FileError error_of(std::string_view text) {
  auto parsed = read_board(text);
  EXPECT_TRUE(std::holds_alternative<FileError>(parsed)) << text;
  auto* e = std::get_if<FileError>(&parsed);
  return e ? *e : FileError{};
}

TEST(AmazonsBoardFile, EveryRealBoardReadsValidatesAndWritesBackCanonically) {
  const std::filesystem::path dir =
      std::filesystem::path(GRIDGAMES_SHARED_DIR) / "acceptance/amazons/boards";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " is not there";
  int boards = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string text = slurp(entry.path());
    auto parsed = read_board(text);
    ASSERT_TRUE(std::holds_alternative<Board>(parsed))
        << entry.path() << ": " << std::get<FileError>(parsed).text();
    const Board& board = std::get<Board>(parsed);
    const std::string canonical = write_board(board);
    // The real files differ from the canonical form only by CRLF and the last newline.
    std::string normalized;
    for (char c : text) {
      if (c != '\r') normalized += c;
    }
    if (normalized.back() != '\n') normalized += '\n';
    EXPECT_EQ(canonical, normalized) << entry.path();
    // Read and written back unchanged: byte-identical.
    EXPECT_EQ(write_board(std::get<Board>(read_board(canonical))), canonical);
    ++boards;
  }
  EXPECT_EQ(boards, 14);
}

TEST(AmazonsBoardFile, ToleratesTrailingSpacesCrlfAndNoLastNewline) {
  const std::string canonical = "2 3\n100 020 001\n009 000 000\nann 1 5\n";
  auto parsed = read_board("2 3  \r\n100 020 001 \r\n009 000 000\t\nann 1 5");
  // A tab is not a space: strict.
  EXPECT_TRUE(std::holds_alternative<FileError>(parsed));
  parsed = read_board("2 3  \r\n100 020 001 \r\n009 000 000\r\nann 1 5   ");
  ASSERT_TRUE(std::holds_alternative<Board>(parsed));
  EXPECT_EQ(write_board(std::get<Board>(parsed)), canonical);
  const Board& b = std::get<Board>(parsed);
  EXPECT_EQ(b.at({0, 0}).treasure, 1);
  EXPECT_EQ(b.at({0, 1}).artifact, kBrokenArrow);
  EXPECT_EQ(b.at({0, 2}).occupant, 1);
  EXPECT_EQ(b.at({1, 0}).occupant, kObstacle);
  EXPECT_EQ(b.players().at(0), (PlayerLine{"ann", 1, 5}));
}

// CLARIFICATIONS.md §4: an arrow or spear may sit on leftover digits.
TEST(AmazonsBoardFile, AnArrowFieldWithLeftoverDigitsReadsAsAnArrow) {
  auto parsed = read_board("1 3\n309 039 539\nann 1 0\n");
  ASSERT_TRUE(std::holds_alternative<Board>(parsed));
  const Board& b = std::get<Board>(parsed);
  for (int col = 0; col < 3; ++col) EXPECT_EQ(b.at({0, col}), (Field{0, kNoArtifact, kObstacle}));
  EXPECT_EQ(write_board(b), "1 3\n009 009 009\nann 1 0\n");
}

TEST(AmazonsBoardFile, EachDefectNamesItsLineAndField) {
  const auto check = [](std::string_view text, int line, int field, std::string_view words) {
    const FileError e = error_of(text);
    EXPECT_EQ(e.line, line) << text;
    EXPECT_EQ(e.field, field) << text;
    EXPECT_NE(e.message.find(words), std::string::npos) << e.text();
  };
  check("", 1, 0, "empty");
  check("2\n000 000\n000 000\n", 1, 0, "the first line");
  check("2 x\n000 000\n000 000\n", 1, 2, "columns must be a number");
  check("0 2\n", 1, 1, "rows must be a number");
  check("2 2\n000 000\n", 3, 0, "the board has 1 rows, not 2");
  check("2 2\n000 000\n000\n", 3, 0, "the row has 1 fields, not 2");
  check("2 2\n000 000 000\n000 000\n", 2, 0, "the row has 3 fields, not 2");
  check("2 2\n000  000\n000 000\n", 2, 0, "single spaces");
  check("2 2\n000 00\n000 000\n", 2, 2, "three digits");
  check("2 2\n000 0a0\n000 000\n", 2, 2, "three digits");
  check("2 2\n000 000\n600 000\n", 3, 1, "treasure 6 is over 5");
  check("2 2\n000 040\n000 000\n", 2, 2, "artifact 4 is over 3");
  check("2 2\n000 101\n000 000\nann 1 0\n", 2, 2,
        "a field with an amazon must have treasure and artifact 0");
  check("2 2\n000 701\n000 000\nann 1 0\n", 2, 2, "treasure 7 is over 5");
  check("2 2\n000 003\n000 000\nann 1 0\n", 2, 2, "an amazon of player 3, who has no player line");
  check("1 1\n000\nann 1 0\nann 2 0\n", 4, 1, "the name \"ann\" appears twice");
  check("1 1\n000\nann 1 0\nbob 1 0\n", 4, 2, "the id 1 appears twice");
  check("1 1\n000\nabcdefghijklmnop 1 0\n", 3, 1, "is over 15 characters");
  check("1 1\n000\nann 0\n", 3, 2, "the player's id is missing");
  check("1 1\n000\nann 9 0\n", 3, 2, "the player id must be 1 to 8");
  check("1 1\n000\nann 1 -3\n", 3, 3, "the score must be a whole number");
  check("1 1\n000\nann 1 0 extra\n", 3, 0, "a player line is");
  check("1 1\n000\nann 1 0\n\n", 4, 0, "an empty line");
}

// Millions of fields or lines are counted, not kept: the reader says what is
// wrong at the first line that shows it.
TEST(AmazonsBoardFile, AHugeFileIsReadAsFarAsItsFirstFault) {
  std::string row = "000";
  for (int i = 1; i < 1000000; ++i) row += " 000";
  EXPECT_EQ(error_of("2 2\n" + row + "\n000 000\n").message, "the row has 1000000 fields, not 2");
  const FileError lines = error_of("1 1\n000\nann 1 0\n" + std::string(5000000, '\n'));
  EXPECT_EQ(lines.line, 4);
  EXPECT_EQ(lines.message, "an empty line where a player line belongs");
}

// The bound the referee reads a board file up to holds the largest board of
// a size, written with CRLF and trailing spaces, eight players of the
// longest names and scores.
TEST(AmazonsBoardFile, TheLargestBoardOfASizeFitsItsBound) {
  for (const auto& [rows, cols] : {std::pair{1, 1}, {6, 6}, {10, 10}, {37, 200}}) {
    Board board(rows, cols);
    for (int id = 1; id <= kMaxPlayers; ++id)
      board.players().push_back(
          {std::string(kMaxNameLength, static_cast<char>('a' + id)), id, 999999999999999});
    const std::string written = write_board(board);
    std::string text;
    for (std::size_t start = 0, end; start < written.size(); start = end + 1) {
      end = written.find('\n', start);
      text += written.substr(start, end - start) + std::string(60, ' ') + "\r\n";
    }
    ASSERT_TRUE(std::holds_alternative<Board>(read_board(text))) << rows << "x" << cols;
    EXPECT_LE(text.size(), max_board_text(rows, cols)) << rows << "x" << cols;
    EXPECT_GT(text.size() * 2, max_board_text(rows, cols)) << rows << "x" << cols;
  }
}

}  // namespace
}  // namespace amazons
