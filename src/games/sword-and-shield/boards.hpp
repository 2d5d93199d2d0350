// Sword and Shield's boards as the specification draws them (each piece its
// letter with its swords and shields around it, the faces 0 and 1), read
// from any program's output for `gridgames grade --compare board`, and a
// test replayed by our rules, position by position.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sword_and_shield {

// The boards a text draws, in order. A board is ten rows of ten cells, each
// cell three characters wide and three lines high (four of either where the
// program draws lines between cells), the thing on it at the centre: a
// piece's letter with a sword (any mark), a shield (`#`) or nothing (a
// space or `.`) on each side, `0` and `1` for the faces on squares (9,9)
// and (2,2) (they find the board whatever surrounds it), anything else
// that is no letter or digit an empty square. Terminal colours, frames,
// row and column numbers and the lines around are overlooked. A position is
// the rows joined by "/", each row's squares by " ": `.` empty, `_` off the
// board, `0` and `1` the faces, a piece's letter and its turn in degrees
// from the handout's orientation ("a90"; the smallest where several
// show the same, "a?" with its sides when none does).
std::vector<std::string> read_boards(std::string_view text);

// The winner a text names ("Yellow wins!", "winner: green", "Green lost",
// "Player 2 won"), yellow 1 and green 2; the last it names.
std::optional<int> read_winner(std::string_view text);

struct Replay {
  std::vector<std::pair<std::string, std::string>> positions;  // (command, position)
  std::optional<int> winner;
  std::string refused;  // the first command our rules refused
};

// A test's commands played by our rules from the start: each position
// reached and the command that reached it, consecutive repeats left out.
Replay replay(std::string_view input);

}  // namespace sword_and_shield
