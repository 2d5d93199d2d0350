#pragma once
// A classic game of Amazons (standard rules, two players) as SGF, the
// Smart Game Format (FF[4], GM[18] is Amazons), for the tools that read it.
#include <optional>
#include <string>
#include <vector>

#include "engine/game.hpp"

namespace amazons {

// The record of the game made by `params` and played by `actions` (their
// texts, in order), or nothing when it is not a classic game or its actions
// are not its own. The first player is White (White moves first in
// Amazons); the start is set up with AW and AB; each turn is one property,
// W[...] or B[...], the amazon's field, where it went and where its arrow
// fell, each as an SGF point (column then row letter, "aa" the top left).
std::optional<std::string> sgf_record(const engine::Params& params,
                                      const std::vector<std::string>& actions,
                                      const engine::Returns& returns, engine::EndedBy ended_by);

}  // namespace amazons
