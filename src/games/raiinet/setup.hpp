// RAIInet's command-line options and the files they name: ability orders,
// placement files, the seed.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/random.hpp"
#include "games/raiinet/game.hpp"

namespace raiinet {

struct Options {
  std::array<std::array<char, kCards>, 2> cards = {
      {{'L', 'F', 'D', 'S', 'P'}, {'L', 'F', 'D', 'S', 'P'}}};
  std::array<std::optional<Placement>, 2> placements;
  std::optional<std::uint64_t> seed;
  bool graphics = false;
  bool graphics_both = false;  // -graphics both: a window per player
  std::string snapshot;        // -snapshot FILE.png
};

struct SetupError {
  std::string message;
};

// Five letters among the abilities, at most two of each.
std::variant<std::array<char, kCards>, SetupError> parse_ability_order(std::string_view order);
// The eight links V1-V4 and D1-D4, each once, in any whitespace layout.
std::variant<Placement, SetupError> parse_placement(std::string_view text);
std::variant<Options, SetupError> parse_options(const std::vector<std::string>& args);
// Links V1-V4 and D1-D4 in an order drawn from `rng`.
Placement random_placement(engine::Random& rng);

}  // namespace raiinet
