// RAIInet's boards as the specification draws them (raiinet.txt, "Display"),
// read from any program's output for `gridgames grade --compare board`,
// and a test replayed by our rules, position by position.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace raiinet {

// The boards a text draws, in order, each its eight rows joined by "/":
// eight lines in a row of eight squares each, a square a link's letter
// (a-h, A-H), a server port (S), an empty square (.) or anything else that
// is not a space (a firewall, as the program draws it: read as "#").
// Terminal colours, trailing spaces and the lines around are overlooked; a
// line of "=" is no row.
std::vector<std::string> read_boards(std::string_view text);

// The winner a text names ("Player 2 wins!", "player one won", "winner:
// player 1"), its number from 1; the last it names.
std::optional<int> read_winner(std::string_view text);

struct Replay {
  std::vector<std::pair<std::string, std::string>> positions;  // (command, position)
  std::optional<int> winner;
  std::string problem;
  std::string refused;  // the first command our rules refused
};

// A test (the program's arguments, its standard input, the folder of its
// files) played by our rules: each position reached and the command that
// reached it, consecutive repeats left out. A test that does not fix both
// placements (-link1 and -link2) has no replay: the program draws them.
Replay replay(const std::vector<std::string>& args, std::string_view input,
              const std::string& folder);

}  // namespace raiinet
