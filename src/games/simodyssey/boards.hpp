// SimOdyssey's galaxy as its display draws it (five rows of sectors, each
// a line of coordinates "(1:1)  (1:2) ..." over a line of four quadrants a
// sector "----   *---   ..."), read from any program's output for
// `gridgames grade --compare board` (SimOdyssey and SimOdyssey 2).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace simodyssey {

// The galaxies a text draws, in order, each its rows of quadrants joined
// by "/" and a row's sectors by " "; the lines around, their indentation
// and spacing overlooked.
std::vector<std::string> read_boards(std::string_view text);

}  // namespace simodyssey
