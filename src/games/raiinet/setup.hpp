// RAIInet's setup: ability orders, placements (as written in placement
// files, or drawn from a seed). Plain values, no I/O.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/random.hpp"
#include "games/raiinet/rules.hpp"

namespace raiinet {

struct SetupError {
  std::string message;
};

// Five letters among the abilities, at most two of each.
std::variant<std::array<char, kCards>, SetupError> parse_ability_order(std::string_view order);
// The eight links V1-V4 and D1-D4, each once, in any whitespace layout.
std::variant<Placement, SetupError> parse_placement(std::string_view text);
// Links V1-V4 and D1-D4 in an order drawn from `rng`.
Placement random_placement(engine::Random& rng);

}  // namespace raiinet
