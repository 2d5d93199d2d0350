// RAIInet's command-line options and the files they name.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "games/raiinet/rules.hpp"
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
  int computer = -1;           // -ai 1|2: the player the computer plays (0 or 1)
  int think_ms = 1000;         // -time MS: its thinking a decision
  std::int64_t nodes = 0;      // -nodes N: or this many search iterations a decision
  bool strict = false;         // --strict: the first refused command ends the run (exit 1)
};

std::variant<Options, SetupError> parse_options(const std::vector<std::string>& args);

// The game the options start: their placements, and those not given drawn
// from `seed`; their ability cards.
Position starting_position(const Options& options, std::uint64_t seed);

}  // namespace raiinet
