// Random differential testing: random valid command scripts of a game,
// made by playing it (every command one its state allows, with queries
// between), and delta debugging, which shrinks a script on which two
// programs differ to one that still differs with no line to spare.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "games/registry.hpp"

namespace grading {

// A script of `game` (an ETF game: its lines are the commands its program
// read, the game's start first, from its default parameters) of at most
// `most_actions` actions (at least half as many), each a legal one of its
// state: one in two the choice of the game's search (uct), which seeks
// the game's reward; of the others, one in two of the kinds this script
// has played least or leading to them (a rare action such as a landing is
// taken when it becomes legal), the rest uniform; a "status" query now and
// then, and about one line in six a command of the game's actions that
// its state refuses then (an error the program must give, changing
// nothing); then any commands of the game's grammar, after the game played
// (so that every command of the specification comes, in states where it
// is refused too); from `seed`. Empty for a game that is not an ETF game.
// `console`, when given, gets what our program prints on the game played
// (the commands after it left out).
std::vector<std::string> random_script(const games::GameInfo& game, std::uint64_t seed,
                                       int most_actions, std::string* console = nullptr);

// The smallest script found by delta debugging (Zeller's ddmin) on which
// `differs` still holds: removing any one of its lines would make it hold
// no more. `differs(lines)` must hold for `lines`.
std::vector<std::string> shrink(
    std::vector<std::string> lines,
    const std::function<bool(const std::vector<std::string>&)>& differs);

}  // namespace grading
