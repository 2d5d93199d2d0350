// Tests of the specification's RAIInet drawn at random (`gridgames grade
// raiinet --random`): only what the specification defines (its five
// abilities, its commands, placements in link files), played by our rules
// so that every command is one they accept, from a seed.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace raiinet {

struct SpecTest {
  std::vector<std::string> args;      // the program's: -link1 FILE -link2 FILE -ability1 ...
  std::vector<std::string> commands;  // its standard input, a command a line
  std::vector<std::pair<std::string, std::string>> files;  // beside it: name, content
};

// Placements and ability cards drawn for both players, then at most
// `most_actions` actions (at least one), each either the reference player's
// choice or any legal action, one in two (uniform draws alone seldom
// download or win), with "board" and "abilities" now and then.
SpecTest random_spec_test(std::uint64_t seed, int most_actions);

}  // namespace raiinet
