// Space Defender 2's board as its display draws it (a line of column
// numbers, then a row a letter, A first, with a symbol a cell), read from
// any program's output for `gridgames grade --compare board`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace space_defender_2 {

// The boards a text draws, in order, each its rows of symbols joined by
// "/" ("S*__G/_____"); the lines around, indentation and spacing overlooked.
std::vector<std::string> read_boards(std::string_view text);

}  // namespace space_defender_2
