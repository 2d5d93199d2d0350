// RAIInet's command-line options and the files they name.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "games/raiinet/setup.hpp"

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

std::variant<Options, SetupError> parse_options(const std::vector<std::string>& args);

}  // namespace raiinet
