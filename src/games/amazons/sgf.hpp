#pragma once
// A classic game of Amazons (standard rules, two players) as SGF, the
// Smart Game Format (FF[4], GM[18] is Amazons), for the tools that read it.
#include <optional>
#include <string>
#include <vector>

#include "engine/game.hpp"

namespace amazons {

// The record of the game made by `params` and played by `actions` (their
// texts, in order), played on `date` (YYYY-MM-DD, SGF's DT; empty: none),
// or nothing when it is not a classic game or its actions are not its own.
// The first player is White (White moves first in Amazons); a board of any
// size up to 52 x 52 (SZ[COLS:ROWS] when not square); the amazons on the
// board at the start are set up with AW and AB, and each one placed later
// (boards other than the classic 10 x 10 start empty) is a node of its
// own, AW[...] or AB[...]; each turn is one property, W[...] or B[...], the
// amazon's field, where it went and where its arrow fell, each as an SGF
// point (column then row letter, "aa" the top left). A move whose shot
// never came (the game ended between them, by resignation or time) is
// kept as what it was: its two points, with a comment that says so.
std::optional<std::string> sgf_record(const engine::Params& params,
                                      const std::vector<std::string>& actions,
                                      const engine::Returns& returns, engine::EndedBy ended_by,
                                      const std::string& date);

}  // namespace amazons
