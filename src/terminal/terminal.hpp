// The terminal program of any game of the registry that has no program of
// its own (the build makes one for each: src/CMakeLists.txt): its options
// (-b FILE, --strict, -ai SEAT, the game's parameters as -NAME VALUE, ...),
// the command loop (engine::CommandInput) and the computer's turns.
#pragma once

#include <string_view>

namespace terminal {

// The program `game` (a name of the registry) run with these arguments;
// its exit status: 0, 1 when a command of a script was refused, 2 on bad
// options.
int main_of(std::string_view game, int argc, char** argv);

}  // namespace terminal
