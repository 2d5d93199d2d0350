// Tests of the specification's Sword and Shield drawn at random (`gridgames
// grade sword-and-shield --random`): only the commands the specification
// defines (create, move, rotate, pass, undo), played by our rules so that
// every command is one they accept, from a seed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace sword_and_shield {

// At most `most_actions` commands (at least one): each either the
// reference player's choice (greedy, which seeks to bury pieces and strike
// a face) or any action the rules allow, one in two, and now and then an
// undo (one in three after reactions, where it has most to put back). Left out: actions after which
// several reactions wait for the player's choice (the specification fixes no words for naming one).
std::vector<std::string> random_spec_test(std::uint64_t seed, int most_actions);

}  // namespace sword_and_shield
